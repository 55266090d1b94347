import type { MembershipLink, TeamCampaignLink, TeamMember, TeamOverride, TeamRepository } from '../../application/ports/team-repository.js';
import type { Tenant } from '../../application/shared/tenant.js';
import type { MembershipStatus, MerchantRelation, Team } from '../../domain/index.js';
import type { InMemoryPrograms, MembershipRecord } from './in-memory-programs.js';
import type { InMemoryTeamGoalRepository } from './in-memory-team-goal-repository.js';
import { TransactionalTable, type InMemoryTransactions } from './in-memory-transactions.js';

interface Scoped<T> {
  readonly merchantId: string;
  readonly mode: Tenant['mode'];
  readonly teamId: string;
  readonly row: T;
  readonly at: Date;
}

export interface ChatThreadRecord {
  readonly id: string;
  readonly teamId: string;
  readonly teamName: string;
  readonly status: 'open' | 'archived';
}

const owns = (tenant: Tenant, row: { merchantId: string; mode: Tenant['mode'] }) => row.merchantId === tenant.merchantId && row.mode === tenant.mode;
const byTime = <T>(a: Scoped<T>, b: Scoped<T>, key: (row: T) => string) => a.at.getTime() - b.at.getTime() || (key(a.row) < key(b.row) ? -1 : 1);

/**
 * Teams with their rosters, campaigns, overrides and chat threads in memory. Members' names and
 * payout profiles come from the affiliates seeded in `InMemoryPrograms`, membership links live there
 * too (the real store reads and writes `affiliates` and `affiliate_memberships` the same way).
 */
export class InMemoryTeamRepository implements TeamRepository {
  private readonly teams: TransactionalTable<Team & { mode: Tenant['mode'] }>;
  private readonly members_: TransactionalTable<Scoped<{ affiliateId: string }>>;
  private readonly campaigns_: TransactionalTable<Scoped<TeamCampaignLink>>;
  private readonly overrides_: TransactionalTable<Scoped<TeamOverride>>;
  private readonly threads: TransactionalTable<ChatThreadRecord & { merchantId: string; mode: Tenant['mode'] }>;

  constructor(
    private readonly transactions: InMemoryTransactions,
    private readonly programs: InMemoryPrograms,
    /** Deleting a team removes its goals and periods too. */
    private readonly goals: Pick<InMemoryTeamGoalRepository, 'deleteForTeam'>,
  ) {
    this.teams = new TransactionalTable(transactions);
    this.members_ = new TransactionalTable(transactions);
    this.campaigns_ = new TransactionalTable(transactions);
    this.overrides_ = new TransactionalTable(transactions);
    this.threads = new TransactionalTable(transactions);
  }

  /** A team's name within a merchant, whatever the mode (as award events read it). */
  teamName(teamId: string, merchantId: string): string | undefined {
    const team = this.teams.get(teamId);
    return team && team.merchantId === merchantId ? team.name : undefined;
  }

  chatThread(teamId: string): ChatThreadRecord | undefined {
    return this.threads.values().find((t) => t.teamId === teamId);
  }

  async insert(tenant: Tenant, team: Team): Promise<void> {
    if (this.teams.has(team.id)) throw new Error(`duplicate team ${team.id}`);
    this.teams.set(team.id, { ...team, merchantId: tenant.merchantId, mode: tenant.mode });
  }

  async update(tenant: Tenant, team: Team): Promise<void> {
    const stored = this.teams.get(team.id);
    if (stored && owns(tenant, stored)) this.teams.set(team.id, { ...team, merchantId: stored.merchantId, mode: stored.mode, createdAt: stored.createdAt });
  }

  async findById(tenant: Tenant, id: string): Promise<Team | null> {
    const stored = this.teams.get(id);
    if (!stored || !owns(tenant, stored)) return null;
    const { mode: _mode, ...team } = stored;
    return team;
  }

