import type pg from 'pg';
import type { LoadRequest } from './load.js';
import type { BenchMerchant } from './fixtures.js';
import { log } from './measure.js';

export interface DatasetSize {
  readonly label: string;
  readonly conversions: number;
  readonly affiliates: number;
  readonly campaigns: number;
}

const FIRST = ['Jane', 'John', 'Maria', 'Wei', 'Aisha', 'Lucas', 'Sofia', 'Omar', 'Yuki', 'Liam', 'Ava', 'Noah'];
const LAST = ['Doe', 'Smith', 'Garcia', 'Chen', 'Khan', 'Silva', 'Rossi', 'Haddad', 'Tanaka', 'Murphy', 'Jones', 'Brown'];
const sqlArray = (items: readonly string[]) => `array[${items.map((s) => `'${s}'`).join(',')}]`;

/**
 * Loads a merchant's data in bulk, straight into the service's tables, as a large merchant's history
 * would be: `campaigns` (the merchant's first one came through the API), affiliates with an approved
 * membership each, and conversions over the past 365 days (statuses, two currencies, order ids and
 * customers to search). The conversions go in with `insert ... select` in chunks, so the statement
 * triggers on conversions maintain the daily roll-ups the statistics read (conversion_daily_totals and
 * the per-campaign and per-affiliate ones) exactly as on the write path. Then VACUUM (ANALYZE).
 */
export const loadDataset = async (db: pg.Pool, m: BenchMerchant, size: DatasetSize): Promise<number> => {
  const started = performance.now();
  const client = await db.connect();
  try {
    const q = (text: string, values: unknown[] = []) => client.query(text, values);
    const label = size.label;
    await q(
      `insert into campaigns (id, merchant_id, name, description, tracking_code, status, commission_type, commission_value,
         created_at, updated_at)
       select gen_random_uuid(), $1, 'Campaign ' || $2 || ' ' || g, null, substr(md5($2 || g::text || random()::text), 1, 12),
         'active', 'percentage', 10, now() - make_interval(days => 400 - g), now()
       from generate_series(2, $3) g`,
      [m.id, label, size.campaigns],
    );
    await q(
      `insert into affiliates (id, merchant_id, email, name, is_test, headless, created_via, ref_code, created_at, updated_at)
       select gen_random_uuid(), $3, 'affiliate-' || $1 || '-' || g || '@bench.example.com',
         (${sqlArray(FIRST)})[1 + g % 12] || ' ' || (${sqlArray(LAST)})[1 + (g / 12) % 12] || ' ' || g,
         false, true, 'api', substr(md5($1 || g::text || random()::text), 1, 16), now() - interval '400 days', now()
       from generate_series(1, $2) g`,
      [label, size.affiliates, m.id],
    );
    await q(
      `insert into affiliate_memberships (id, merchant_id, mode, campaign_id, affiliate_id, status, joined_at, decided_at, updated_at)
       select gen_random_uuid(), $1, 'live', c.id, a.id, 'approved', a.created_at + make_interval(secs => a.n::double precision), a.created_at, now()
       from (select id, created_at, row_number() over (order by id) as n from affiliates where email like 'affiliate-' || $2 || '-%@bench.example.com') a
       join (select id, row_number() over (order by created_at, id) - 1 as k from campaigns where merchant_id = $1) c
         on c.k = a.n % $3`,
      [m.id, label, size.campaigns],
    );
    await q(`drop table if exists bench_pairs`);
    await q(
      `create temp table bench_pairs as
       select row_number() over (order by affiliate_id) - 1 as n, campaign_id, affiliate_id
       from affiliate_memberships where merchant_id = $1 and mode = 'live' and status = 'approved'`,
      [m.id],
    );
    const pairs = Number((await q(`select count(*) as n from bench_pairs`)).rows[0].n);
    const chunk = 200_000;
    for (let from = 1; from <= size.conversions; from += chunk) {
      const to = Math.min(size.conversions, from + chunk - 1);
      await q(
        `insert into conversions (id, merchant_id, mode, campaign_id, affiliate_id, amount, tax_amount, commission, original_commission,
           currency, status, conversion_type, source, order_id, click_id, customer_email, customer_name, approved_at, created_at, updated_at)
         select gen_random_uuid(), $1, 'live', p.campaign_id, p.affiliate_id, s.amount, null, round(s.amount * 0.1, 2), round(s.amount * 0.1, 2),
           case when g % 10 = 0 then 'eur' else 'usd' end,
           s.status, 'one_time', 'api', 'ORD-' || $2 || '-' || g, null,
           lower((${sqlArray(FIRST)})[1 + g % 12]) || '.' || g || '@customer.example.com',
           (${sqlArray(FIRST)})[1 + g % 12] || ' ' || (${sqlArray(LAST)})[1 + (g / 7) % 12],
           case when s.status in ('approved', 'paid') then s.created_at end, s.created_at, s.created_at
         from generate_series($3::int, $4::int) g
         join bench_pairs p on p.n = (g::bigint * 7919) % $5
         cross join lateral (select 10 + (g * 37 % 49000) / 100.0 as amount,
           (array['approved','approved','approved','pending','pending','paid','rejected','refunded'])[1 + g % 8] as status,
           now() - make_interval(secs => ((g::bigint * 31536000 / $6) % 31536000)::double precision) as created_at) s`,
        [m.id, label, from, to, pairs, size.conversions],
      );
      log(`    ${label}: ${to.toLocaleString('en')} conversions loaded`);
    }
    await q(`drop table bench_pairs`);
    // What autovacuum would do after a bulk load: statistics, and the trigram indexes' pending lists merged.
    await q(`vacuum (analyze)`);
  } finally {
    client.release();
  }
  return (performance.now() - started) / 1000;
};

/** The endpoints whose cost must not grow with the data, as requests for one merchant. */
export const growthRequests = async (db: pg.Pool, m: BenchMerchant, label: string) => {
  const auth = { authorization: `Bearer ${m.key}` };
  const { rows: affiliates } = await db.query(
    `select affiliate_id from affiliate_memberships where merchant_id = $1 order by joined_at desc limit 50`,
    [m.id],
  );
  const get = (path: string): LoadRequest => ({ method: 'GET', path, headers: auth });
  return {
    'GET /stats': [get('/api/v1/stats')],
    'GET /stats/overview': [get('/api/v1/stats/overview')],
    'GET /campaigns?sort=revenue:desc': [get('/api/v1/campaigns?sort=revenue:desc')],
    'GET /affiliates/:id': affiliates.map((a: { affiliate_id: string }) => get(`/api/v1/affiliates/${a.affiliate_id}`)),
    // A common name, a rare order id, an e-mail fragment, a two-letter text (the short-text path).
    'GET /search': ['jane', `ORD-${label}-4242`, 'wei.12', 'garcia smith', 'ya'].map((text) =>
      get(`/api/v1/search?q=${encodeURIComponent(text)}`),
    ),
  } satisfies Record<string, LoadRequest[]>;
};
