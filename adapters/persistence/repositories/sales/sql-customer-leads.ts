import { sql } from 'kysely';
import type { CustomerLead, CustomerLeads, CustomerLeadView } from '../../../../application/ports/customer-leads.js';
import type { Period } from '../../../../application/ports/stats-queries.js';
import { offsetOf, type Page, type PageRequest } from '../../../../application/shared/page.js';
import type { Tenant } from '../../../../application/shared/tenant.js';
import type { CouponProvider, LeadSource, Mode } from '../../../../domain/index.js';
import { currentDb, type Orm } from '../../orm.js';
import { dateOrNull } from '../../mappers/timestamps.js';
import { clickRowIdOf } from '../click-row-id.sql.js';

interface LeadRow {
  id: string;
  merchant_id: string;
  mode: string;
  email: string | null;
  provider: string | null;
  provider_customer_id: string | null;
  affiliate_id: string;
  campaign_id: string;
  click_id: string | null;
  source: string;
  created_at: Date | string;
}

const COLUMNS = sql.raw(
  'l.id, l.merchant_id, l.mode, l.email, l.provider, l.provider_customer_id, l.affiliate_id, l.campaign_id, l.click_id, l.source, l.created_at',
);

const leadFromRow = (r: LeadRow): CustomerLead => ({
  id: r.id,
  merchantId: r.merchant_id,
  mode: r.mode as Mode,
  email: r.email,
  provider: r.provider as CouponProvider | null,
  providerCustomerId: r.provider_customer_id,
  affiliateId: r.affiliate_id,
  campaignId: r.campaign_id,
  clickId: r.click_id,
  source: r.source as LeadSource,
  createdAt: new Date(r.created_at),
});

/** Leads in plain SQL on the tenant's list index. */
export class SqlCustomerLeads implements CustomerLeads {
  constructor(private readonly orm: Orm) {}

  async record(lead: CustomerLead, customerKey: string): Promise<{ lead: CustomerLead; linked: boolean }> {
    const db = currentDb(this.orm);
    const inserted = await sql<{ id: string }>`insert into customers
        (id, merchant_id, mode, customer_key, email, provider, provider_customer_id, affiliate_id, campaign_id, click_id, source, created_at)
      values (${lead.id}, ${lead.merchantId}, ${lead.mode}, ${customerKey}, ${lead.email}, ${lead.provider}, ${lead.providerCustomerId},
        ${lead.affiliateId}, ${lead.campaignId}, ${lead.clickId}, ${lead.source}, ${lead.createdAt})
      on conflict (merchant_id, mode, customer_key) do nothing returning id`.execute(db);
    if (inserted.rows.length > 0) return { lead, linked: true };
    const { rows } = await sql<LeadRow>`select ${COLUMNS} from customers l
      where l.merchant_id = ${lead.merchantId} and l.mode = ${lead.mode} and l.customer_key = ${customerKey}`.execute(db);
    return { lead: rows[0] ? leadFromRow(rows[0]) : lead, linked: false };
  }

  async list(tenant: Tenant, page: PageRequest): Promise<Page<CustomerLeadView>> {
    const db = currentDb(this.orm);
    const { rows } = await sql<LeadRow & { affiliate_name: string; affiliate_email: string; campaign_name: string; clicked_at: Date | string | null }>`
      select ${COLUMNS}, a.name as affiliate_name, a.email as affiliate_email, c.name as campaign_name, k.created_at as clicked_at
      from customers l
      join affiliates a on a.id = l.affiliate_id
      join campaigns c on c.id = l.campaign_id
      left join clicks k on k.id = ${clickRowIdOf(sql.ref('l.click_id'))} and k.merchant_id = l.merchant_id and k.mode = l.mode
      where l.merchant_id = ${tenant.merchantId} and l.mode = ${tenant.mode}
      order by l.created_at desc, l.id desc limit ${page.limit} offset ${offsetOf(page)}`.execute(db);
    const total = await this.countWhere(tenant, null);
    return {
      items: rows.map((r) => ({
        ...leadFromRow(r),
        affiliateName: r.affiliate_name,
        affiliateEmail: r.affiliate_email,
        campaignName: r.campaign_name,
        clickedAt: dateOrNull(r.clicked_at),
      })),
      total,
      page: page.page,
      limit: page.limit,
    };
  }

  count(tenant: Tenant, period: Period): Promise<number> {
    return this.countWhere(tenant, period);
  }

  private async countWhere(tenant: Tenant, period: Period | null): Promise<number> {
    const within = period ? sql`and created_at >= ${period.from} and created_at < ${period.to}` : sql``;
    const { rows } = await sql<{ n: string }>`select count(*) as n from customers
      where merchant_id = ${tenant.merchantId} and mode = ${tenant.mode} ${within}`.execute(currentDb(this.orm));
    return Number(rows[0]?.n ?? 0);
  }
}
