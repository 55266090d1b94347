import { Migration } from '@mikro-orm/migrations';

/**
 * Statistics and search (see docs/api/stats-and-search.md and docs/decisions.md).
 *
 * Statistics read roll-ups instead of the rows they count, so a figure costs time in proportion to
 * the days or months it covers, not to the sales recorded:
 *
 * - `conversion_daily_totals`             (merchant, mode, UTC day, currency): `/stats`, the overview, the earnings cap;
 * - `conversion_campaign_monthly_totals`  (… campaign, UTC month, currency): campaign figures, revenue sorting;
 * - `conversion_affiliate_monthly_totals` (… affiliate, UTC month, currency): affiliate earnings, top affiliates;
 * - `conversion_affiliate_monthly_ranks`  (… UTC month, affiliate): the month's commission of each affiliate
 *   in US dollars at fixed reference rates (`ranking_reference_rates`), an index key that lets the
 *   overview find its top affiliates at the day's rates by reading a handful of rows;
 * - `click_daily_totals`                  (merchant, mode, UTC day): `totalClicks`;
 * - `campaign_affiliate_counts`, `merchant_affiliate_memberships`, `merchant_affiliate_counts`: approved
 *   affiliates per campaign and (distinct) per merchant.
 *
 * The conversion roll-ups hold counted sales only: every status but `rejected` and `refunded`, the rule
 * of `conversion-counting.sql.ts` (a property test checks that the roll-ups equal a recount through
 * that fragment). So a move between counted statuses (approval, payout, hold) changes no roll-up row
 * at all; only a new sale, a rejection or a refund does.
 *
 * Statement-level triggers keep them, in the same transaction as every insert, update and delete on
 * the source table, whichever code path writes: each groups the statement's rows (old ones
 * subtracted, new ones added), skips keys whose change is zero, upserts in a fixed order (day, campaign,
 * affiliate, rank roll-up; rows in key order), and deletes rows that fall to zero. A bulk
 * `insert ... select` aggregates in one pass. Since only single-sale changes touch roll-up rows (one
 * row per roll-up, always in that order), two transactions cannot deadlock on them.
 *
 * Search: trigram (pg_trgm) GIN indexes for case-insensitive substring matching with `ilike`.
 */

const COUNTED = `status not in ('rejected', 'refunded')`;
const DAY = `(created_at at time zone 'UTC')::date`;
const MONTH = `date_trunc('month', created_at at time zone 'UTC')::date`;

interface Rollup {
  readonly table: string;
  /** Primary key columns, in lock order. */
  readonly keys: readonly string[];
}

const ROLLUPS: readonly Rollup[] = [
  { table: 'conversion_daily_totals', keys: ['merchant_id', 'mode', 'day', 'currency'] },
  { table: 'conversion_campaign_monthly_totals', keys: ['merchant_id', 'mode', 'campaign_id', 'month', 'currency'] },
  { table: 'conversion_affiliate_monthly_totals', keys: ['merchant_id', 'mode', 'affiliate_id', 'month', 'currency'] },
];

/** One signed contribution per counted row of a transition table (or of the table, for the backfill). */
const contributions = (rows: string, sign: '' | '-'): string =>
  `select merchant_id, mode, campaign_id, affiliate_id, ${DAY} as day, ${MONTH} as month, currency,
          ${sign}1 as n, ${sign}amount as revenue, ${sign}coalesce(tax_amount, 0) as tax, ${sign}commission as commission
   from ${rows} where ${COUNTED}`;

const sourceOf = (event: 'insert' | 'update' | 'delete'): string =>
  event === 'insert'
    ? contributions('new_rows', '')
    : event === 'delete'
      ? contributions('old_rows', '-')
      : `${contributions('new_rows', '')} union all ${contributions('old_rows', '-')}`;

const upsert = ({ table, keys }: Rollup, source: string): string => {
  const k = keys.join(', ');
  return `insert into ${table} as t (${k}, conversions, revenue, tax, commission)
    select ${k}, sum(n), sum(revenue), sum(tax), sum(commission)
    from (${source}) s
    group by ${k}
    having sum(n) <> 0 or sum(revenue) <> 0 or sum(tax) <> 0 or sum(commission) <> 0
    order by ${k}
    on conflict (${k}) do update set
      conversions = t.conversions + excluded.conversions,
      revenue = t.revenue + excluded.revenue,
      tax = t.tax + excluded.tax,
      commission = t.commission + excluded.commission;`;
};

