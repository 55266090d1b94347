import { sql, type RawBuilder } from 'kysely';
import type {
  MembershipLink,
  TeamCampaignLink,
  TeamMember,
  TeamOverride,
  TeamRepository,
} from '../../../application/ports/team-repository.js';
import type { Tenant } from '../../../application/shared/tenant.js';
import type { MembershipStatus, MerchantRelation, PayoutMethod, Team } from '../../../domain/index.js';
import { rateOf, TEAM_COLUMNS, teamFromRow, type TeamRow } from '../mappers/team.mapper.js';
import { currentDb, type Orm } from '../orm.js';

/**
 * Teams in plain SQL (kysely's `sql` tag on the current transaction's connection): the rows map to
 * immutable domain values and most writes are set operations (unlinking memberships, dropping
 * overrides), which the unit of work has nothing to track for.
 */
export class SqlTeamRepository implements TeamRepository {
  constructor(private readonly orm: Orm) {}

  private async rows<T>(query: RawBuilder<T>): Promise<T[]> {
    return (await query.execute(currentDb(this.orm))).rows;
  }

  async insert(tenant: Tenant, t: Team): Promise<void> {
    await this.rows(sql`
      insert into teams (id, merchant_id, mode, name, currency, leader_affiliate_id, base_commission_type, base_commission_value,
        created_at, updated_at)
      values (${t.id}, ${tenant.merchantId}, ${tenant.mode}, ${t.name}, ${t.currency}, ${t.leaderAffiliateId},
        ${t.baseRate?.type ?? null}, ${t.baseRate?.value.toFixed() ?? null}, ${t.createdAt}, ${t.updatedAt})`);
  }

  async update(tenant: Tenant, t: Team): Promise<void> {
    await this.rows(sql`
      update teams set name = ${t.name}, currency = ${t.currency}, leader_affiliate_id = ${t.leaderAffiliateId},
        base_commission_type = ${t.baseRate?.type ?? null}, base_commission_value = ${t.baseRate?.value.toFixed() ?? null},
        updated_at = ${t.updatedAt}, version = version + 1
      where id = ${t.id} and merchant_id = ${tenant.merchantId} and mode = ${tenant.mode}`);
  }

  findById(tenant: Tenant, id: string): Promise<Team | null> {
    return this.find(tenant, id, false);
  }

  findByIdForUpdate(tenant: Tenant, id: string): Promise<Team | null> {
    return this.find(tenant, id, true);
  }

  private async find(tenant: Tenant, id: string, lock: boolean): Promise<Team | null> {
    const [row] = await this.rows(sql<TeamRow>`
      select ${sql.raw(TEAM_COLUMNS('t'))} from teams t
      where t.id = ${id} and t.merchant_id = ${tenant.merchantId} and t.mode = ${tenant.mode}
      ${lock ? sql`for update` : sql``}`);
    return row ? teamFromRow(row) : null;
  }

  async delete(tenant: Tenant, id: string): Promise<void> {
    const scope = sql`team_id = ${id} and merchant_id = ${tenant.merchantId} and mode = ${tenant.mode}`;
    await this.rows(sql`update affiliate_memberships set team_id = null, version = version + 1 where ${scope}`);
    await this.rows(sql`delete from team_overrides where ${scope}`);
    await this.rows(sql`delete from team_campaigns where ${scope}`);
    await this.rows(sql`delete from team_members where ${scope}`);
    await this.rows(sql`delete from team_goal_periods where ${scope}`);
    await this.rows(sql`delete from team_goals where ${scope}`);
    await this.rows(sql`delete from teams where id = ${id} and merchant_id = ${tenant.merchantId} and mode = ${tenant.mode}`);
  }

  async members(tenant: Tenant, teamId: string): Promise<readonly TeamMember[]> {
    const rows = await this.rows(sql<{
      affiliate_id: string;
      name: string;
      email: string;
      headless: boolean;
      payout_method: string | null;
      joined_at: Date | string;
    }>`
      select m.affiliate_id, a.name, a.email, a.headless, a.payout_method, m.joined_at
      from team_members m join affiliates a on a.id = m.affiliate_id
      where m.team_id = ${teamId} and m.merchant_id = ${tenant.merchantId} and m.mode = ${tenant.mode}
      order by m.joined_at, m.affiliate_id`);
    return rows.map((r) => ({
      affiliateId: r.affiliate_id,
      name: r.name,
      email: r.email,
      headless: r.headless,
      payoutMethod: r.payout_method as PayoutMethod | null,
      joinedAt: new Date(r.joined_at),
    }));
  }

