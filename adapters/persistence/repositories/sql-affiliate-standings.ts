import type { AffiliateStandings } from '../../../application/ports/coupon-repository.js';
import type { Tenant } from '../../../application/shared/tenant.js';
import type { MembershipStatus } from '../../../domain/index.js';
import { currentEm, type Orm } from '../orm.js';

/** Membership statuses straight from `affiliate_memberships` (one row per campaign). */
export class SqlAffiliateStandings implements AffiliateStandings {
  constructor(private readonly orm: Orm) {}

  async statusesWithMerchant(tenant: Tenant, affiliateId: string): Promise<readonly MembershipStatus[]> {
    const rows = await currentEm(this.orm).execute<{ status: MembershipStatus }[]>(
      `select distinct status from affiliate_memberships where merchant_id = ? and mode = ? and affiliate_id = ?`,
      [tenant.merchantId, tenant.mode, affiliateId],
    );
    return rows.map((r) => r.status);
  }
}
