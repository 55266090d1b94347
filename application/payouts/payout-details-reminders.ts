import { drainDueRows } from '../jobs/drain-in-batches.js';
import type { DueJob } from '../ports/jobs.js';
import type { PayoutDetailsReminderStore } from '../ports/payout-details-reminders.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import { amountText, type PayoutMail } from './payout-mail.js';

/** At most one reminder per affiliate, merchant and mode in this period. */
export const PAYOUT_DETAILS_REMINDER_INTERVAL_MS = 7 * 24 * 3_600_000;
const BATCH = 100;
const MAX_BATCHES = 100;

/**
 * The reminder job (`payout-details-reminders`), run on the payout job's ticks: affiliates owed
 * commission whose rows wait for payout details they never saved (the payout job leaves such rows
 * `pending`, silently) get one `payout_details_needed` email with the link to their payout-details
 * page, at most once a week per merchant and mode. The claim and the message commit together.
 */
export class PayoutDetailsReminders implements DueJob {
  readonly name = 'payout-details-reminders';

  constructor(
    private readonly uow: UnitOfWork,
    private readonly store: PayoutDetailsReminderStore,
    private readonly mail: PayoutMail,
    private readonly intervalMs = PAYOUT_DETAILS_REMINDER_INTERVAL_MS,
  ) {}

  runDue(now: Date): Promise<number> {
    const remindedBefore = new Date(now.getTime() - this.intervalMs);
    // Each claimed affiliate drops out of the next batch, so the loop ends.
    return drainDueRows(
      this.uow,
      BATCH,
      () => this.store.awaitingDetails(now, remindedBefore, BATCH),
      async (item) => {
        if (!(await this.store.claim(item.tenant, item.affiliateId, now, remindedBefore))) return 0;
        const amounts = item.due.map((d) => amountText(d.amount, d.currency)).join(' and ');
        return (await this.mail.detailsNeeded(item.tenant, item.affiliateId, amounts, 'missing')) ? 1 : 0;
      },
      MAX_BATCHES,
    );
  }
}
