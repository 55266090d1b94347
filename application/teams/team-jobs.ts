import {
  closeDuePeriod,
  completeAwardPayout,
  failAwardPayout,
  startAwardPayout,
  type AwardChange,
  type DomainError,
  type PayoutOutcome,
} from '../../domain/index.js';
import type { Result } from 'neverthrow';
import { drainDueRows } from '../jobs/drain-in-batches.js';
import type { DueJob } from '../ports/jobs.js';
import type { Logger } from '../ports/logger.js';
import type { PayoutProviders } from '../ports/payout-provider.js';
import type { PayableAward } from '../ports/team-award-repository.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import { recordAwardEvents, type PeriodSettlement, type TeamStores } from './period-settlement.js';

const BATCH = 100;

/**
 * "Goal periods": closes every period that has reached its scheduled end at `now` (monthly goals at
 * each month's end, one-time goals at their `periodEnd`), computes the result and opens the awards of
 * a hit target (`pending_window`). A monthly goal stays active with the next month running; a
 * one-time goal ends. A late run closes each missed month in turn. Idempotent: a second run at the
 * same clock finds nothing due.
 */
export class CloseGoalPeriods implements DueJob {
  readonly name = 'team-goal-periods';

  constructor(
    private readonly uow: UnitOfWork,
    private readonly stores: TeamStores,
    private readonly settlement: PeriodSettlement,
  ) {}

  runDue(now: Date): Promise<number> {
    return drainDueRows(
      this.uow,
      BATCH,
      () => this.stores.goals.claimDue(now, BATCH),
      async ({ tenant, goal }) => {
        const team = await this.stores.teams.findById(tenant, goal.teamId);
        let current = goal;
        let closed = 0;
        for (;;) {
          const change = closeDuePeriod(current, now);
          if (!change.closed) break;
          if (team) await this.settlement.close(tenant, change.goal, team, change.closed, now);
          current = change.goal;
          closed += 1;
        }
        await this.stores.goals.update(tenant, current);
        return closed;
      },
    );
  }
}

/**
 * "Refund-safe windows": settles every closed period whose window has ended at `now`. The result is
 * recomputed from the sales as they are (refunds and rejections since the close count) and each award
 * still in its window moves to `pending_approval` with `bonus.awarded`, or is cancelled with
 * `bonus.cancelled` when the target is no longer hit. Idempotent (settled periods are skipped).
 */
export class CloseAwardWindows implements DueJob {
  readonly name = 'team-award-windows';

  constructor(
    private readonly uow: UnitOfWork,
    private readonly stores: TeamStores,
    private readonly settlement: PeriodSettlement,
  ) {}

  runDue(now: Date): Promise<number> {
    return drainDueRows(
      this.uow,
      BATCH,
      () => this.stores.goals.claimWindowsEnded(now, BATCH),
      ({ tenant, period }) => this.settlement.recompute(tenant, period, now, true),
    );
  }
}

export interface AwardPayoutSettings {
  readonly batchSize: number;
  /** Requests refused for a retryable reason (insufficient funds, provider unavailable) before the award fails. */
  readonly maxAttempts: number;
  /** How long a claimed award is left alone before a crashed run's request is repeated (same idempotency key). */
  readonly leaseMs: number;
  /** Wait before the first retry; doubles with each attempt. */
  readonly retryBaseMs: number;
}

export const DEFAULT_AWARD_PAYOUT_SETTINGS: AwardPayoutSettings = { batchSize: 50, maxAttempts: 5, leaseMs: 5 * 60_000, retryBaseMs: 60_000 };

/**
 * "Award payouts": pays approved awards of affiliates with a login account and connected-account
 * payouts through the `connect` payout provider (the `PayoutProviders` port the payout job uses). Step 1 (a transaction) claims the
 * awards with SKIP LOCKED and moves approved ones to `processing`; step 2 calls the provider outside
 * any transaction, with an idempotency key per attempt; step 3 records the outcome: `paid` with the
 * transfer id and `bonus.paid`, `failed` with the reason, or a later retry. A run that crashed after
 * step 1 is repeated once the lease expires, with the same key, so a transfer is never made twice.
 */
