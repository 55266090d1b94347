import { sql } from 'kysely';
import type { RiskReviewCounts, RiskReviewFilter, RiskReviewQueries, RiskReviewRow, RiskReviewStatus } from '../../../application/ports/risk-review-queries.js';
import { offsetOf, type Page, type PageRequest } from '../../../application/shared/page.js';
import type { Tenant } from '../../../application/shared/tenant.js';
import { Decimal, type ConversionSource, type RiskSubject } from '../../../domain/index.js';
import { currentDb, type Orm } from '../orm.js';

interface Row {
  kind: RiskSubject;
  id: string;
  status: RiskReviewStatus;
  affiliate_id: string;
  affiliate_name: string;
  affiliate_email: string;
  campaign_id: string | null;
  campaign_name: string | null;
  amount: string | null;
  commission: string | null;
  currency: string | null;
  source: ConversionSource | null;
  created_at: Date;
  flagged_at: Date;
  total: string;
}

/**
 * The subjects of review in one statement: flagged conversions, held ones without a flag (held by
 * hand), and flagged or banned affiliates. Each part starts from a narrow index (`risk_flags` by
 * tenant, conversions by tenant and status, bans by merchant), never from every sale or affiliate:
 * the navigation counts these on every dashboard page.
 */
const subjects = (tenant: Tenant) => sql`
  with flagged as (
    select subject_kind as kind, subject_id as id, max(created_at) as flagged_at from risk_flags
     where merchant_id = ${tenant.merchantId} and mode = ${tenant.mode}
     group by subject_kind, subject_id
  ), subjects as (
    select 'conversion'::text as kind, c.id, c.status::text as status, c.affiliate_id, c.campaign_id, c.amount::text as amount,
           c.commission::text as commission, c.currency, c.source, c.created_at, f.flagged_at
      from flagged f join conversions c on c.id = f.id and c.merchant_id = ${tenant.merchantId} and c.mode = ${tenant.mode}
     where f.kind = 'conversion'
    union all
    select 'conversion', c.id, c.status, c.affiliate_id, c.campaign_id, c.amount::text, c.commission::text, c.currency, c.source, c.created_at, c.updated_at
      from conversions c
     where c.merchant_id = ${tenant.merchantId} and c.mode = ${tenant.mode} and c.status = 'held'
       and not exists (select 1 from flagged f where f.kind = 'conversion' and f.id = c.id)
    union all
    select 'affiliate', a.id, case when b.affiliate_id is null then 'flagged' else 'banned' end, a.id, null, null, null, null, null, a.created_at,
           coalesce(f.flagged_at, b.banned_at)
      from (select f.id from flagged f where f.kind = 'affiliate'
            union
            select b.affiliate_id from affiliate_bans b where b.merchant_id = ${tenant.merchantId}) x
      join affiliates a on a.id = x.id and a.merchant_id = ${tenant.merchantId} and a.is_test = ${tenant.mode === 'test'}
      left join flagged f on f.kind = 'affiliate' and f.id = a.id
      left join affiliate_bans b on b.merchant_id = ${tenant.merchantId} and b.affiliate_id = a.id
  )`;

/** What waits for a person: a pending or held sale, an affiliate flagged and not banned. */
const OPEN = sql`((s.kind = 'conversion' and s.status in ('pending', 'held')) or (s.kind = 'affiliate' and s.status = 'flagged'))`;

/** What waits in each kind: the navigation's counts, on every dashboard page. */
export const openCountsSql = (tenant: Tenant) => sql<{ conversions: number; affiliates: number }>`${subjects(tenant)}
  select count(*) filter (where kind = 'conversion' and ${OPEN})::int as conversions,
         count(*) filter (where kind = 'affiliate' and ${OPEN})::int as affiliates
    from subjects s`;

export class SqlRiskReviewQueries implements RiskReviewQueries {
  constructor(private readonly orm: Orm) {}

  async page(tenant: Tenant, filter: RiskReviewFilter, page: PageRequest): Promise<Page<RiskReviewRow>> {
    const conditions = [sql`true`];
    if (filter.kind) conditions.push(sql`s.kind = ${filter.kind}`);
    if (filter.status) conditions.push(sql`s.status = ${filter.status}`);
    if (filter.open) conditions.push(OPEN);
    if (filter.signal) {
      conditions.push(sql`exists (select 1 from risk_flags r where r.merchant_id = ${tenant.merchantId} and r.mode = ${tenant.mode}
        and r.subject_kind = s.kind and r.subject_id = s.id and r.code = ${filter.signal})`);
    }
    const { rows } = await sql<Row>`${subjects(tenant)}
      select s.kind, s.id, s.status, s.affiliate_id, af.name as affiliate_name, af.email as affiliate_email, s.campaign_id,
             cp.name as campaign_name, s.amount, s.commission, s.currency, s.source, s.created_at, s.flagged_at,
             count(*) over () as total
        from subjects s
        join affiliates af on af.id = s.affiliate_id
        left join campaigns cp on cp.id = s.campaign_id
       where ${sql.join(conditions, sql` and `)}
       order by s.flagged_at desc, s.id desc
       limit ${page.limit} offset ${offsetOf(page)}`.execute(currentDb(this.orm));
    let total = rows.length > 0 ? Number(rows[0]?.total) : 0;
    if (rows.length === 0 && page.page > 1) total = await this.count(tenant, filter);
    return {
      items: rows.map((r) => ({
        kind: r.kind,
        id: r.id,
        status: r.status,
        affiliateId: r.affiliate_id,
        affiliateName: r.affiliate_name,
        affiliateEmail: r.affiliate_email,
        campaignId: r.campaign_id,
        campaignName: r.campaign_name,
        amount: r.amount === null ? null : new Decimal(r.amount),
        commission: r.commission === null ? null : new Decimal(r.commission),
        currency: r.currency,
        source: r.source,
        createdAt: new Date(r.created_at),
        flaggedAt: new Date(r.flagged_at),
      })),
      page: page.page,
      limit: page.limit,
      total,
    };
  }

  /** A page past the end still reports how many there are. */
  private async count(tenant: Tenant, filter: RiskReviewFilter): Promise<number> {
    const first = await this.page(tenant, filter, { page: 1, limit: 1 });
    return first.total;
  }

  async openCounts(tenant: Tenant): Promise<RiskReviewCounts> {
    const { rows } = await openCountsSql(tenant).execute(currentDb(this.orm));
    return rows[0] ?? { conversions: 0, affiliates: 0 };
  }
}