const dropEmpty = ({ table, keys }: Rollup, source: string): string => {
  const k = keys.join(', ');
  return `delete from ${table} where (${k}) in (select distinct ${k} from (${source}) s) and conversions = 0;`;
};

/** Per affiliate and month: counted sales and their commission at the reference rates (0 for a currency without one). */
const rankUpsert = (source: string): string => `insert into conversion_affiliate_monthly_ranks as t
    (merchant_id, mode, month, affiliate_id, conversions, reference_commission)
    select s.merchant_id, s.mode, s.month, s.affiliate_id, sum(s.n), sum(s.commission * coalesce(rr.usd_per_unit, 0))
    from (${source}) s left join ranking_reference_rates rr on rr.currency = s.currency
    group by s.merchant_id, s.mode, s.month, s.affiliate_id
    having sum(s.n) <> 0 or sum(s.commission * coalesce(rr.usd_per_unit, 0)) <> 0
    order by s.merchant_id, s.mode, s.month, s.affiliate_id
    on conflict (merchant_id, mode, month, affiliate_id) do update set
      conversions = t.conversions + excluded.conversions,
      reference_commission = t.reference_commission + excluded.reference_commission;`;

const conversionTrigger = (event: 'insert' | 'update' | 'delete'): string => {
  const source = sourceOf(event);
  const statements = [...ROLLUPS.map((r) => upsert(r, source)), rankUpsert(source)];
  if (event !== 'insert') {
    statements.push(...ROLLUPS.map((r) => dropEmpty(r, source)));
    statements.push(`delete from conversion_affiliate_monthly_ranks where (merchant_id, mode, month, affiliate_id) in
      (select distinct merchant_id, mode, month, affiliate_id from (${source}) s) and conversions = 0;`);
  }
  return `
    create function conversion_totals_after_${event}() returns trigger language plpgsql as $$
    begin
      ${statements.join('\n      ')}
      return null;
    end $$;`;
};

/** Approved memberships: +1 for each new approved row, -1 for each old one. */
const membershipSource = (event: 'insert' | 'update' | 'delete'): string => {
  const rows = (table: string, sign: '' | '-') =>
    `select merchant_id, mode, campaign_id, affiliate_id, ${sign}1 as n from ${table} where status = 'approved'`;
  return event === 'insert'
    ? rows('new_rows', '')
    : event === 'delete'
      ? rows('old_rows', '-')
      : `${rows('new_rows', '')} union all ${rows('old_rows', '-')}`;
};

const membershipTrigger = (event: 'insert' | 'update' | 'delete'): string => {
  const source = membershipSource(event);
  return `
    create function membership_counts_after_${event}() returns trigger language plpgsql as $$
    begin
      insert into campaign_affiliate_counts as t (merchant_id, mode, campaign_id, approved_affiliates)
        select merchant_id, mode, campaign_id, sum(n) from (${source}) s
        group by merchant_id, mode, campaign_id having sum(n) <> 0
        order by merchant_id, mode, campaign_id
        on conflict (merchant_id, mode, campaign_id) do update
          set approved_affiliates = t.approved_affiliates + excluded.approved_affiliates;
      -- Distinct affiliates: the per-affiliate row (locked by the upsert, so concurrent changes to one
      -- affiliate serialise) tells whether this change took its count from zero or to zero.
      with d as (
        select merchant_id, mode, affiliate_id, sum(n)::int as n from (${source}) s
        group by merchant_id, mode, affiliate_id having sum(n) <> 0),
      up as (
        insert into merchant_affiliate_memberships as t (merchant_id, mode, affiliate_id, approved_memberships)
          select merchant_id, mode, affiliate_id, n from d order by merchant_id, mode, affiliate_id
          on conflict (merchant_id, mode, affiliate_id) do update
            set approved_memberships = t.approved_memberships + excluded.approved_memberships
          returning t.merchant_id, t.mode, t.affiliate_id, t.approved_memberships as after)
      insert into merchant_affiliate_counts as t (merchant_id, mode, approved_affiliates)
        select up.merchant_id, up.mode,
               sum(case when up.after > 0 and up.after - d.n <= 0 then 1 when up.after <= 0 and up.after - d.n > 0 then -1 else 0 end)
        from up join d using (merchant_id, mode, affiliate_id)
        group by up.merchant_id, up.mode
        having sum(case when up.after > 0 and up.after - d.n <= 0 then 1 when up.after <= 0 and up.after - d.n > 0 then -1 else 0 end) <> 0
        order by up.merchant_id, up.mode
        on conflict (merchant_id, mode) do update set approved_affiliates = t.approved_affiliates + excluded.approved_affiliates;
      ${
        event === 'insert'
          ? ''
          : `delete from campaign_affiliate_counts where approved_affiliates = 0
          and (merchant_id, mode, campaign_id) in (select merchant_id, mode, campaign_id from (${source}) s);
      delete from merchant_affiliate_memberships where approved_memberships = 0
          and (merchant_id, mode, affiliate_id) in (select merchant_id, mode, affiliate_id from (${source}) s);
      delete from merchant_affiliate_counts where approved_affiliates = 0
          and (merchant_id, mode) in (select merchant_id, mode from (${source}) s);`
      }
      return null;
    end $$;`;
};

