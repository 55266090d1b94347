import { sql, type RawBuilder } from 'kysely';
import type { ClickExport, ClickExportFilter, ExportedClick } from '../../../application/ports/click-export.js';
import type { Tenant } from '../../../application/shared/tenant.js';
import { currentDb, type Orm } from '../orm.js';

/** Reads clicks by the `(merchant_id, mode, created_at)` index, newest first, joined to their names a page at a time. */
export class SqlClickExport implements ClickExport {
  constructor(private readonly orm: Orm) {}

  async page(tenant: Tenant, filter: ClickExportFilter, after: { createdAt: Date; id: string } | null, limit: number) {
    const where: RawBuilder<unknown>[] = [sql`k.merchant_id = ${tenant.merchantId}`, sql`k.mode = ${tenant.mode}`];
    if (filter.from) where.push(sql`k.created_at >= ${filter.from}`);
    if (filter.to) where.push(sql`k.created_at < ${filter.to}`);
    if (filter.campaignId) where.push(sql`k.campaign_id = ${filter.campaignId}`);
    if (filter.affiliateId) where.push(sql`k.affiliate_id = ${filter.affiliateId}`);
    if (after) where.push(sql`(k.created_at, k.id) < (${after.createdAt}, ${after.id})`);
    const { rows } = await sql<{ id: string; created_at: Date; campaign_id: string; campaign_name: string; affiliate_id: string; affiliate_name: string; affiliate_email: string; landing_url: string | null; referrer: string | null }>`
      select k.id, k.created_at, k.campaign_id, c.name as campaign_name, k.affiliate_id, a.name as affiliate_name, a.email as affiliate_email, k.landing_url, k.referrer
      from (select * from clicks k where ${sql.join(where, sql` and `)} order by k.created_at desc, k.id desc limit ${limit + 1}) k
      join campaigns c on c.id = k.campaign_id
      join affiliates a on a.id = k.affiliate_id
      order by k.created_at desc, k.id desc`.execute(currentDb(this.orm));
    const items: ExportedClick[] = rows.slice(0, limit).map((r) => ({
      id: r.id,
      createdAt: new Date(r.created_at),
      campaignId: r.campaign_id,
      campaignName: r.campaign_name,
      affiliateId: r.affiliate_id,
      affiliateName: r.affiliate_name,
      affiliateEmail: r.affiliate_email,
      landingUrl: r.landing_url,
      referrer: r.referrer,
    }));
    return { items, hasMore: rows.length > limit };
  }
}