  async addMember(tenant: Tenant, teamId: string, affiliateId: string, now: Date): Promise<'added' | 'already_member'> {
    const inserted = await this.rows(sql<{ affiliate_id: string }>`
      insert into team_members (team_id, affiliate_id, merchant_id, mode, joined_at)
      values (${teamId}, ${affiliateId}, ${tenant.merchantId}, ${tenant.mode}, ${now})
      on conflict do nothing returning affiliate_id`);
    return inserted.length > 0 ? 'added' : 'already_member';
  }

  async teamsOfMember(tenant: Tenant, affiliateId: string): Promise<readonly string[]> {
    const rows = await this.rows(sql<{ team_id: string }>`
      select team_id from team_members
      where affiliate_id = ${affiliateId} and merchant_id = ${tenant.merchantId} and mode = ${tenant.mode}
      order by joined_at, team_id`);
    return rows.map((r) => r.team_id);
  }

  async removeMember(tenant: Tenant, teamId: string, affiliateId: string): Promise<boolean> {
    const removed = await this.rows(sql<{ affiliate_id: string }>`
      delete from team_members
      where team_id = ${teamId} and affiliate_id = ${affiliateId} and merchant_id = ${tenant.merchantId} and mode = ${tenant.mode}
      returning affiliate_id`);
    if (removed.length === 0) return false;
    await this.detach(tenant, teamId, sql`affiliate_id = ${affiliateId}`);
    return true;
  }

  /** A member or campaign leaving the team: the memberships it covered stop naming the team, and their own rates in it go. */
  private async detach(tenant: Tenant, teamId: string, leaving: RawBuilder<unknown>): Promise<void> {
    await this.rows(sql`
      update affiliate_memberships set team_id = null, version = version + 1
      where team_id = ${teamId} and ${leaving} and merchant_id = ${tenant.merchantId} and mode = ${tenant.mode}`);
    await this.rows(sql`
      delete from team_overrides
      where team_id = ${teamId} and ${leaving} and merchant_id = ${tenant.merchantId} and mode = ${tenant.mode}`);
  }

  async campaigns(tenant: Tenant, teamId: string): Promise<readonly TeamCampaignLink[]> {
    const rows = await this.rows(sql<{ campaign_id: string; commission_type: string | null; commission_value: string | null }>`
      select campaign_id, commission_type, commission_value from team_campaigns
      where team_id = ${teamId} and merchant_id = ${tenant.merchantId} and mode = ${tenant.mode}
      order by created_at, campaign_id`);
    return rows.map((r) => ({ campaignId: r.campaign_id, rate: rateOf(r.commission_type, r.commission_value) }));
  }

  async saveCampaign(tenant: Tenant, teamId: string, link: TeamCampaignLink, now: Date): Promise<'created' | 'updated'> {
    const [row] = await this.rows(sql<{ created: boolean }>`
      insert into team_campaigns (team_id, campaign_id, merchant_id, mode, commission_type, commission_value, created_at, updated_at)
      values (${teamId}, ${link.campaignId}, ${tenant.merchantId}, ${tenant.mode}, ${link.rate?.type ?? null},
        ${link.rate?.value.toFixed() ?? null}, ${now}, ${now})
      on conflict (team_id, campaign_id) do update set
        commission_type = coalesce(excluded.commission_type, team_campaigns.commission_type),
        commission_value = coalesce(excluded.commission_value, team_campaigns.commission_value),
        updated_at = excluded.updated_at
      returning (xmax = 0) as created`);
    return row?.created ? 'created' : 'updated';
  }

  async removeCampaign(tenant: Tenant, teamId: string, campaignId: string): Promise<boolean> {
    const removed = await this.rows(sql<{ campaign_id: string }>`
      delete from team_campaigns
      where team_id = ${teamId} and campaign_id = ${campaignId} and merchant_id = ${tenant.merchantId} and mode = ${tenant.mode}
      returning campaign_id`);
    if (removed.length === 0) return false;
    await this.detach(tenant, teamId, sql`campaign_id = ${campaignId}`);
    return true;
  }

