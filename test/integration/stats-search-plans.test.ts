import { sql, type RawBuilder } from 'kysely';
import 'reflect-metadata';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planPeriod, statsSql } from '../../adapters/persistence/repositories/sql-stats-queries.js';
import { AFFILIATE_TEXT, CONVERSION_TEXT, containsPattern, rarePart, searchSql } from '../../adapters/persistence/repositories/sql-search.js';
import { CAMPAIGN_DETAIL, campaignDetailValues } from '../../adapters/persistence/repositories/campaign-detail.sql.js';
import { openCountsSql } from '../../adapters/persistence/repositories/sql-risk-review-queries.js';
import { countedConversionSql } from '../../adapters/persistence/repositories/conversion-counting.sql.js';
import { topAffiliates } from '../../application/stats/top-affiliates.js';
import { convertedTotal, Decimal, type CurrencyCode } from '../../domain/index.js';
import { startTestService, type TestService } from '../support/test-service.js';
import { TOKENS } from '../../bootstrap/tokens.js';

/**
 * The statements behind /stats, /stats/overview and /search, EXPLAINed (the exact SQL the adapters
 * run): statistics read the roll-ups, never a merchant's conversions; search can be served by the
 * trigram indexes. At the few thousand rows of a test, a sequential scan is often the planner's right
 * choice for search, so those plans are taken with only bitmap scans allowed: that proves each query
 * repeats its index's expression (the regression that would silently lose the index). What the
 * planner chooses at a million rows, with timings, is measured in docs/api/stats-and-search.md.
 * No timings are asserted here.
 */