export class PayTeamAwards implements DueJob {
  readonly name = 'team-award-payouts';

  constructor(
    private readonly uow: UnitOfWork,
    private readonly stores: TeamStores,
    private readonly providers: PayoutProviders,
    private readonly logger: Logger,
    private readonly settings: AwardPayoutSettings = DEFAULT_AWARD_PAYOUT_SETTINGS,
  ) {}

  async runDue(now: Date): Promise<number> {
    const claimed = await this.uow.transaction(async () => {
      const rows = await this.stores.awards.claimPayable(now, this.settings.batchSize);
      const started: PayableAward[] = [];
      for (const row of rows) {
        let { award } = row;
        const tenant = { merchantId: award.merchantId, mode: row.mode };
        if (award.status === 'approved') {
          const step = startAwardPayout(award, now);
          if (step.isErr()) continue;
          award = step.value.award;
          await this.stores.awards.update(tenant, award);
        }
        await this.stores.awards.savePayoutState(award.id, {
          attempts: row.payoutAttempts,
          reference: row.payoutReference,
          nextAttemptAt: new Date(now.getTime() + this.settings.leaseMs),
        });
        started.push({ ...row, award });
      }
      return started;
    });

    let settled = 0;
    const provider = this.providers.forMethod('connect');
    for (const row of claimed) {
      const { award } = row;
      let outcome: PayoutOutcome;
      try {
        outcome = row.payoutReference
          ? await provider.status(row.payoutReference)
          : await provider.send({
              idempotencyKey: `team_award:${award.id}:${row.payoutAttempts}`,
              paymentId: award.id,
              payoutIds: [award.id],
              merchantId: award.merchantId,
              mode: row.mode,
              affiliateId: award.affiliateId,
              email: null,
              connectedAccountId: null,
              amount: award.amount,
              currency: award.currency,
            });
      } catch (error) {
        // Unknown outcome: the lease expires and the same request (same key) is repeated.
        this.logger.warn({ awardId: award.id, error: String(error) }, 'award payout request failed; will repeat it');
        continue;
      }
      if (await this.record(row, outcome, now)) settled += 1;
    }
    return settled;
  }

  private record(row: PayableAward, outcome: PayoutOutcome, now: Date): Promise<boolean> {
    return this.uow.transaction(async () => {
      const current = await this.stores.awards.findByIdForUpdateAcrossTenants(row.award.id);
      if (!current || current.award.status !== 'processing') return false;
      const tenant = { merchantId: current.award.merchantId, mode: current.mode };
      const attempts = current.payoutAttempts;
      let step: Result<AwardChange, DomainError> | null = null;
      if (outcome.kind === 'completed') {
        step = completeAwardPayout(current.award, { transferId: outcome.reference, now });
        await this.stores.awards.savePayoutState(current.award.id, { attempts: attempts + 1, reference: outcome.reference, nextAttemptAt: null });
      } else if (outcome.kind === 'in_transit') {
        await this.stores.awards.savePayoutState(current.award.id, {
          attempts,
          reference: outcome.reference,
          nextAttemptAt: outcome.checkAfter ?? new Date(now.getTime() + this.settings.leaseMs),
        });
        return false;
      } else {
        const reason = outcome.kind === 'insufficient_funds' ? 'insufficient_funds' : outcome.reason;
        const retryable = outcome.kind === 'insufficient_funds' || outcome.retryable;
        if (retryable && attempts + 1 < this.settings.maxAttempts) {
          await this.stores.awards.savePayoutState(current.award.id, {
            attempts: attempts + 1,
            reference: null,
            nextAttemptAt: new Date(now.getTime() + this.settings.retryBaseMs * 2 ** attempts),
          });
          return false;
        }
        step = failAwardPayout(current.award, { reason, now });
        await this.stores.awards.savePayoutState(current.award.id, { attempts: attempts + 1, reference: null, nextAttemptAt: null });
      }
      if (step.isErr()) return false;
      await this.stores.awards.update(tenant, step.value.award);
      await recordAwardEvents(this.stores, tenant, step.value.events, now);
      return true;
    });
  }
}
