import { sql, type RawBuilder } from 'kysely';
import type { AffiliateMatch, CampaignMatch, ConversionMatch, CouponMatch, SearchIndex } from '../../../application/ports/search-index.js';
import type { Tenant } from '../../../application/shared/tenant.js';
import { Decimal, type ConversionStatus, type CurrencyCode } from '../../../domain/index.js';
import { currentDb, type Orm } from '../orm.js';

/**
 * The searched texts, exactly as the trigram indexes of Migration20261122000007StatsSearch are built
 * (an index is used only when the query repeats its expression). Fields are joined by chr(31), which
 * a search text cannot contain, so no match spans two fields.
 */
export const AFFILIATE_TEXT = sql.raw(`(a.name || chr(31) || a.email)`);
export const CONVERSION_TEXT = sql.raw(
  `(coalesce(c.order_id, '') || chr(31) || coalesce(c.customer_name, '') || chr(31) || coalesce(c.customer_email, ''))`,
);

/**
 * Trigrams need 3 characters: a 2-character text cannot use the indexes, so it looks at the newest
 * rows of each category only (this many), which keeps it as fast at a million rows as at a thousand.
 */
export const SHORT_TEXT_WINDOW = 2_000;

/** `%text%` for `ilike`, with the pattern characters of the text taken literally. */
export const containsPattern = (text: string): string => `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

/** How many of the newest conversions a search looks at before it asks the trigram index. */
export const RECENT_WINDOW = 1_000;

const isShort = (text: string): boolean => [...text].length < 3;

/**
 * The rare part of an identifier-like text, or null: for a text without spaces (an order id such as
 * `ORD-big-4242`), its longest run of at least 4 digits (the last of equally long ones) when the text
 * has more than that. Ids that share a prefix put every trigram of the prefix in nearly every row,
 * and a GIN scan for the whole text reads those posting lists from end to end (23–40 ms at a million
 * order ids sharing `ORD-big-`); the digits that tell ids apart are rare (2–3 ms). A row whose text
 * contains the whole text contains this part, so searching the part through the index and then the
 * whole text among those rows finds exactly the same rows.
 */
export const rarePart = (text: string): string | null => {
  if (/\s/.test(text)) return null;
  let rare: string | null = null;
  for (const [run] of text.matchAll(/[0-9]{4,}/g)) if (rare === null || run.length >= rare.length) rare = run;
  return rare !== null && rare.length < text.length ? rare : null;
};

/**
 * The conversion condition: the text anywhere in the searched fields. For identifier-like texts only
 * the rare part goes to the trigram index; the whole text is then checked on the rows it finds with
 * `texticlike`, the function behind `ilike`: the same test, which a GIN index cannot serve (so its
 * trigrams stay out of the index scan) but which the planner estimates from the indexed expression's
 * statistics, as it does the operator (a plain `ilike` would join the index scan; an altered
 * expression would get a blind estimate and could tempt the planner into walking every row).
 */
const conversionMatches = (text: string) => {
  const rare = rarePart(text);
  return rare === null
    ? sql`${CONVERSION_TEXT} ilike ${containsPattern(text)}`
    : sql`${CONVERSION_TEXT} ilike ${containsPattern(rare)} and texticlike(${CONVERSION_TEXT}, ${containsPattern(text)})`;
};

interface ConversionMatchRow {
  id: string;
  order_id: string | null;
  customer_name: string | null;
  customer_email: string | null;
  amount: string;
  currency: string;
  status: string;
}

/**
 * The search statements, exported so that a test can EXPLAIN exactly what runs
 * (test/integration/stats-search-plans.test.ts).
 */
export const searchSql = {
  campaigns: (tenant: Tenant, text: string, limit: number) => sql<CampaignMatch>`
    select c.id, c.name from campaigns c
    where c.merchant_id = ${tenant.merchantId} and c.name ilike ${containsPattern(text)}
    order by c.created_at desc, c.id desc
    limit ${limit}`,

  /**
   * One row per matching membership, most recently joined first (an affiliate on several campaigns
   * comes once per campaign; the caller keeps the first). The merchant's affiliates are those with any
   * membership (pending, approved or rejected) in the tenant's mode, as GET /affiliates/:id resolves them.
   */
  affiliates: (tenant: Tenant, text: string, rows: number) => {
    const pattern = containsPattern(text);
    if (isShort(text)) {
      // The newest memberships, each checked by primary key (`offset 0` keeps the lateral a nested
      // loop), stopping as soon as enough match.
      return sql<AffiliateMatch>`
        select a.id, a.name, a.email
        from (select affiliate_id, joined_at, id from affiliate_memberships
              where merchant_id = ${tenant.merchantId} and mode = ${tenant.mode}
              order by joined_at desc, id desc limit ${SHORT_TEXT_WINDOW}) m
        cross join lateral (
          select a.id, a.name, a.email from affiliates a
          where a.id = m.affiliate_id and a.is_test = ${tenant.mode === 'test'} and ${AFFILIATE_TEXT} ilike ${pattern}
          offset 0) a
        order by m.joined_at desc, m.id desc
        limit ${rows}`;
    }
    return sql<AffiliateMatch>`
      select a.id, a.name, a.email from affiliate_memberships m join affiliates a on a.id = m.affiliate_id
      where m.merchant_id = ${tenant.merchantId} and m.mode = ${tenant.mode} and a.is_test = ${tenant.mode === 'test'}
        and ${AFFILIATE_TEXT} ilike ${pattern}
      order by m.joined_at desc, m.id desc
      limit ${rows}`;
  },

  coupons: (tenant: Tenant, text: string, limit: number) => {
    const source = isShort(text)
      ? sql`(select * from coupons
          where merchant_id = ${tenant.merchantId} and mode = ${tenant.mode} and deleted_at is null
          order by created_at desc, id desc limit ${SHORT_TEXT_WINDOW}) k`
      : sql`coupons k`;
    return sql<CouponMatch>`
      select k.id, k.code, k.provider from ${source}
      where k.merchant_id = ${tenant.merchantId} and k.mode = ${tenant.mode} and k.deleted_at is null
        and k.code ilike ${containsPattern(text)}
      order by k.created_at desc, k.id desc
      limit ${limit}`;
  },

  /**
   * A 2-character text looks at the newest rows only. Any longer text first looks at the newest
   * `RECENT_WINDOW` rows: when they hold `limit` matches, those are the newest matches of all (every
   * other row is older), found without the trigram index, whose posting lists for a common text (a
   * frequent name) are long; otherwise the index finds them all (the window's part then never runs).
   */
  conversions: (tenant: Tenant, text: string, limit: number) => {
    const newest = (rows: number) => sql`(select * from conversions
          where merchant_id = ${tenant.merchantId} and mode = ${tenant.mode}
          order by created_at desc, id desc limit ${rows}) c`;
    const matching = (source: RawBuilder<unknown>) => sql`
      select c.id, c.order_id, c.customer_name, c.customer_email, c.amount::text as amount, c.currency, c.status, c.created_at
      from ${source}
      where c.merchant_id = ${tenant.merchantId} and c.mode = ${tenant.mode} and ${conversionMatches(text)}
      order by c.created_at desc, c.id desc
      limit ${limit}`;
    if (isShort(text)) return sql<ConversionMatchRow>`${matching(newest(SHORT_TEXT_WINDOW))}`;
    return sql<ConversionMatchRow>`
      with recent as materialized (${matching(newest(RECENT_WINDOW))})
      select * from (
        select * from recent where (select count(*) from recent) >= ${limit}
        union all
        select * from (${matching(sql`conversions c`)}) everywhere where (select count(*) from recent) < ${limit}) found
      order by created_at desc, id desc`;
  },
};

/** Case-insensitive substring search with `ilike`, served by pg_trgm GIN indexes. */
export class SqlSearchIndex implements SearchIndex {
  constructor(private readonly orm: Orm) {}

  private db() {
    return currentDb(this.orm);
  }

  async campaigns(tenant: Tenant, text: string, limit: number): Promise<readonly CampaignMatch[]> {
    return (await searchSql.campaigns(tenant, text, limit).execute(this.db())).rows;
  }

  async affiliates(tenant: Tenant, text: string, limit: number): Promise<readonly AffiliateMatch[]> {
    // Memberships, not affiliates, are read in order: read more than `limit` and keep each affiliate
    // once, reading deeper only when affiliates on several campaigns left too few.
    for (let rows = limit * 2; ; rows *= 4) {
      const found = (await searchSql.affiliates(tenant, text, rows).execute(this.db())).rows;
      const unique = [...new Map(found.map((a) => [a.id, a])).values()];
      if (unique.length >= limit || found.length < rows) return unique.slice(0, limit);
    }
  }

  async coupons(tenant: Tenant, text: string, limit: number): Promise<readonly CouponMatch[]> {
    return (await searchSql.coupons(tenant, text, limit).execute(this.db())).rows;
  }

  async conversions(tenant: Tenant, text: string, limit: number): Promise<readonly ConversionMatch[]> {
    const { rows } = await searchSql.conversions(tenant, text, limit).execute(this.db());
    return rows.map((r) => ({
      id: r.id,
      orderId: r.order_id,
      customerName: r.customer_name,
      customerEmail: r.customer_email,
      amount: new Decimal(r.amount),
      currency: r.currency as CurrencyCode,
      status: r.status as ConversionStatus,
    }));
  }
}
