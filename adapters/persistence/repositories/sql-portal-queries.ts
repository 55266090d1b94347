import type {
  PortalConversion,
  PortalCoupon,
  PortalEarnings,
  PortalMembership,
  PortalPayout,
  PortalQueries,
  PortalViewer,
  PublicCampaign,
} from '../../../application/ports/portal-queries.js';
import { offsetOf, type Page, type PageRequest } from '../../../application/shared/page.js';
import { COUNTED_SALE_STATUSES, CUSTOM_DOMAIN_PLANS, Decimal, type CommissionType, type CurrencyCode, type MembershipStatus, type PayoutStatus } from '../../../domain/index.js';
import { currentDb, type Orm } from '../orm.js';
import { sql } from 'kysely';
import { dateOrNull } from '../mappers/timestamps.js';

const dec = (v: string | null): Decimal | null => (v === null ? null : new Decimal(v));

interface CampaignRow {
  id: string;
  merchant_id: string;
  business_name: string;
  name: string;
  description: string | null;
  tracking_code: string;
  commission_type: CommissionType;
  commission_value: string;
  auto_approve_affiliates: boolean;
  total?: string;
}

const toCampaign = (r: CampaignRow): PublicCampaign => ({
  id: r.id,
  merchantId: r.merchant_id,
  businessName: r.business_name,
  name: r.name,
  description: r.description,
  trackingCode: r.tracking_code,
  commissionType: r.commission_type,
  commissionValue: new Decimal(r.commission_value),
  autoApproveAffiliates: r.auto_approve_affiliates,
});

interface ConversionRow {
  id: string;
  campaign_name: string;
  amount: string;
  commission: string;
  currency: string;
  status: string;
  created_at: Date | string;
  approved_at: Date | string | null;
  total?: string;
}

const toConversion = (r: ConversionRow): PortalConversion => ({
  id: r.id,
  campaignName: r.campaign_name,
  amount: new Decimal(r.amount),
  commission: new Decimal(r.commission),
  currency: r.currency as CurrencyCode,
  status: r.status,
  createdAt: dateOrNull(r.created_at)!,
  approvedAt: dateOrNull(r.approved_at),
});

const pageOf = <R extends { total?: string }, T>(rows: R[], request: PageRequest, map: (r: R) => T): Page<T> => ({
  items: rows.map(map),
  page: request.page,
  limit: request.limit,
  total: rows[0]?.total ? Number(rows[0].total) : 0,
});

/** `lower(host)` of a stored custom domain, which may carry a scheme or a trailing slash. */
const DOMAIN_HOST = `lower(regexp_replace(regexp_replace(m.custom_domain, '^https?://', '', 'i'), '/+$', ''))`;

/**
 * The portal's reads in plain SQL. Every affiliate read filters by the viewer's affiliate id, the
 * merchant and the live mode together, so no row of another affiliate, merchant or mode can appear.
 */
export class SqlPortalQueries implements PortalQueries {
  constructor(private readonly orm: Orm) {}

  private async rows<T>(text: ReturnType<typeof sql>): Promise<T[]> {
    return (await text.execute(currentDb(this.orm))).rows as T[];
  }

  async publicCampaigns(merchantId: string | null, page: PageRequest): Promise<Page<PublicCampaign>> {
    const rows = await this.rows<CampaignRow>(sql`
      select c.id, c.merchant_id, m.business_name, c.name, c.description, c.tracking_code, c.commission_type,
        c.commission_value, c.auto_approve_affiliates, count(*) over () as total
      from campaigns c join merchants m on m.id = c.merchant_id
      where c.is_public and c.status = 'active' and (${merchantId}::uuid is null or c.merchant_id = ${merchantId}::uuid)
      order by c.created_at desc, c.id desc limit ${page.limit} offset ${offsetOf(page)}`);
    return pageOf(rows, page, toCampaign);
  }

  async publicCampaign(merchantId: string, trackingCode: string): Promise<PublicCampaign | null> {
    const [row] = await this.rows<CampaignRow>(sql`
      select c.id, c.merchant_id, m.business_name, c.name, c.description, c.tracking_code, c.commission_type,
        c.commission_value, c.auto_approve_affiliates
      from campaigns c join merchants m on m.id = c.merchant_id
      where c.tracking_code = ${trackingCode} and c.merchant_id = ${merchantId}::uuid and c.is_public and c.status = 'active'`);
    return row ? toCampaign(row) : null;
  }

