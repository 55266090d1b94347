import { sql } from 'kysely';
import type { AffiliateStandings } from '../../../application/ports/coupon-repository.js';
import type { Tenant } from '../../../application/shared/tenant.js';
import type { MembershipStatus } from '../../../domain/index.js';
import { currentDb, type Orm } from '../orm.js';

/** Membership statuses straight from `affiliate_memberships` (one row per campaign). */
export class SqlAffiliateStandings implements AffiliateStandings {
  constructor(private readonly orm: Orm) {}

  async statusesWithMerchant(tenant: Tenant, affiliateId: string): Promise<readonly MembershipStatus[]> {
    const { rows } = await sql<{ status: MembershipStatus }>`select distinct status from affiliate_memberships
      where merchant_id = ${tenant.merchantId} and mode = ${tenant.mode} and affiliate_id = ${affiliateId}`.execute(currentDb(this.orm));
    return rows.map((r) => r.status);
  }
}