const transitionOf = (event: 'insert' | 'update' | 'delete'): string =>
  event === 'insert' ? 'new table as new_rows' : event === 'delete' ? 'old table as old_rows' : 'old table as old_rows new table as new_rows';

const EVENTS = ['insert', 'update', 'delete'] as const;

export class Migration20261122000007StatsSearch extends Migration {
  override up(): void {
    for (const { table, keys } of ROLLUPS) {
      const columns = keys.map((k) => `${k} ${k === 'day' || k === 'month' ? 'date' : k === 'mode' || k === 'currency' ? 'text' : 'uuid'} not null`);
      this.addSql(`
        create table ${table} (
          ${columns.join(',\n          ')},
          conversions integer not null,
          revenue numeric not null,
          tax numeric not null,
          commission numeric not null,
          primary key (${keys.join(', ')})
        );`);
    }
    // Top affiliates of a month: each currency's affiliates by commission, best first.
    this.addSql(`
      create index conversion_affiliate_monthly_rank_idx
        on conversion_affiliate_monthly_totals (merchant_id, mode, month, currency, commission desc, affiliate_id);`);
    // Fixed yardsticks (the latest seeded rate of each currency), never changed: the overview bounds
    // how far the day's rates stray from them, so they need not be current, only positive.
    this.addSql(`
      create table ranking_reference_rates (
        currency text primary key,
        usd_per_unit numeric not null check (usd_per_unit > 0)
      );`);
    this.addSql(`
      insert into ranking_reference_rates (currency, usd_per_unit)
      select distinct on (currency) currency, usd_per_unit from exchange_rates order by currency, rate_date desc;`);
    this.addSql(`
      create table conversion_affiliate_monthly_ranks (
        merchant_id uuid not null,
        mode text not null,
        month date not null,
        affiliate_id uuid not null,
        conversions integer not null,
        reference_commission numeric not null,
        primary key (merchant_id, mode, month, affiliate_id)
      );`);
    this.addSql(`
      create index conversion_affiliate_monthly_ranks_idx
        on conversion_affiliate_monthly_ranks (merchant_id, mode, month, reference_commission desc, affiliate_id);`);
    for (const event of EVENTS) {
      this.addSql(conversionTrigger(event));
      this.addSql(`
        create trigger conversions_totals_${event} after ${event} on conversions referencing ${transitionOf(event)}
        for each statement execute function conversion_totals_after_${event}();`);
    }
    for (const rollup of ROLLUPS) this.addSql(upsert(rollup, contributions('conversions', '')));
    this.addSql(rankUpsert(contributions('conversions', '')));

    this.addSql(`
      create table click_daily_totals (
        merchant_id uuid not null,
        mode text not null,
        day date not null,
        clicks integer not null,
        primary key (merchant_id, mode, day)
      );`);
    const clickUpsert = (rows: string, sign: '' | '-') => `
      insert into click_daily_totals as t (merchant_id, mode, day, clicks)
      select merchant_id, mode, ${DAY}, ${sign}count(*) from ${rows}
      group by merchant_id, mode, ${DAY}
      order by merchant_id, mode, ${DAY}
      on conflict (merchant_id, mode, day) do update set clicks = t.clicks + excluded.clicks;`;
    this.addSql(`
      create function click_totals_after_insert() returns trigger language plpgsql as $$
      begin
        ${clickUpsert('new_rows', '')}
        return null;
      end $$;`);
    this.addSql(`
      create function click_totals_after_delete() returns trigger language plpgsql as $$
      begin
        ${clickUpsert('old_rows', '-')}
        delete from click_daily_totals where clicks = 0 and (merchant_id, mode, day) in (select merchant_id, mode, ${DAY} from old_rows);
        return null;
      end $$;`);
    for (const event of ['insert', 'delete'] as const) {
      this.addSql(`
        create trigger clicks_totals_${event} after ${event} on clicks referencing ${transitionOf(event)}
        for each statement execute function click_totals_after_${event}();`);
    }
    this.addSql(clickUpsert('clicks', ''));

    this.addSql(`
      create table campaign_affiliate_counts (
        merchant_id uuid not null,
        mode text not null,
        campaign_id uuid not null,
        approved_affiliates integer not null,
        primary key (merchant_id, mode, campaign_id)
      );`);
    this.addSql(`
      create table merchant_affiliate_memberships (
        merchant_id uuid not null,
        mode text not null,
        affiliate_id uuid not null,
        approved_memberships integer not null,
        primary key (merchant_id, mode, affiliate_id)
      );`);
    this.addSql(`
      create table merchant_affiliate_counts (
        merchant_id uuid not null,
        mode text not null,
        approved_affiliates integer not null,
        primary key (merchant_id, mode)
      );`);
    for (const event of EVENTS) {
      this.addSql(membershipTrigger(event));
      this.addSql(`
        create trigger affiliate_memberships_counts_${event} after ${event} on affiliate_memberships
        referencing ${transitionOf(event)}
        for each statement execute function membership_counts_after_${event}();`);
    }
    this.addSql(`
      insert into campaign_affiliate_counts (merchant_id, mode, campaign_id, approved_affiliates)
      select merchant_id, mode, campaign_id, count(*) from affiliate_memberships where status = 'approved'
      group by merchant_id, mode, campaign_id;`);
    this.addSql(`
      insert into merchant_affiliate_memberships (merchant_id, mode, affiliate_id, approved_memberships)
      select merchant_id, mode, affiliate_id, count(*) from affiliate_memberships where status = 'approved'
      group by merchant_id, mode, affiliate_id;`);
    this.addSql(`
      insert into merchant_affiliate_counts (merchant_id, mode, approved_affiliates)
      select merchant_id, mode, count(*) from merchant_affiliate_memberships group by merchant_id, mode;`);

    // Partial days at the edges of a period, the newest sales, and search ordering.
    this.addSql(`create index conversions_tenant_created_idx on conversions (merchant_id, mode, created_at desc, id desc);`);
    this.addSql(`create index clicks_tenant_created_idx on clicks (merchant_id, mode, created_at);`);

    // Search: case-insensitive substring (`ilike '%q%'`) through trigram indexes. The fields of one
    // row are searched as one text joined by a unit separator (chr(31)), which a query cannot contain
    // (control characters are refused), so a match never spans two fields. These expressions must stay
    // identical to those in `sql-search.ts`, or the indexes go unused (test/integration/stats-search-plans.test.ts).
    this.addSql(`create index campaigns_name_trgm_idx on campaigns using gin (name gin_trgm_ops);`);
    this.addSql(`create index affiliates_search_trgm_idx on affiliates using gin ((name || chr(31) || email) gin_trgm_ops);`);
    this.addSql(`
      create index conversions_search_trgm_idx on conversions using gin
        ((coalesce(order_id, '') || chr(31) || coalesce(customer_name, '') || chr(31) || coalesce(customer_email, '')) gin_trgm_ops);`);
    this.addSql(`create index coupons_code_trgm_idx on coupons using gin (code gin_trgm_ops) where deleted_at is null;`);
  }
}
