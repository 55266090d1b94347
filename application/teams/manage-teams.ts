import { err, ok, type Result } from 'neverthrow';
import {
  checkTeamDeletable,
  createTeam,
  updateTeam,
  type DomainError,
  type LeaderCandidate,
  type NewTeam,
  type Team,
  type TeamChanges,
} from '../../domain/index.js';
import type { Clock } from '../ports/clock.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import { notFound } from '../shared/errors.js';
import type { Tenant } from '../shared/tenant.js';
import { transactionalResult } from '../shared/transactional-result.js';
import type { TeamStores } from './period-settlement.js';

/** `POST`, `PATCH` and `DELETE /teams[/:id]`. Each runs in one transaction with the team row locked. */
export class ManageTeams {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly stores: TeamStores,
    private readonly clock: Clock,
  ) {}

  /** A new team (no members, campaigns or leader yet) and its chat thread. */
  create(tenant: Tenant, input: NewTeam): Promise<Result<Team, DomainError>> {
    return transactionalResult(this.uow, async () => {
      const now = this.clock.now();
      const team = createTeam(input, { id: this.stores.ids.next(), merchantId: tenant.merchantId, now });
      if (team.isErr()) return err(team.error);
      await this.stores.teams.insert(tenant, team.value);
      await this.stores.teams.openChatThread(tenant, { id: this.stores.ids.next(), teamId: team.value.id, teamName: team.value.name, now });
      return ok(team.value);
    });
  }

  update(tenant: Tenant, id: string, changes: TeamChanges): Promise<Result<Team, DomainError>> {
    return transactionalResult(this.uow, async () => {
      const team = await this.stores.teams.findByIdForUpdate(tenant, id);
      if (!team) return err(notFound('Team'));
      const now = this.clock.now();
      let leader: LeaderCandidate | undefined;
      if (typeof changes.leaderAffiliateId === 'string') {
        const member = (await this.stores.teams.members(tenant, id)).find((m) => m.affiliateId === changes.leaderAffiliateId);
        leader = { affiliateId: changes.leaderAffiliateId, isMember: member !== undefined, headless: member?.headless ?? false };
      }
      const { all } = await this.stores.goals.countForTeam(tenant, id);
      const next = updateTeam(team, changes, { goalCount: all, leader, now });
      if (next.isErr()) return err(next.error);
      await this.stores.teams.update(tenant, next.value);
      return ok(next.value);
    });
  }

  /**
   * Refused with `409 team_has_awards` when any award exists. Otherwise every membership linked to the
   * team is unlinked (its sales earn the campaign's rates again), the team and its goals are removed,
   * and the chat thread becomes a read-only archive.
   */
  delete(tenant: Tenant, id: string): Promise<Result<{ id: string }, DomainError>> {
    return transactionalResult(this.uow, async () => {
      const team = await this.stores.teams.findByIdForUpdate(tenant, id);
      if (!team) return err(notFound('Team'));
      const deletable = checkTeamDeletable(await this.stores.awards.countForTeam(tenant, id));
      if (deletable.isErr()) return err(deletable.error);
      await this.stores.teams.delete(tenant, id);
      await this.stores.teams.archiveChatThread(tenant, id, this.clock.now());
      return ok({ id });
    });
  }
}
