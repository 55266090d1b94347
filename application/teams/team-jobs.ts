import { closeDuePeriod } from '../../domain/index.js';
import { drainDueRows } from '../jobs/drain-in-batches.js';
import type { DueJob } from '../ports/jobs.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import type { PeriodSettlement, TeamStores } from './period-settlement.js';

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