  async merchantIdByCustomDomain(host: string): Promise<string | null> {
    const [row] = await this.rows<{ id: string }>(sql`
      select m.id from merchants m
      where m.custom_domain is not null and m.plan = any(${[...CUSTOM_DOMAIN_PLANS]}) and ${sql.raw(DOMAIN_HOST)} = ${host.toLowerCase()}
      limit 1`);
    return row?.id ?? null;
  }

  async memberships(v: PortalViewer): Promise<readonly PortalMembership[]> {
    const rows = await this.rows<{ campaign_id: string; name: string; tracking_code: string; status: MembershipStatus; joined_at: Date | string }>(sql`
      select am.campaign_id, c.name, c.tracking_code, am.status, am.joined_at
      from affiliate_memberships am join campaigns c on c.id = am.campaign_id
      where am.affiliate_id = ${v.affiliateId}::uuid and am.merchant_id = ${v.merchantId}::uuid and am.mode = 'live'
      order by am.joined_at, am.id`);
    return rows.map((r) => ({ campaignId: r.campaign_id, campaignName: r.name, trackingCode: r.tracking_code, status: r.status, joinedAt: dateOrNull(r.joined_at)! }));
  }

  async earnings(v: PortalViewer, days: number, until: Date): Promise<PortalEarnings> {
    const [clicks] = await this.rows<{ clicks: string; unique_clicks: string }>(sql`
      select k.clicks + a.clicks as clicks, k.unique_clicks + a.unique_clicks as unique_clicks
      from (select count(*) as clicks, count(distinct visitor_hash) as unique_clicks from clicks
        where affiliate_id = ${v.affiliateId}::uuid and merchant_id = ${v.merchantId}::uuid and mode = 'live') k
      -- Clicks past their retention live on as daily counts (docs/scaling.md).
      cross join (select coalesce(sum(clicks), 0) as clicks, coalesce(sum(unique_visitors), 0) as unique_clicks from click_daily_aggregates
        where affiliate_id = ${v.affiliateId}::uuid and merchant_id = ${v.merchantId}::uuid and mode = 'live') a`);
    const totals = await this.rows<{ currency: string; conversions: string; revenue: string; pending: string; approved: string; paid: string }>(sql`
      select currency, count(*) as conversions, sum(amount) as revenue,
        coalesce(sum(commission) filter (where status = 'pending'), 0) as pending,
        coalesce(sum(commission) filter (where status = 'approved'), 0) as approved,
        coalesce(sum(commission) filter (where status = 'paid'), 0) as paid
      from conversions
      where affiliate_id = ${v.affiliateId}::uuid and merchant_id = ${v.merchantId}::uuid and mode = 'live'
        and status = any(${[...COUNTED_SALE_STATUSES]})
      group by currency order by currency`);
    const from = new Date(Date.UTC(until.getUTCFullYear(), until.getUTCMonth(), until.getUTCDate() - (days - 1)));
    const daily = await this.rows<{ day: string; clicks: string; conversions: string; commissions: Record<string, string> | null }>(sql`
      with span as (select generate_series(${from}::timestamptz at time zone 'UTC', ${until}::timestamptz at time zone 'UTC', interval '1 day')::date as day),
      k as (
        select (created_at at time zone 'UTC')::date as day, count(*) as n from clicks
        where affiliate_id = ${v.affiliateId}::uuid and merchant_id = ${v.merchantId}::uuid and mode = 'live' and created_at >= ${from}
        group by 1),
      c as (
        select (created_at at time zone 'UTC')::date as day, currency, count(*) as n, sum(commission) as commission from conversions
        where affiliate_id = ${v.affiliateId}::uuid and merchant_id = ${v.merchantId}::uuid and mode = 'live' and created_at >= ${from}
          and status = any(${[...COUNTED_SALE_STATUSES]})
        group by 1, 2)
      select to_char(span.day, 'YYYY-MM-DD') as day, coalesce(k.n, 0) as clicks,
        coalesce((select sum(n) from c where c.day = span.day), 0) as conversions,
        (select jsonb_object_agg(currency, commission::text) from c where c.day = span.day) as commissions
      from span left join k on k.day = span.day order by span.day`);
    return {
      clicks: Number(clicks?.clicks ?? 0),
      uniqueClicks: Number(clicks?.unique_clicks ?? 0),
      byCurrency: totals.map((t) => ({
        currency: t.currency as CurrencyCode,
        conversions: Number(t.conversions),
        revenue: new Decimal(t.revenue),
        pendingCommissions: new Decimal(t.pending),
        approvedCommissions: new Decimal(t.approved),
        paidCommissions: new Decimal(t.paid),
      })),
      days: daily.map((d) => ({ day: d.day, clicks: Number(d.clicks), conversions: Number(d.conversions), commissions: d.commissions ?? {} })),
    };
  }