describe('query plans of statistics and search', () => {
  let t: TestService;
  const M = '00000000-0000-7000-8000-0000000000a1';
  const tenant = { merchantId: M, mode: 'live' as const };
  const now = new Date('2026-11-22T12:00:00Z');

  interface PlanNode {
    'Node Type': string;
    'Relation Name'?: string;
    'Index Name'?: string;
    Plans?: PlanNode[];
  }
  const nodes = (plan: PlanNode): PlanNode[] => [plan, ...(plan.Plans ?? []).flatMap(nodes)];

  const explain = async (query: RawBuilder<unknown> | null, options: { plainScans?: boolean } = {}) => {
    expect(query).not.toBeNull();
    const compiled = query!.compile(t.service.orm.em.fork().getKysely());
    const client = new pg.Client({ connectionString: t.db.url });
    await client.connect();
    let row: any;
    try {
      await client.query('begin');
      if (options.plainScans === false) {
        // Only bitmap scans stay possible: a GIN index can serve the query iff the plan uses it.
        await client.query('set local enable_seqscan = off');
        await client.query('set local enable_indexscan = off');
        await client.query('set local enable_indexonlyscan = off');
      }
      [row] = (await client.query(`explain (format json) ${compiled.sql}`, [...compiled.parameters])).rows;
      await client.query('rollback');
    } finally {
      await client.end();
    }
    // A partitioned table's plan names its partitions and their indexes: named here by their parents.
    const parentOf = new Map<string, string>(
      (
        await t.sql(`select c.relname as name, p.relname as parent from pg_inherits i
          join pg_class c on c.oid = i.inhrelid join pg_class p on p.oid = i.inhparent`)
      ).map((r: { name: string; parent: string }) => [r.name, r.parent]),
    );
    const all = nodes(row['QUERY PLAN'][0].Plan as PlanNode).map((n) => ({
      ...n,
      ...(n['Relation Name'] ? { 'Relation Name': parentOf.get(n['Relation Name']) ?? n['Relation Name'] } : {}),
      ...(n['Index Name'] ? { 'Index Name': parentOf.get(n['Index Name']) ?? n['Index Name'] } : {}),
    }));
    return {
      relations: new Set(all.map((n) => n['Relation Name']).filter(Boolean)),
      indexes: new Set(all.map((n) => n['Index Name']).filter(Boolean)),
      seqScans: new Set(all.filter((n) => n['Node Type'] === 'Seq Scan').map((n) => n['Relation Name'])),
      sorts: all.filter((n) => n['Node Type'] === 'Sort').length,
      text: JSON.stringify(row['QUERY PLAN'][0].Plan),
    };
  };

  beforeAll(async () => {
    t = await startTestService();
    // Two merchants; the first with 20 campaigns, 4,000 affiliates, 20,000 sales over a year, 20,000 coupons.
    await t.sql(`insert into merchants (id, business_name, email, plan, created_at, updated_at) values
      ($1, 'Planned', 'planned@example.com', 'scale', now(), now()),
      ('00000000-0000-7000-8000-0000000000a2', 'Other', 'other@example.com', 'scale', now(), now())`, [M]);
    await t.sql(`insert into campaigns (id, merchant_id, name, tracking_code, status, commission_type, commission_value, created_at, updated_at)
      select ('00000000-0000-7000-8001-' || lpad(to_hex(g), 12, '0'))::uuid,
        case when g <= 20 then $1::uuid else '00000000-0000-7000-8000-0000000000a2'::uuid end,
        'Campaign ' || md5(g::text), 'plan' || g, 'active', 'percentage', 10, now() - g * interval '1 hour', now()
      from generate_series(1, 3000) g`, [M]);
    await t.sql(`insert into affiliates (id, merchant_id, email, name, is_test, headless, created_via, ref_code, created_at, updated_at)
      select ('00000000-0000-7000-8002-' || lpad(to_hex(g), 12, '0'))::uuid,
        case when g <= 4000 then $1::uuid else '00000000-0000-7000-8000-0000000000a2'::uuid end,
        'aff' || g || '.' || md5(g::text) || '@example.com',
        'Affiliate ' || md5(g::text), false, true, 'api', 'plan' || g, now(), now()
      from generate_series(1, 6000) g`, [M]);
    await t.sql(`insert into affiliate_memberships (id, merchant_id, mode, campaign_id, affiliate_id, status, joined_at, updated_at)
      select gen_random_uuid(), case when g <= 4000 then $1::uuid else '00000000-0000-7000-8000-0000000000a2'::uuid end, 'live',
        ('00000000-0000-7000-8001-' || lpad(to_hex(case when g <= 4000 then 1 + g % 20 else 21 + g % 20 end), 12, '0'))::uuid,
        ('00000000-0000-7000-8002-' || lpad(to_hex(g), 12, '0'))::uuid, 'approved', now() - g * interval '1 minute', now()
      from generate_series(1, 6000) g`, [M]);
    await t.sql(`insert into conversions (id, merchant_id, mode, campaign_id, affiliate_id, amount, commission, original_commission, currency,
        status, source, order_id, customer_name, customer_email, created_at, updated_at)
      select gen_random_uuid(), $1, 'live', ('00000000-0000-7000-8001-' || lpad(to_hex(1 + g % 20), 12, '0'))::uuid,
        ('00000000-0000-7000-8002-' || lpad(to_hex(1 + g % 4000), 12, '0'))::uuid, 10 + g % 90, 1 + g % 9, 1 + g % 9,
        (array['usd', 'eur', 'jpy'])[1 + g % 3], (array['pending', 'approved', 'paid', 'rejected'])[1 + g % 4], 'api',
        'ORD-' || md5(g::text), 'Customer ' || md5((g * 7)::text), 'c' || md5((g * 13)::text) || '@example.com',
        $2::timestamptz - (g % 365) * interval '1 day' - (g % 1440) * interval '1 minute', now()
      from generate_series(1, 20000) g`, [M, now.toISOString()]);
    await t.sql(`insert into clicks (id, merchant_id, mode, campaign_id, affiliate_id, visitor_hash, created_at)
      select gen_random_uuid(), $1, 'live', ('00000000-0000-7000-8001-' || lpad(to_hex(1 + g % 20), 12, '0'))::uuid,
        ('00000000-0000-7000-8002-' || lpad(to_hex(1 + g % 4000), 12, '0'))::uuid, md5(g::text),
        $2::timestamptz - (g % 365) * interval '1 day' - (g % 1440) * interval '1 minute'
      from generate_series(1, 20000) g`, [M, now.toISOString()]);
    await t.sql(`insert into coupons (id, merchant_id, mode, campaign_id, affiliate_id, provider, code, created_at, updated_at)
      select gen_random_uuid(), $1, 'live', ('00000000-0000-7000-8001-' || lpad(to_hex(1 + g % 20), 12, '0'))::uuid,
        ('00000000-0000-7000-8002-' || lpad(to_hex(1 + g % 4000), 12, '0'))::uuid, 'card', upper(md5(g::text)), now(), now()
      from generate_series(1, 20000) g`, [M]);
    await t.sql('analyze');
  }, 120_000);
  afterAll(() => t.close());

  describe('statistics read roll-ups, not conversions', () => {
    it('a period of whole days reads only the daily roll-ups', async () => {
      const plan = planPeriod({ from: new Date('2026-11-01T00:00:00Z'), to: now }, now);
      expect(plan.spans).toEqual([]);
      const sales = await explain(statsSql.sales(tenant, plan));
      expect([...sales.relations]).toEqual(['conversion_daily_totals']);
      expect(sales.indexes).toContain('conversion_daily_totals_pkey');
      const clicks = await explain(statsSql.clicks(tenant, plan));
      expect([...clicks.relations]).toEqual(['click_daily_totals']);
    });

    it('partial edge days read their rows through the tenant-and-time indexes only', async () => {
      const plan = planPeriod({ from: new Date('2026-10-05T10:00:00Z'), to: new Date('2026-11-20T15:00:00Z') }, now);
      expect(plan.spans).toHaveLength(2);
      const sales = await explain(statsSql.sales(tenant, plan));
      expect(sales.indexes).toContain('conversions_tenant_created_idx');
      expect(sales.seqScans).not.toContain('conversions');
      const clicks = await explain(statsSql.clicks(tenant, plan));
      expect(clicks.indexes).toContain('clicks_tenant_created_idx');
      expect(clicks.seqScans).not.toContain('clicks');
    });

    it('affiliates are counted from the per-merchant counter', async () => {
      const plan = await explain(statsSql.approvedAffiliates(tenant));
      expect([...plan.relations]).toEqual(['merchant_affiliate_counts']);
    });

    it('the overview ranks from the commission index and takes the newest sales from the tenant index, without sorting', async () => {
      const reference = await explain(statsSql.topReferenceCommissions(tenant, '2026-11-01', 5));
      expect(reference.indexes).toContain('conversion_affiliate_monthly_ranks_idx');
      expect(reference.sorts).toBe(0);
      const top = await explain(statsSql.topCommissions(tenant, '2026-11-01', 'usd' as CurrencyCode, 5));
      expect(top.indexes).toContain('conversion_affiliate_monthly_rank_idx');
      expect(top.sorts).toBe(0);
      const latest = await explain(statsSql.latestConversions(tenant, 10));
      expect(latest.indexes).toContain('conversions_tenant_created_idx');
      expect(latest.sorts).toBe(0);
    });
  });

  it('the review counts every dashboard page shows read flags and bans, never each of the merchant’s affiliates or sales', async () => {
    // 4,000 affiliates and 20,000 sales, none flagged: the counts start from risk_flags, the bans and the held sales.
    const plan = await explain(openCountsSql(tenant));
    expect(plan.seqScans).not.toContain('affiliates');
    expect(plan.seqScans).not.toContain('conversions');
    expect(plan.text).not.toContain('affiliates_ref_code_key');
    expect(plan.text).not.toContain('affiliates_email_key');
  });

  it('the overview’s two rankings (threshold and whole-month query) agree with a recount through convertedTotal', async () => {
    const scope = t.service.container.resolve(TOKENS.RequestScope);
    const queries = t.service.container.resolve(TOKENS.StatsQueries);
    const rates = { day: '2026-11-22', usdPerUnit: new Map([['usd', new Decimal(1)], ['eur', new Decimal('1.1582')]]) as Map<CurrencyCode, Decimal> };
    const rows = await t.sql(`select affiliate_id, currency, sum(commission)::text as commission from conversions c
      where merchant_id = $1 and mode = 'live' and created_at >= '2026-11-01' and ${countedConversionSql('c')}
      group by 1, 2`, [M]);
    const totals = new Map<string, { currency: CurrencyCode; amount: Decimal }[]>();
    for (const r of rows) totals.set(r.affiliate_id, [...(totals.get(r.affiliate_id) ?? []), { currency: r.currency, amount: new Decimal(r.commission) }]);
    const expected = [...totals.entries()]
      .map(([id, list]) => ({ id, value: convertedTotal(list, rates) }))
      .sort((a, b) => b.value.comparedTo(a.value) || (a.id < b.id ? -1 : 1))
      .slice(0, 5)
      .map((a) => a.id);
    const currencies = ['eur', 'jpy', 'usd'] as CurrencyCode[];
    const threshold = await scope(() => topAffiliates(queries, tenant, '2026-11-01', currencies, rates, 5, 10_000));
    const whole = await scope(() => topAffiliates(queries, tenant, '2026-11-01', currencies, rates, 5, 0));
    expect(threshold.map((a) => a.affiliateId)).toEqual(expected);
    expect(whole.map((a) => a.affiliateId)).toEqual(expected);
  });

  describe('campaign detail (a prepared statement)', () => {
    it("reads a campaign's newest conversions through the campaign index under the generic plan", async () => {
      // Prepared statements switch to a generic plan, which cannot see the campaign: the index must
      // serve the order by itself, or the plan walks the merchant's whole time index.
      const values = campaignDetailValues(tenant, '00000000-0000-7000-8001-000000000007', 10);
      const client = new pg.Client({ connectionString: t.db.url });
      await client.connect();
      try {
        await client.query('set plan_cache_mode = force_generic_plan');
        await client.query(`prepare campaign_detail as ${CAMPAIGN_DETAIL}`);
        // EXECUTE takes values, not bind parameters: ids, the mode and the limit as literals.
        const literals = values.map((v) => (typeof v === 'number' ? String(v) : `'${String(v).replace(/'/g, "''")}'`)).join(', ');
        const [row] = (await client.query(`explain (format json) execute campaign_detail(${literals})`)).rows;
        const all = nodes(row['QUERY PLAN'][0].Plan as PlanNode);
        const indexes = new Set(all.map((n) => n['Index Name']).filter(Boolean));
        expect(indexes).toContain('conversions_campaign_created_idx');
        expect(indexes).not.toContain('conversions_tenant_created_idx');
        expect(all.filter((n) => n['Node Type'] === 'Sort' && JSON.stringify(n).includes('created_at'))).toHaveLength(0);
      } finally {
        await client.end();
      }
    });
  });

  describe('search uses the trigram indexes', () => {
    it('for each category (the query repeats the indexed expression)', async () => {
      const noSeq = { plainScans: false };
      const conversions = await explain(searchSql.conversions(tenant, 'c4b2a7', 5), noSeq);
      expect(conversions.indexes).toContain('conversions_search_trgm_idx');
      // The affiliate statement can also walk the merchant's memberships (its plan for common texts),
      // so its searched expression (the adapter's own constant) is probed on its own.
      const affiliates = await explain(sql`select a.id from affiliates a where ${AFFILIATE_TEXT} ilike ${containsPattern('e4da3b7fbb')}`, noSeq);
      expect(affiliates.indexes).toContain('affiliates_search_trgm_idx');
      // A merchant's few campaigns are best read through its own index; across all campaigns the name
      // is searched through the trigram index.
      const campaigns = await explain(sql`select c.id from campaigns c where c.name ilike ${containsPattern('c81e728d9d')}`, noSeq);
      expect(campaigns.indexes).toContain('campaigns_name_trgm_idx');
      const coupons = await explain(
        sql`select k.id from coupons k where k.deleted_at is null and k.code ilike ${containsPattern('ECCB')}`,
        noSeq,
      );
      expect(coupons.indexes).toContain('coupons_code_trgm_idx');
    });

    it('an identifier-like text gives the index only its rare digits and checks the whole text on the rows found', async () => {
      expect(rarePart('ORD-big-4242')).toBe('4242');
      expect(rarePart('ORD-2027-0042')).toBe('0042');
      expect(rarePart('INV-12345-678')).toBe('12345');
      for (const text of ['4242', 'wei.12', 'jane', 'smith 4242', 'garcia smith']) expect(rarePart(text)).toBeNull();
      const plan = await explain(searchSql.conversions(tenant, 'ORD-c4b2-4242', 5), { plainScans: false });
      expect(plan.indexes).toContain('conversions_search_trgm_idx');
      const indexConds = nodes(JSON.parse(plan.text)).map((n) => (n as { 'Index Cond'?: string })['Index Cond'] ?? '');
      expect(indexConds.join(' ')).toContain("'%4242%'");
      expect(indexConds.join(' ')).not.toContain('ORD-c4b2');
      expect(plan.text).toContain("texticlike");
    });

    /** The plain contains search the adapter's statements must agree with. */
    const plainSearch = (text: string, limit: number) =>
      sql`select c.id from conversions c where c.merchant_id = ${M} and c.mode = 'live' and ${CONVERSION_TEXT} ilike ${containsPattern(text)}
        order by c.created_at desc, c.id desc limit ${limit}`;
    const idsOf = async (query: RawBuilder<unknown>) => {
      const compiled = query.compile(t.service.orm.em.fork().getKysely());
      return (await t.sql(compiled.sql, [...compiled.parameters])).map((r) => r.id as string);
    };
    /** A piece of the oldest sale's e-mail: a text found only far outside the newest rows. */
    const oldestText = async (): Promise<string> =>
      (await t.sql(`select substr(customer_email, 2, 10) as text from conversions where merchant_id = $1 order by created_at limit 1`, [M]))[0].text;

    it('an identifier-like text finds exactly the rows, in the order, of the plain contains search', async () => {
      const orderIds: string[] = (await t.sql(`select order_id from conversions where merchant_id = $1 and order_id ~ '[0-9]{4}'
        order by id limit 6`, [M])).map((r) => r.order_id);
      expect(orderIds).toHaveLength(6);
      const texts = orderIds.flatMap((id) => {
        const run = /[0-9]{4,}/.exec(id)!;
        const around = id.slice(Math.max(0, run.index - 3), run.index + run[0].length + 2);
        // The id, another case, a piece around its digits, and a near miss that shares the digits.
        return [id, id.toLowerCase(), id.toUpperCase(), around, `${around.slice(0, -1)}~`, `x-${run[0]}`];
      });
      let found = 0;
      for (const text of texts) {
        if (rarePart(text) === null) continue;
        const expected = await idsOf(plainSearch(text, 20));
        found += expected.length;
        expect(await idsOf(searchSql.conversions(tenant, text, 20)), text).toEqual(expected);
      }
      expect(found).toBeGreaterThan(0);
    });

    it('a text found often among the newest rows is answered from them, without the trigram index; a rare one through it', async () => {
      // At a test's few thousand rows the planner may rather walk the rows than use the index: only bitmap scans are allowed here.
      const trigramScans = async (text: string) => {
        const compiled = searchSql.conversions(tenant, text, 5).compile(t.service.orm.em.fork().getKysely());
        const client = new pg.Client({ connectionString: t.db.url });
        await client.connect();
        try {
          await client.query('begin');
          for (const scan of ['seqscan', 'indexscan', 'indexonlyscan']) await client.query(`set local enable_${scan} = off`);
          const [row] = (await client.query(`explain (analyze, format json) ${compiled.sql}`, [...compiled.parameters])).rows;
          await client.query('rollback');
          const all = nodes(row['QUERY PLAN'][0].Plan as PlanNode) as (PlanNode & { 'Actual Loops': number })[];
          return all.filter((n) => n['Index Name'] === 'conversions_search_trgm_idx').reduce((loops, n) => loops + n['Actual Loops'], 0);
        } finally {
          await client.end();
        }
      };
      expect(await trigramScans('Customer')).toBe(0);
      expect(await trigramScans('example.com')).toBe(0);
      expect(await trigramScans(await oldestText())).toBeGreaterThan(0);
    });

    it('finds exactly the rows, in the order, of the plain contains search, from the newest rows or through the index', async () => {
      const texts = ['Customer', 'example.com', 'customer a', 'c4b', 'c4b2', 'ab1', '@example.co', await oldestText(), 'no such text'];
      for (const text of texts) {
        for (const limit of [1, 5, 20]) {
          expect(await idsOf(searchSql.conversions(tenant, text, limit)), `${text} (${limit})`).toEqual(await idsOf(plainSearch(text, limit)));
        }
      }
    });

    it('a 2-character text reads only a window of the newest rows through the tenant indexes', async () => {
      const conversions = await explain(searchSql.conversions(tenant, 'zz', 5));
      expect(conversions.indexes).toContain('conversions_tenant_created_idx');
      expect(conversions.seqScans).not.toContain('conversions');
      const affiliates = await explain(searchSql.affiliates(tenant, 'zz', 10));
      expect(affiliates.indexes).toContain('affiliate_memberships_tenant_idx');
      // Each membership's affiliate by its id: the primary key, or the (id, merchant) key memberships reference.
      expect([...affiliates.indexes].some((index) => index === 'affiliates_pkey' || index === 'affiliates_id_merchant_key')).toBe(true);
      expect(affiliates.seqScans).not.toContain('affiliates');
    });
  });
});
