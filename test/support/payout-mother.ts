import type { TestMerchant } from './merchant-mother.js';
import { createAffiliate, createCampaign, signUpAffiliate } from './program-mother.js';
import type { TestService } from './test-service.js';

export type Method = 'connect' | 'wallet_a' | 'transfer_b';

/** A campaign that auto-approves sign-ups, so affiliates who sign up are approved at once. */
export const payoutCampaign = (t: TestService, merchant: TestMerchant) =>
  createCampaign(t, merchant, { commissionType: 'percentage', commissionValue: 100, autoApproveAffiliates: true });

/**
 * An affiliate with a login account (signed up) and saved payout details: the service pays it itself.
 * `method: null` leaves the details empty.
 */
export const payableAffiliate = async (t: TestService, merchantId: string, campaignId: string, method: Method | null, mode: 'live' | 'test' = 'live') => {
  const signed = await signUpAffiliate(t, merchantId, campaignId, mode);
  if (signed.status !== 'approved') throw new Error(`affiliate not approved: ${signed.status}`);
  if (method !== null) {
    const res = await t.admin('POST', `/affiliates/${signed.id}/payout-details`, { method, ...(method === 'connect' ? {} : { email: `pay-${signed.id}@example.com` }) });
    if (res.status !== 200) throw new Error(`payout details failed: ${res.status} ${JSON.stringify(res.body)}`);
  }
  return { id: signed.id };
};

/** A headless affiliate (created through the API): the merchant pays it directly. */
export const headlessAffiliate = (t: TestService, key: string, campaignId: string) => createAffiliate(t, key, campaignId);

/**
 * An approved sale whose commission is exactly `commission` (the campaign pays 100% of the sale).
 * Returns the conversion id.
 */
export const approvedSale = async (t: TestService, key: string, campaignId: string, affiliateId: string, commission: number, currency = 'usd') => {
  const created = await t.api('POST', '/conversions', key, { campaignId, affiliateId, amount: commission, currency });
  if (created.status !== 201) throw new Error(`sale failed: ${created.status} ${JSON.stringify(created.body)}`);
  const id = created.body.data.id as string;
  const approved = await t.api('PATCH', `/conversions/${id}`, key, { status: 'approved' });
  if (approved.status !== 200) throw new Error(`approval failed: ${approved.status} ${JSON.stringify(approved.body)}`);
  return id;
};

export const clockOf = (t: TestService) => ({
  now: async () => new Date((await t.admin('GET', '/clock')).body.data.now as string),
  /** Moves the clock to `at` (forward only). */
  set: async (at: Date) => {
    const res = await t.admin('POST', '/clock', { now: at.toISOString() });
    if (res.status !== 200) throw new Error(`clock: ${JSON.stringify(res.body)}`);
    return new Date(res.body.data.now as string);
  },
  advance: async (ms: number) => {
    const now = new Date((await t.admin('GET', '/clock')).body.data.now as string);
    const res = await t.admin('POST', '/clock', { now: new Date(now.getTime() + ms).toISOString() });
    if (res.status !== 200) throw new Error(`clock: ${JSON.stringify(res.body)}`);
    return new Date(res.body.data.now as string);
  },
});

export const runJobs = async (t: TestService): Promise<Record<string, number>> => {
  const res = await t.admin('POST', '/jobs/run');
  if (res.status !== 200) throw new Error(`jobs: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
};

/** The row as `GET /payouts` shows it, found by conversion. */
export const payoutOf = async (t: TestService, key: string, conversionId: string) => {
  const res = await t.api('GET', `/payouts?conversionId=${conversionId}`, key);
  if (res.status !== 200) throw new Error(`payouts: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data[0] as Record<string, any> | undefined;
};

/** Milliseconds of an ISO time from a response. */
export const ms = (iso: string | null | undefined): number => {
  if (!iso) throw new Error('no time');
  return new Date(iso).getTime();
};

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;
