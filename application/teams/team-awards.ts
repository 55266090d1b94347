import { err, ok, type Result } from 'neverthrow';
import {
  approveAward,
  cancelAward,
  markAwardPaid,
  nextPayoutDate,
  queueAwardPayout,
  type AwardAction,
  type AwardChange,
  type DomainError,
} from '../../domain/index.js';
import type { Clock } from '../ports/clock.js';
import type { PayoutSettingsRepository } from '../ports/payout-settings-repository.js';
import type { AwardView } from '../ports/team-award-repository.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import { notFound } from '../shared/errors.js';
import type { Tenant } from '../shared/tenant.js';
import { approverOf, type Actor } from '../shared/actor.js';
import { transactionalResult } from '../shared/transactional-result.js';
import { recordAwardEvents, type TeamStores } from './period-settlement.js';

export interface AwardActionResult {
  readonly view: AwardView;
  readonly idempotent: boolean;
}

/**
 * `PATCH /teams/:id/awards/:awardId`. Any write key may act (spec: no separate payout scope). The award
 * row is locked, so an action and the payout job never both move it.
 */
export class TeamAwards {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly stores: TeamStores,
    private readonly clock: Clock,
    private readonly payoutSettings: PayoutSettingsRepository,
  ) {}

  /**
   * `approve` queues the payout, due at once or on the merchant's payout day: the payout job pays it
   * with the affiliate's commissions due then (one transfer per affiliate and currency) when the
   * merchant has automatic payouts and a provider for the affiliate's method; otherwise the merchant
   * pays it (the batch file and `POST /payouts/mark-paid`, or `mark_paid` here).
   */
  act(tenant: Tenant, teamId: string, awardId: string, action: AwardAction, actor: Actor): Promise<Result<AwardActionResult, DomainError>> {
    return transactionalResult(this.uow, async () => {
      const award = await this.stores.awards.findForUpdate(tenant, teamId, awardId);
      if (!award) return err(notFound('Award'));
      const now = this.clock.now();
      let change: Result<AwardChange, DomainError>;
      if (action === 'approve') change = approveAward(award, { approvedBy: approverOf(actor), now });
      else if (action === 'cancel') change = cancelAward(award, now);
      else {
        const profile = await this.stores.awards.payoutProfile(award.affiliateId);
        change = markAwardPaid(award, { payoutMethod: profile?.payoutMethod ?? null, now });
      }
      if (change.isErr()) return err(change.error);
      const { award: next, events, changed, idempotent } = change.value;
      if (changed) {
        await this.stores.awards.update(tenant, next);
        if (next.status === 'approved') {
          const found = await this.stores.awards.findWithScheduleForUpdate(tenant, next.id);
          const { payoutDay } = await this.payoutSettings.get(tenant);
          if (found) await this.stores.awards.saveSchedule(next.id, queueAwardPayout(found.schedule, nextPayoutDate(now, payoutDay)));
        }
        await recordAwardEvents(this.stores, tenant, events, now);
      }
      const view = await this.stores.awards.view(tenant, next.id);
      if (!view) return err(notFound('Award'));
      return ok({ view, idempotent });
    });
  }
}