  async findByIdForUpdate(tenant: Tenant, id: string): Promise<Team | null> {
    await this.transactions.lock(`team:${id}`);
    return this.findById(tenant, id);
  }

  async delete(tenant: Tenant, id: string): Promise<void> {
    const stored = this.teams.get(id);
    if (!stored || !owns(tenant, stored)) return;
    for (const m of this.programs.memberships()) if (m.teamId === id && owns(tenant, m)) this.setTeamOf(m, null);
    for (const table of [this.members_, this.campaigns_, this.overrides_] as TransactionalTable<Scoped<unknown>>[]) {
      for (const [key, row] of this.entries(table)) if (row.teamId === id) table.delete(key);
    }
    this.goals.deleteForTeam(tenant, id);
    this.teams.delete(id);
  }

  async members(tenant: Tenant, teamId: string): Promise<readonly TeamMember[]> {
    return this.members_
      .values()
      .filter((m) => m.teamId === teamId && owns(tenant, m))
      .sort((a, b) => byTime(a, b, (r) => r.affiliateId))
      .map((m) => {
        const profile = this.programs.affiliate(m.row.affiliateId);
        return {
          affiliateId: m.row.affiliateId,
          name: profile?.name ?? '',
          email: profile?.email ?? '',
          headless: profile?.headless ?? true,
          payoutMethod: profile?.payoutMethod ?? null,
          joinedAt: m.at,
        };
      });
  }

  async addMember(tenant: Tenant, teamId: string, affiliateId: string, now: Date): Promise<'added' | 'already_member'> {
    const key = `${teamId}:${affiliateId}`;
    if (this.members_.has(key)) return 'already_member';
    this.members_.set(key, { merchantId: tenant.merchantId, mode: tenant.mode, teamId, row: { affiliateId }, at: now });
    return 'added';
  }

  async teamsOfMember(tenant: Tenant, affiliateId: string): Promise<readonly string[]> {
    return this.members_
      .values()
      .filter((m) => m.row.affiliateId === affiliateId && owns(tenant, m))
      .sort((a, b) => a.at.getTime() - b.at.getTime() || (a.teamId < b.teamId ? -1 : 1))
      .map((m) => m.teamId);
  }

  async removeMember(tenant: Tenant, teamId: string, affiliateId: string): Promise<boolean> {
    const key = `${teamId}:${affiliateId}`;
    const member = this.members_.get(key);
    if (!member || !owns(tenant, member)) return false;
    this.members_.delete(key);
    for (const m of this.programs.memberships()) if (m.teamId === teamId && m.affiliateId === affiliateId && owns(tenant, m)) this.setTeamOf(m, null);
    for (const [k, o] of this.entries(this.overrides_)) if (o.teamId === teamId && o.row.affiliateId === affiliateId && owns(tenant, o)) this.overrides_.delete(k);
    return true;
  }

  async campaigns(tenant: Tenant, teamId: string): Promise<readonly TeamCampaignLink[]> {
    return this.campaigns_
      .values()
      .filter((c) => c.teamId === teamId && owns(tenant, c))
      .sort((a, b) => byTime(a, b, (r) => r.campaignId))
      .map((c) => c.row);
  }

  async saveCampaign(tenant: Tenant, teamId: string, link: TeamCampaignLink, now: Date): Promise<'created' | 'updated'> {
    const key = `${teamId}:${link.campaignId}`;
    const existing = this.campaigns_.get(key);
    if (existing) {
      // A link saved without a rate keeps the rate it had.
      this.campaigns_.set(key, { ...existing, row: { campaignId: link.campaignId, rate: link.rate ?? existing.row.rate } });
      return 'updated';
    }
    this.campaigns_.set(key, { merchantId: tenant.merchantId, mode: tenant.mode, teamId, row: link, at: now });
    return 'created';
  }

