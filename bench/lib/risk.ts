import { RISK_SIGNALS } from '../../domain/index.js';
import { call, inParallel, type BenchMerchant } from './fixtures.js';
import type { LoadRequest } from './load.js';

/**
 * What a risk-bench merchant's sales name: a real click of its affiliate, so every click signal reads
 * it. Enough clicks that each names about one sale in a run, from a page without an ad click id: a
 * typical sale, for which every signal reads and evaluates but none fires (a fired flag adds its own
 * writes: the flag, the event, the merchant's notice).
 */
export interface RiskBenchMerchant extends BenchMerchant {
  readonly clickIds: readonly string[];
}

const CLICKS_PER_MERCHANT = 100;

/**
 * Sets one merchant's rules: every signal `flag` (on: each evaluates and reads what it needs, none
 * refuses or holds, so both halves answer 201 and write the same rows but the flags) or `off`.
 */
export const setSignals = async (base: string, m: BenchMerchant, on: boolean): Promise<void> => {
  const actions = Object.fromEntries(RISK_SIGNALS.map((code) => [code, on ? 'flag' : 'off']));
  const body = on ? { actions, paidAds: 'forbidden', bannedReferrerDomains: ['coupon-spam.example'] } : { actions };
  const res = await call(base, 'PATCH', '/api/v1/risk/settings', m.key, body);
  if (res.status !== 200) throw new Error(`risk settings: ${res.status} ${JSON.stringify(res.body)}`);
};

/** Clicks through each merchant's tracking link (from distinct visitors), for its sales to name. */
export const withClicks = (base: string, merchants: readonly BenchMerchant[]): Promise<RiskBenchMerchant[]> =>
  inParallel(merchants, 8, async (m, i) => {
    const clickIds: string[] = [];
    for (let n = 0; n < CLICKS_PER_MERCHANT; n += 1) {
      const res = await fetch(`${base}${m.trackingPath}?utm_source=bench${n}`, {
        redirect: 'manual',
        headers: { 'x-forwarded-for': `10.${i % 250}.${n}.1`, 'user-agent': `RiskBench/${n}`, referer: 'https://blog.example/post' },
      });
      const id = new URL(res.headers.get('location') ?? 'http://x/').searchParams.get('click_id');
      if (id) clickIds.push(id);
    }
    if (clickIds.length === 0) throw new Error(`no click id from ${m.trackingPath}`);
    return { ...m, clickIds };
  });

/** `POST /conversions` bodies with a click and a customer email: the same requests whichever the rules. */
export const riskSaleRequests = (merchants: readonly RiskBenchMerchant[]): LoadRequest[] =>
  merchants.flatMap((m, i) =>
    m.clickIds.map((clickId, n) => ({
      method: 'POST' as const,
      path: '/api/v1/conversions',
      headers: { authorization: `Bearer ${m.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ campaignId: m.campaignId, affiliateId: m.affiliateId, amount: 49.99, clickId, customerEmail: `buyer${i}-${n}@shop-customer.example` }),
    })),
  );
