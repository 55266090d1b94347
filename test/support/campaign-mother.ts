import { randomUUID } from 'node:crypto';
import type { TestService } from './test-service.js';

let counter = 0;
const unique = () => `${Date.now().toString(36)}${(counter += 1)}`;

/** A campaign made through `POST /campaigns` with a live write key. */
export const createCampaign = async (t: TestService, liveKey: string, fields: Record<string, unknown> = {}) => {
  const res = await t.api('POST', '/campaigns', liveKey, {
    name: `Campaign ${unique()}`,
    commissionType: 'percentage',
    commissionValue: 20,
    targetUrl: 'https://shop.example.com/landing',
    ...fields,
  });
  if (res.status !== 201) throw new Error(`campaign create failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data as { id: string; trackingCode: string; name: string } & Record<string, any>;
};

export const uniqueEmail = (prefix = 'affiliate') => `${prefix}-${unique()}@example.com`;

/** An affiliate made through `POST /affiliates` (approved on the campaign, in the key's mode). */
export const createAffiliate = async (t: TestService, key: string, campaignId: string, fields: Record<string, unknown> = {}) => {
  const res = await t.api('POST', '/affiliates', key, { email: uniqueEmail(), campaignId, ...fields });
  if (res.status !== 201) throw new Error(`affiliate create failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data as { id: string; email: string; trackingLink: string } & Record<string, any>;
};

export interface ConversionFixture {
  merchantId: string;
  campaignId: string;
  affiliateId: string;
  mode?: 'live' | 'test';
  amount: string;
  commission?: string;
  currency?: string;
  status?: string;
  createdAt?: string;
  orderId?: string;
  customerName?: string;
}

/**
 * Writes a conversion row directly: statistics read the table, and these tests must not depend on
 * the conversion endpoints (another slice).
 */
export const insertConversion = async (t: TestService, f: ConversionFixture): Promise<string> => {
  const id = randomUUID();
  const commission = f.commission ?? '0';
  const at = f.createdAt ?? new Date().toISOString();
  await t.sql(
    `insert into conversions (id, merchant_id, mode, campaign_id, affiliate_id, amount, commission, original_commission,
       currency, status, source, order_id, customer_name, created_at, updated_at)
     values ($1, $2, $3, $4, $5, $6, $7, $7, $8, $9, 'api', $10, $11, $12, $12)`,
    [id, f.merchantId, f.mode ?? 'live', f.campaignId, f.affiliateId, f.amount, commission, f.currency ?? 'usd',
      f.status ?? 'approved', f.orderId ?? null, f.customerName ?? null, at],
  );
  return id;
};

/** Row counts of the tables this slice writes, to prove that a refused request wrote nothing. */
export const slice3Counts = async (t: TestService) => {
  const [row] = await t.sql(`select
    (select count(*)::int from campaigns) as campaigns,
    (select count(*)::int from affiliates) as affiliates,
    (select count(*)::int from affiliate_memberships) as memberships,
    (select count(*)::int from affiliate_invitations) as invitations,
    (select count(*)::int from mail_outbox) as mails,
    (select count(*)::int from clicks) as clicks,
    (select count(*)::int from outbox_events) as events,
    (select count(*)::int from exchange_rates) as rates`);
  return row as Record<string, number>;
};
