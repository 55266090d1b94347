import { sql } from 'kysely';
import type { AffiliateBanStore, OpenSale } from '../../../application/ports/affiliate-ban-store.js';
import type { Tenant } from '../../../application/shared/tenant.js';
import { SALES_A_BAN_MOVES, type AffiliateBan } from '../../../domain/index.js';
import { currentDb, type Orm } from '../orm.js';

interface BanRow {
  affiliate_id: string;
  reason: string;
  banned_at: Date;
}

const banOf = (r: BanRow): AffiliateBan => ({ affiliateId: r.affiliate_id, reason: r.reason, bannedAt: new Date(r.banned_at) });

/**
 * `affiliate_bans`, keyed by merchant and affiliate: an affiliate id belongs to one mode, so the
 * tenant's mode is checked through the affiliate itself.
 */
export class SqlAffiliateBanStore implements AffiliateBanStore {
  constructor(private readonly orm: Orm) {}

  async find(tenant: Tenant, affiliateId: string): Promise<AffiliateBan | null> {
    return (await this.findMany(tenant, [affiliateId])).get(affiliateId) ?? null;
  }

  async findMany(tenant: Tenant, affiliateIds: readonly string[]): Promise<ReadonlyMap<string, AffiliateBan>> {
    if (affiliateIds.length === 0) return new Map();
    const { rows } = await sql<BanRow>`
      select b.affiliate_id, b.reason, b.banned_at from affiliate_bans b join affiliates a on a.id = b.affiliate_id
       where b.merchant_id = ${tenant.merchantId} and a.is_test = ${tenant.mode === 'test'} and b.affiliate_id = any(${[...affiliateIds]}::uuid[])`.execute(currentDb(this.orm));
    return new Map(rows.map((r) => [r.affiliate_id, banOf(r)]));
  }

  async insert(tenant: Tenant, ban: AffiliateBan): Promise<void> {
    await sql`insert into affiliate_bans (merchant_id, affiliate_id, reason, banned_at)
      values (${tenant.merchantId}, ${ban.affiliateId}, ${ban.reason}, ${ban.bannedAt})`.execute(currentDb(this.orm));
  }

  async delete(tenant: Tenant, affiliateId: string): Promise<void> {
    await sql`delete from affiliate_bans where merchant_id = ${tenant.merchantId} and affiliate_id = ${affiliateId}`.execute(currentDb(this.orm));
  }

  async campaignIdsOf(tenant: Tenant, affiliateId: string): Promise<readonly string[]> {
    const { rows } = await sql<{ campaign_id: string }>`
      select campaign_id from affiliate_memberships
       where merchant_id = ${tenant.merchantId} and mode = ${tenant.mode} and affiliate_id = ${affiliateId}
       order by joined_at, id`.execute(currentDb(this.orm));
    return rows.map((r) => r.campaign_id);
  }

  async openSalesOf(tenant: Tenant, affiliateId: string): Promise<readonly OpenSale[]> {
    const { rows } = await sql<{ id: string; has_payout: boolean }>`
      select c.id, exists (select 1 from payouts p where p.conversion_id = c.id) as has_payout from conversions c
       where c.merchant_id = ${tenant.merchantId} and c.mode = ${tenant.mode} and c.affiliate_id = ${affiliateId}
         and c.status = any(${[...SALES_A_BAN_MOVES]}::text[])
       order by c.created_at, c.id`.execute(currentDb(this.orm));
    return rows.map((r) => ({ conversionId: r.id, hasPayout: r.has_payout }));
  }
}
