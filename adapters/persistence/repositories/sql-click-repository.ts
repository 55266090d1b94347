import { sql } from 'kysely';
import type { ClickRepository, ResolvedTrackingLink } from '../../../application/ports/click-repository.js';
import type { MembershipStatus } from '../../../domain/affiliate/membership.js';
import type { Click, Plan } from '../../../domain/index.js';
import { affiliateColumns, affiliateFromRow, type AffiliateRow } from '../mappers/affiliate.mapper.js';
import { campaignColumns, campaignFromRow, type CampaignRow } from '../mappers/campaign.mapper.js';
import { currentDb, type Orm } from '../orm.js';
import type { PgBatchedClickWriter } from '../pg-batched-click-writer.js';

export class SqlClickRepository implements ClickRepository {
  constructor(
    private readonly orm: Orm,
    private readonly writer: PgBatchedClickWriter,
  ) {}

  private db() {
    return currentDb(this.orm);
  }

  /** Three unique-index lookups: campaign (with its merchant) by code, the merchant's affiliate by ref code, their membership. */
  async resolve(trackingCode: string, refCode: string): Promise<ResolvedTrackingLink | null> {
    const campaigns = await sql<CampaignRow & { plan: string; custom_domain: string | null; website_url: string | null }>`
      select ${sql.raw(campaignColumns('c'))}, m.plan, m.custom_domain, m.website_url
      from campaigns c join merchants m on m.id = c.merchant_id
      where c.tracking_code = ${trackingCode}`.execute(this.db());
    const row = campaigns.rows[0];
    if (!row) return null;
    const campaign = campaignFromRow(row);
    const merchant = { id: campaign.merchantId, plan: row.plan as Plan, customDomain: row.custom_domain, websiteUrl: row.website_url };
    const affiliates = await sql<AffiliateRow & { membership_status: string | null }>`
      select ${sql.raw(affiliateColumns('a'))}, ms.status as membership_status
      from affiliates a
      left join affiliate_memberships ms on ms.affiliate_id = a.id and ms.campaign_id = ${campaign.id}
      where a.merchant_id = ${campaign.merchantId} and (a.ref_code = ${refCode}
        or a.id = (select affiliate_id from ref_code_aliases where merchant_id = ${campaign.merchantId} and alias = ${refCode}))
      order by a.ref_code = ${refCode} desc limit 1`.execute(this.db());
    const found = affiliates.rows[0];
    return {
      campaign,
      merchant,
      affiliate: found ? affiliateFromRow(found) : null,
      membershipStatus: (found?.membership_status ?? null) as MembershipStatus | null,
    };
  }

  record(click: Click): void {
    this.writer.add(click);
  }
}