  async membershipLinksForUpdate(tenant: Tenant, campaignId: string, affiliateIds: readonly string[]): Promise<readonly MembershipLink[]> {
    if (affiliateIds.length === 0) return [];
    const rows = await this.rows(sql<{ affiliate_id: string; campaign_id: string; status: string; team_id: string | null }>`
      select affiliate_id, campaign_id, status, team_id from affiliate_memberships
      where merchant_id = ${tenant.merchantId} and mode = ${tenant.mode} and campaign_id = ${campaignId}
        and affiliate_id = any(${[...affiliateIds]}::uuid[])
      order by affiliate_id
      for update`);
    return rows.map((r) => ({ affiliateId: r.affiliate_id, campaignId: r.campaign_id, status: r.status as MembershipStatus, teamId: r.team_id }));
  }

  async linkMembership(tenant: Tenant, campaignId: string, affiliateId: string, teamId: string): Promise<void> {
    await this.rows(sql`
      update affiliate_memberships set team_id = ${teamId}, version = version + 1
      where merchant_id = ${tenant.merchantId} and mode = ${tenant.mode} and campaign_id = ${campaignId} and affiliate_id = ${affiliateId}`);
  }

  async overrides(tenant: Tenant, teamId: string): Promise<readonly TeamOverride[]> {
    const rows = await this.rows(sql<{
      campaign_id: string;
      affiliate_id: string;
      commission_type: string;
      commission_value: string;
      recurring_value: string | null;
    }>`
      select campaign_id, affiliate_id, commission_type, commission_value, recurring_value from team_overrides
      where team_id = ${teamId} and merchant_id = ${tenant.merchantId} and mode = ${tenant.mode}
      order by campaign_id, affiliate_id`);
    return rows.map((r) => ({
      campaignId: r.campaign_id,
      affiliateId: r.affiliate_id,
      rate: rateOf(r.commission_type, r.commission_value)!,
      recurringValue: r.recurring_value === null ? null : rateOf('fixed', r.recurring_value)!.value,
    }));
  }

  async saveOverride(tenant: Tenant, teamId: string, o: TeamOverride, now: Date): Promise<void> {
    await this.rows(sql`
      insert into team_overrides (team_id, campaign_id, affiliate_id, merchant_id, mode, commission_type, commission_value,
        recurring_value, created_at, updated_at)
      values (${teamId}, ${o.campaignId}, ${o.affiliateId}, ${tenant.merchantId}, ${tenant.mode}, ${o.rate.type},
        ${o.rate.value.toFixed()}, ${o.recurringValue?.toFixed() ?? null}, ${now}, ${now})
      on conflict (team_id, campaign_id, affiliate_id) do update set
        commission_type = excluded.commission_type, commission_value = excluded.commission_value,
        recurring_value = excluded.recurring_value, updated_at = excluded.updated_at`);
  }

  async relationsOf(tenant: Tenant, affiliateIds: readonly string[]): Promise<ReadonlyMap<string, MerchantRelation>> {
    if (affiliateIds.length === 0) return new Map();
    const rows = await this.rows(sql<{ affiliate_id: string; mode: string; statuses: string[] }>`
      select affiliate_id, mode, array_agg(distinct status) as statuses from affiliate_memberships
      where merchant_id = ${tenant.merchantId} and affiliate_id = any(${[...affiliateIds]}::uuid[])
      group by affiliate_id, mode`);
    const relations = new Map<string, { liveStatuses: MembershipStatus[]; isTestAffiliate: boolean }>();
    for (const row of rows) {
      const entry = relations.get(row.affiliate_id) ?? { liveStatuses: [], isTestAffiliate: false };
      // Teams are live data: only the tenant's mode (live) counts as a relationship; the other mode marks a test affiliate.
      if (row.mode === tenant.mode) entry.liveStatuses.push(...(row.statuses as MembershipStatus[]));
      else entry.isTestAffiliate = true;
      relations.set(row.affiliate_id, entry);
    }
    return relations;
  }

  async openChatThread(tenant: Tenant, thread: { id: string; teamId: string; teamName: string; now: Date }): Promise<void> {
    await this.rows(sql`
      insert into team_chat_threads (id, merchant_id, mode, team_id, team_name, status, created_at)
      values (${thread.id}, ${tenant.merchantId}, ${tenant.mode}, ${thread.teamId}, ${thread.teamName}, 'open', ${thread.now})`);
  }

  async archiveChatThread(tenant: Tenant, teamId: string, now: Date): Promise<void> {
    await this.rows(sql`
      update team_chat_threads set status = 'archived', archived_at = ${now}
      where team_id = ${teamId} and merchant_id = ${tenant.merchantId} and mode = ${tenant.mode} and status = 'open'`);
  }
}