  async conversions(v: PortalViewer, page: PageRequest): Promise<Page<PortalConversion>> {
    const rows = await this.rows<ConversionRow>(sql`
      select cv.id, c.name as campaign_name, cv.amount, cv.commission, cv.currency, cv.status, cv.created_at, cv.approved_at,
        count(*) over () as total
      from conversions cv join campaigns c on c.id = cv.campaign_id
      where cv.affiliate_id = ${v.affiliateId}::uuid and cv.merchant_id = ${v.merchantId}::uuid and cv.mode = 'live'
      order by cv.created_at desc, cv.id desc limit ${page.limit} offset ${offsetOf(page)}`);
    return pageOf(rows, page, toConversion);
  }

  async conversion(v: PortalViewer, id: string): Promise<PortalConversion | null> {
    const [row] = await this.rows<ConversionRow>(sql`
      select cv.id, c.name as campaign_name, cv.amount, cv.commission, cv.currency, cv.status, cv.created_at, cv.approved_at
      from conversions cv join campaigns c on c.id = cv.campaign_id
      where cv.id = ${id}::uuid and cv.affiliate_id = ${v.affiliateId}::uuid and cv.merchant_id = ${v.merchantId}::uuid and cv.mode = 'live'`);
    return row ? toConversion(row) : null;
  }

  async payouts(v: PortalViewer, page: PageRequest): Promise<Page<PortalPayout>> {
    const rows = await this.rows<{
      id: string; campaign_name: string; amount: string; currency: string; status: PayoutStatus;
      scheduled_date: Date | string | null; completed_at: Date | string | null; created_at: Date | string; total: string;
    }>(sql`
      select p.id, c.name as campaign_name, p.amount, p.currency, p.status, p.scheduled_date, p.completed_at, p.created_at,
        count(*) over () as total
      from payouts p join campaigns c on c.id = p.campaign_id
      where p.affiliate_id = ${v.affiliateId}::uuid and p.merchant_id = ${v.merchantId}::uuid and p.mode = 'live'
      order by p.created_at desc, p.id desc limit ${page.limit} offset ${offsetOf(page)}`);
    return pageOf(rows, page, (r) => ({
      id: r.id,
      campaignName: r.campaign_name,
      amount: new Decimal(r.amount),
      currency: r.currency as CurrencyCode,
      status: r.status,
      scheduledDate: dateOrNull(r.scheduled_date),
      completedAt: dateOrNull(r.completed_at),
      createdAt: dateOrNull(r.created_at)!,
    }));
  }

  async coupons(v: PortalViewer): Promise<readonly PortalCoupon[]> {
    const rows = await this.rows<{ code: string; campaign_name: string; percent_off: string | null; amount_off: string | null; currency: string | null }>(sql`
      select k.code, c.name as campaign_name, k.percent_off, k.amount_off, k.currency
      from coupons k join campaigns c on c.id = k.campaign_id
      where k.affiliate_id = ${v.affiliateId}::uuid and k.merchant_id = ${v.merchantId}::uuid and k.mode = 'live' and k.deleted_at is null
      order by k.created_at, k.id`);
    return rows.map((r) => ({
      code: r.code,
      campaignName: r.campaign_name,
      percentOff: dec(r.percent_off),
      amountOff: dec(r.amount_off),
      currency: r.currency as CurrencyCode | null,
    }));
  }

  async teamIdOf(v: PortalViewer): Promise<string | null> {
    const [row] = await this.rows<{ team_id: string }>(sql`
      select team_id from team_members
      where affiliate_id = ${v.affiliateId}::uuid and merchant_id = ${v.merchantId}::uuid and mode = 'live'
      order by joined_at limit 1`);
    return row?.team_id ?? null;
  }
}
