import { PayoutRecord } from './payout.record.js';
import { TEAM_RECORDS } from './team.records.js';
import { SandboxPayoutTransferRecord } from './sandbox-payout-transfer.record.js';
import { ApiKeyRecord } from './api-key.record.js';
import { AuditEntryRecord } from './audit-entry.record.js';
import { MerchantRecord } from './merchant.record.js';
import { NotificationRecord } from './notification.record.js';
import { OutboxEventRecord } from './outbox-event.record.js';
import { RateLimitWindowRecord } from './rate-limit-window.record.js';
import { ServiceClockRecord } from './service-clock.record.js';
import { AffiliateInvitationRecord } from './affiliate-invitation.record.js';
import { AffiliateMembershipRecord } from './affiliate-membership.record.js';
import { AffiliateRecord } from './affiliate.record.js';
import { CampaignRecord } from './campaign.record.js';
import { ClickRecord } from './click.record.js';
import { ConversionRecord } from './conversion.record.js';
import { ExchangeRateRecord } from './exchange-rate.record.js';
import { MailMessageRecord } from './mail-message.record.js';
import { ServiceSecretRecord } from './service-secret.record.js';
import { WebhookDeliveryAttemptRecord, WebhookDeliveryRecord } from './webhook-delivery.record.js';
import { WebhookSubscriptionRecord } from './webhook-subscription.record.js';
import { CouponRecord } from './coupon.record.js';
import { STATS_ROLLUP_RECORDS } from './stats-rollup.records.js';

/** Every persistence record the ORM knows; a module's records are added here with its migration. */
export const ALL_RECORDS = [
  MerchantRecord,
  ApiKeyRecord,
  AuditEntryRecord,
  OutboxEventRecord,
  NotificationRecord,
  RateLimitWindowRecord,
  ServiceClockRecord,
  // Campaigns, affiliates, invitations, clicks (+ the conversions table the stats read).
  CampaignRecord,
  AffiliateRecord,
  AffiliateMembershipRecord,
  AffiliateInvitationRecord,
  MailMessageRecord,
  ClickRecord,
  ServiceSecretRecord,
  ConversionRecord,
  ExchangeRateRecord,
  PayoutRecord,
  // Webhooks.
  WebhookSubscriptionRecord,
  WebhookDeliveryRecord,
  WebhookDeliveryAttemptRecord,
  // Coupons.
  CouponRecord,
  // The sandbox payout providers' ledger.
  SandboxPayoutTransferRecord,
  // Teams, goals, periods, awards, chat threads.
  ...TEAM_RECORDS,
  // Statistics roll-ups (written by database triggers).
  ...STATS_ROLLUP_RECORDS,
];
