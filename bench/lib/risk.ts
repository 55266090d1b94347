import { RISK_SIGNALS } from '../../domain/index.js';
import type pg from 'pg';
import { call, inParallel, type BenchMerchant } from './fixtures.js';
import type { LoadRequest } from './load.js';

/**
 * What a risk-bench merchant's sales name: a real click of its affiliate, so every click signal reads
 * it. Enough clicks that each names about one sale in the whole run, each from its own visitor, an
 * hour before the sale, from a page without an ad click id: a typical sale, for which every signal
 * reads and evaluates but none fires (a fired flag adds its own writes: the flag, the event, the
 * merchant's notice). Reusing a few clicks would fire `conversion_velocity` and `fast_conversion`
 * more and more as the run goes on, measuring the flags rather than the checks.
 */
export interface RiskBenchMerchant extends BenchMerchant {
  readonly clickIds: readonly string[];
}

// A wrk script holds every request as a Lua function: 25,000 of them (for 100 merchants) stays well inside what LuaJIT compiles in one chunk.
const CLICKS_PER_MERCHANT = 250;

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

/**
 * Each merchant's clicks, written straight into the clicks table (as the redirect's batch writer would,
 * an hour ago): a hundred thousand clicks through HTTP would take the bench longer than its runs.
 */
export const withClicks = async (db: pg.Pool, merchants: readonly BenchMerchant[]): Promise<RiskBenchMerchant[]> => {
  const seeded = await inParallel(merchants, 4, async (m) => {
    const { rows } = await db.query<{ id: string }>(
      `insert into clicks (id, merchant_id, mode, campaign_id, affiliate_id, visitor_hash, address_hash, landing_url, referrer, created_at)
       select gen_random_uuid(), $1::uuid, 'live', $2::uuid, $3::uuid, md5($1::text || ':visitor:' || n), md5($1::text || ':address:' || n),
              'https://shop.example/pricing?utm_source=bench' || n, 'https://blog.example/post', now() - interval '1 hour'
         from generate_series(1, $4::int) n
       returning id`,
      [m.id, m.campaignId, m.affiliateId, CLICKS_PER_MERCHANT],
    );
    return { ...m, clickIds: rows.map((r) => r.id) };
  });
  // A history this size accumulates over weeks, with autovacuum's statistics alongside; written in one go,
  // the planner would see none for a minute and plan the sales' click reads (named, planned once per
  // connection) on an empty table's guesses, measuring that minute rather than the reads.
  await db.query('analyze clicks, conversions');
  return seeded;
};

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
