import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261126400001CampaignAttributionSettings } from './Migration20261126400001CampaignAttributionSettings.js';
import { Migration20261126400002SalesFromProviders } from './Migration20261126400002SalesFromProviders.js';
import { Migration20261122000006Teams } from './Migration20261122000006Teams.js';
import { Migration20261122000004PayoutQueue } from './Migration20261122000004PayoutQueue.js';
import { Migration20261122000003ConversionsWriteSide } from './Migration20261122000003ConversionsWriteSide.js';
import { Migration20261122000001Foundation } from './Migration20261122000001Foundation.js';
import { Migration20261122000002CampaignsAffiliates } from './Migration20261122000002CampaignsAffiliates.js';
import { Migration20261122000009Webhooks } from './Migration20261122000009Webhooks.js';
import { Migration20261122000007Coupons } from './Migration20261122000007Coupons.js';
import { Migration20261122000008StatsSearch } from './Migration20261122000008StatsSearch.js';
import { Migration20261122000005Payouts } from './Migration20261122000005Payouts.js';
import { Migration20261126100001ChangeNotifications } from './Migration20261126100001ChangeNotifications.js';
import { Migration20261122000013CampaignRecentIndex } from './Migration20261122000013CampaignRecentIndex.js';
import { Migration20261126200001WebhookDeliveryLeases } from './Migration20261126200001WebhookDeliveryLeases.js';
import { Migration20261122000012HotPaths } from './Migration20261122000012HotPaths.js';
import { Migration20261126300001IdempotencyKeys } from './Migration20261126300001IdempotencyKeys.js';
import { Migration20261126700001WebSessions } from './Migration20261126700001WebSessions.js';
import { Migration20261126600001MailDelivery } from './Migration20261126600001MailDelivery.js';
import { Migration20261126500001RunningAProgram } from './Migration20261126500001RunningAProgram.js';
import { Migration20261126500002InvitationListIndex } from './Migration20261126500002InvitationListIndex.js';
import { Migration20261126800001RealPayouts } from './Migration20261126800001RealPayouts.js';

/** Committed migrations in order; applied at start. Append new ones at the end. */
export const MIGRATIONS: MigrationObject[] = [
  { name: 'Migration20261122000001Foundation', class: Migration20261122000001Foundation },
  { name: 'Migration20261122000002CampaignsAffiliates', class: Migration20261122000002CampaignsAffiliates },
  { name: 'Migration20261122000003ConversionsWriteSide', class: Migration20261122000003ConversionsWriteSide },
  { name: 'Migration20261122000004PayoutQueue', class: Migration20261122000004PayoutQueue },
  { name: 'Migration20261122000009Webhooks', class: Migration20261122000009Webhooks },
  { name: 'Migration20261122000007Coupons', class: Migration20261122000007Coupons },
  { name: 'Migration20261122000008StatsSearch', class: Migration20261122000008StatsSearch },
  { name: 'Migration20261122000005Payouts', class: Migration20261122000005Payouts },
  { name: 'Migration20261122000006Teams', class: Migration20261122000006Teams },
  { name: 'Migration20261122000012HotPaths', class: Migration20261122000012HotPaths },
  { name: 'Migration20261122000013CampaignRecentIndex', class: Migration20261122000013CampaignRecentIndex },
  { name: 'Migration20261126100001ChangeNotifications', class: Migration20261126100001ChangeNotifications },
  { name: 'Migration20261126200001WebhookDeliveryLeases', class: Migration20261126200001WebhookDeliveryLeases },
  { name: 'Migration20261126300001IdempotencyKeys', class: Migration20261126300001IdempotencyKeys },
  { name: 'Migration20261126400001CampaignAttributionSettings', class: Migration20261126400001CampaignAttributionSettings },
  { name: 'Migration20261126400002SalesFromProviders', class: Migration20261126400002SalesFromProviders },
  { name: 'Migration20261126700001WebSessions', class: Migration20261126700001WebSessions },
  { name: 'Migration20261126600001MailDelivery', class: Migration20261126600001MailDelivery },
  { name: 'Migration20261126500001RunningAProgram', class: Migration20261126500001RunningAProgram },
  { name: 'Migration20261126800001RealPayouts', class: Migration20261126800001RealPayouts },
  { name: 'Migration20261126500002InvitationListIndex', class: Migration20261126500002InvitationListIndex },
];
