import { sql } from 'kysely';
import type { AffiliateRepository, MembershipRepository } from '../../../application/ports/affiliate-repository.js';
import type { Tenant } from '../../../application/shared/tenant.js';
import type { Membership } from '../../../domain/affiliate/membership.js';
import { ACTIVE_MEMBERSHIP_STATUSES, type Affiliate } from '../../../domain/index.js';
import {
  affiliateColumns,
  affiliateFromRow,
  MEMBERSHIP_COLUMNS,
  membershipFromRow,
  type AffiliateRow,
  type MembershipRow,
} from '../mappers/affiliate.mapper.js';
import { currentDb, type Orm } from '../orm.js';

export class SqlAffiliateRepository implements AffiliateRepository {
  constructor(private readonly orm: Orm) {}

  private db() {
    return currentDb(this.orm);
  }

  /** `on conflict do nothing` keeps the transaction usable, so the caller can answer 409 cleanly. */
  async insert(a: Affiliate): Promise<'inserted' | 'duplicate_email' | 'ref_code_taken'> {
    const inserted = await sql<{ id: string }>`
      insert into affiliates (id, merchant_id, email, name, is_test, headless, created_via, ref_code, payout_method, payout_email,
        payout_details_completed_at, created_at, updated_at, notes, tags)
      values (${a.id}, ${a.merchantId}, ${a.email}, ${a.name}, ${a.isTest}, ${a.headless}, ${a.createdVia}, ${a.refCode}, ${a.payoutMethod},
        ${a.payoutEmail}, ${a.payoutDetailsCompletedAt}, ${a.createdAt}, ${a.updatedAt}, ${a.notes}, ${JSON.stringify(a.tags)}::jsonb)
      on conflict do nothing
      returning id`.execute(this.db());
    if (inserted.rows.length > 0) return 'inserted';
    const taken = await sql<{ id: string }>`
      select id from affiliates
      where merchant_id = ${a.merchantId} and is_test = ${a.isTest} and lower(email) = lower(${a.email})`.execute(this.db());
    return taken.rows.length > 0 ? 'duplicate_email' : 'ref_code_taken';
  }

  async update(a: Affiliate): Promise<'updated' | 'duplicate_email'> {
    // Two edits moving two records to one new email both pass the use case's look-up; the unique
    // index stops the second here, behind a savepoint so the caller's transaction stays usable.
    await sql`savepoint affiliate_update`.execute(this.db());
    try {
      await this.updateRow(a);
    } catch (error) {
      if ((error as { code?: string }).code !== '23505' || (error as { constraint?: string }).constraint !== 'affiliates_email_key') throw error;
      await sql`rollback to savepoint affiliate_update`.execute(this.db());
      return 'duplicate_email';
    }
    await sql`release savepoint affiliate_update`.execute(this.db());
    return 'updated';
  }

  private async updateRow(a: Affiliate): Promise<void> {
    await sql`
      update affiliates set name = ${a.name}, email = ${a.email}, notes = ${a.notes}, tags = ${JSON.stringify(a.tags)}::jsonb, headless = ${a.headless}, payout_method = ${a.payoutMethod},
        payout_email = ${a.payoutEmail}, payout_details_completed_at = ${a.payoutDetailsCompletedAt},
        updated_at = ${a.updatedAt}, version = version + 1
      where id = ${a.id}`.execute(this.db());
  }

  async findByEmail(tenant: Tenant, email: string): Promise<Affiliate | null> {
    const { rows } = await sql<AffiliateRow>`
      select ${sql.raw(affiliateColumns('a'))} from affiliates a
      where a.merchant_id = ${tenant.merchantId} and a.is_test = ${tenant.mode === 'test'}
        and lower(a.email) = lower(${email.trim()})`.execute(this.db());
    return rows[0] ? affiliateFromRow(rows[0]) : null;
  }

  findById(tenant: Tenant, id: string): Promise<Affiliate | null> {
    return this.byId(tenant, id, false);
  }

  findByIdForUpdate(tenant: Tenant, id: string): Promise<Affiliate | null> {
    return this.byId(tenant, id, true);
  }

  private async byId(tenant: Tenant, id: string, lock: boolean): Promise<Affiliate | null> {
    const { rows } = await sql<AffiliateRow>`select ${sql.raw(affiliateColumns('a'))} from affiliates a
      where a.id = ${id} and a.merchant_id = ${tenant.merchantId} and a.is_test = ${tenant.mode === 'test'}
      ${lock ? sql`for update` : sql``}`.execute(this.db());
    return rows[0] ? affiliateFromRow(rows[0]) : null;
  }

  async findByIdForUpdateAcrossMerchants(id: string): Promise<Affiliate | null> {
    const { rows } = await sql<AffiliateRow>`
      select ${sql.raw(affiliateColumns('a'))} from affiliates a where a.id = ${id} for update`.execute(this.db());
    return rows[0] ? affiliateFromRow(rows[0]) : null;
  }

  async countTowardsLimit(tenant: Tenant): Promise<number> {
    const { rows } = await sql<{ n: number }>`
      select count(distinct affiliate_id)::int as n from affiliate_memberships
      where merchant_id = ${tenant.merchantId} and mode = ${tenant.mode} and status = any(${[...ACTIVE_MEMBERSHIP_STATUSES]})`.execute(this.db());
    return rows[0]?.n ?? 0;
  }
}

export class SqlMembershipRepository implements MembershipRepository {
  constructor(private readonly orm: Orm) {}

  private db() {
    return currentDb(this.orm);
  }

  async insert(tenant: Tenant, m: Membership): Promise<void> {
    if (m.merchantId !== tenant.merchantId || m.mode !== tenant.mode) throw new Error('membership outside the tenant');
    await sql`
      insert into affiliate_memberships (id, merchant_id, mode, campaign_id, affiliate_id, status, joined_at, decided_at, updated_at)
      values (${m.id}, ${m.merchantId}, ${m.mode}, ${m.campaignId}, ${m.affiliateId}, ${m.status}, ${m.joinedAt},
        ${m.decidedAt}, ${m.updatedAt})`.execute(this.db());
  }

  find(tenant: Tenant, affiliateId: string, campaignId: string): Promise<Membership | null> {
    return this.select(tenant, affiliateId, campaignId, false);
  }

  findForUpdate(tenant: Tenant, affiliateId: string, campaignId: string): Promise<Membership | null> {
    return this.select(tenant, affiliateId, campaignId, true);
  }

  async update(tenant: Tenant, m: Membership): Promise<void> {
    await sql`
      update affiliate_memberships set status = ${m.status}, decided_at = ${m.decidedAt}, updated_at = ${m.updatedAt},
        version = version + 1
      where id = ${m.id} and merchant_id = ${tenant.merchantId} and mode = ${tenant.mode}`.execute(this.db());
  }

  private async select(tenant: Tenant, affiliateId: string, campaignId: string, lock: boolean): Promise<Membership | null> {
    const { rows } = await sql<MembershipRow>`select ${sql.raw(MEMBERSHIP_COLUMNS)} from affiliate_memberships
      where merchant_id = ${tenant.merchantId} and mode = ${tenant.mode} and affiliate_id = ${affiliateId}
        and campaign_id = ${campaignId}
      ${lock ? sql`for update` : sql``}`.execute(this.db());
    return rows[0] ? membershipFromRow(rows[0]) : null;
  }
}
