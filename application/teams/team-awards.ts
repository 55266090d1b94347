import { err, ok, type Result } from 'neverthrow';
import {
  approveAward,
  cancelAward,
  markAwardPaid,
  type AwardAction,
  type AwardChange,
  type DomainError,
} from '../../domain/index.js';
import type { Clock } from '../ports/clock.js';
import type { AwardView } from '../ports/team-award-repository.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import { notFound } from '../shared/errors.js';
import type { Tenant } from '../shared/tenant.js';
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
  ) {}

  /**
   * `approve` queues the payout: an affiliate with a login account and connected-account payouts is
   * paid by the payout job; anyone else is paid by the merchant, who then records it with `mark_paid`.
   */
  act(tenant: Tenant, teamId: string, awardId: string, action: AwardAction, apiKeyId: string): Promise<Result<AwardActionResult, DomainError>> {
    return transactionalResult(this.uow, async () => {
      const award = await this.stores.awards.findForUpdate(tenant, teamId, awardId);
      if (!award) return err(notFound('Award'));
      const now = this.clock.now();
      let change: Result<AwardChange, DomainError>;
      if (action === 'approve') change = approveAward(award, { approvedBy: `apikey:${apiKeyId}`, now });
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
          // Queued: the payout job looks at it from now on (it pays connected-account affiliates only).
          await this.stores.awards.queuePayout(next.id, now);
        }
        await recordAwardEvents(this.stores, tenant, events, now);
      }
      const view = await this.stores.awards.view(tenant, next.id);
      if (!view) return err(notFound('Award'));
      return ok({ view, idempotent });
    });
  }
}