  async removeCampaign(tenant: Tenant, teamId: string, campaignId: string): Promise<boolean> {
    const key = `${teamId}:${campaignId}`;
    const link = this.campaigns_.get(key);
    if (!link || !owns(tenant, link)) return false;
    this.campaigns_.delete(key);
    for (const m of this.programs.memberships()) if (m.teamId === teamId && m.campaignId === campaignId && owns(tenant, m)) this.setTeamOf(m, null);
    for (const [k, o] of this.entries(this.overrides_)) if (o.teamId === teamId && o.row.campaignId === campaignId && owns(tenant, o)) this.overrides_.delete(k);
    return true;
  }

  async membershipLinksForUpdate(tenant: Tenant, campaignId: string, affiliateIds: readonly string[]): Promise<readonly MembershipLink[]> {
    const links: MembershipLink[] = [];
    for (const affiliateId of [...affiliateIds].sort()) {
      const m = this.programs.membership(campaignId, affiliateId);
      if (!m || !owns(tenant, m)) continue;
      await this.transactions.lock(`membership:${campaignId}:${affiliateId}`);
      links.push({ affiliateId, campaignId, status: m.status, teamId: m.teamId });
    }
    return links;
  }

  async linkMembership(tenant: Tenant, campaignId: string, affiliateId: string, teamId: string): Promise<void> {
    const m = this.programs.membership(campaignId, affiliateId);
    if (m && owns(tenant, m)) this.setTeamOf(m, teamId);
  }

  async overrides(tenant: Tenant, teamId: string): Promise<readonly TeamOverride[]> {
    return this.overrides_
      .values()
      .filter((o) => o.teamId === teamId && owns(tenant, o))
      .map((o) => o.row)
      .sort((a, b) => (a.campaignId === b.campaignId ? (a.affiliateId < b.affiliateId ? -1 : 1) : a.campaignId < b.campaignId ? -1 : 1));
  }

  async saveOverride(tenant: Tenant, teamId: string, override: TeamOverride, now: Date): Promise<void> {
    this.overrides_.set(`${teamId}:${override.campaignId}:${override.affiliateId}`, {
      merchantId: tenant.merchantId,
      mode: tenant.mode,
      teamId,
      row: override,
      at: now,
    });
  }

  async relationsOf(tenant: Tenant, affiliateIds: readonly string[]): Promise<ReadonlyMap<string, MerchantRelation>> {
    const relations = new Map<string, { liveStatuses: MembershipStatus[]; isTestAffiliate: boolean }>();
    for (const m of this.programs.memberships()) {
      if (m.merchantId !== tenant.merchantId || !affiliateIds.includes(m.affiliateId)) continue;
      const entry = relations.get(m.affiliateId) ?? { liveStatuses: [], isTestAffiliate: false };
      if (m.mode === tenant.mode) {
        if (!entry.liveStatuses.includes(m.status)) entry.liveStatuses.push(m.status);
      } else entry.isTestAffiliate = true;
      relations.set(m.affiliateId, entry);
    }
    return relations;
  }

  async openChatThread(tenant: Tenant, thread: { id: string; teamId: string; teamName: string; now: Date }): Promise<void> {
    this.threads.set(thread.id, { id: thread.id, teamId: thread.teamId, teamName: thread.teamName, status: 'open', merchantId: tenant.merchantId, mode: tenant.mode });
  }

  async archiveChatThread(tenant: Tenant, teamId: string): Promise<void> {
    for (const [key, thread] of this.entries(this.threads)) {
      if (thread.teamId === teamId && owns(tenant, thread) && thread.status === 'open') this.threads.set(key, { ...thread, status: 'archived' });
    }
  }

  private entries<T>(table: TransactionalTable<T>): [string, T][] {
    return table.keys().map((key) => [key, table.get(key) as T]);
  }

  private setTeamOf(membership: MembershipRecord, teamId: string | null): void {
    const before = membership.teamId;
    this.programs.setMembership({ ...membership, teamId });
    this.transactions.onRollback(() => this.programs.setMembership({ ...membership, teamId: before }));
  }
}
