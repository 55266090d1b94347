import type { Campaign, CampaignEvent } from '../../domain/index.js';
import type { OutboxEvent } from '../ports/event-outbox.js';
import { outboxRowsOf } from '../shared/outbox-rows.js';

/**
 * Campaign events as outbox rows. Campaigns are live objects (created and changed with live keys
 * only), so their events are live: test-mode subscriptions never receive them.
 */
export const toCampaignOutbox = (campaign: Campaign, events: readonly CampaignEvent[], at: Date): OutboxEvent[] =>
  outboxRowsOf({ merchantId: campaign.merchantId, mode: 'live' }, events, at);
