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

  async runDue(now: Date): Promise<number> {
    const remindedBefore = new Date(now.getTime() - this.intervalMs);
    let sent = 0;
    for (let round = 0; round < MAX_BATCHES; round += 1) {
      // Each claimed affiliate drops out of the next batch, so the loop ends.
      const batch = await this.uow.transaction(async () => {
        const waiting = await this.store.awaitingDetails(now, remindedBefore, BATCH);
        let mailed = 0;
        for (const item of waiting) {
          if (!(await this.store.claim(item.tenant, item.affiliateId, now, remindedBefore))) continue;
          const amounts = item.due.map((d) => amountText(d.amount, d.currency)).join(' and ');
          if (await this.mail.detailsNeeded(item.tenant, item.affiliateId, amounts, 'missing')) mailed += 1;
        }
        return { mailed, size: waiting.length };
      });
      sent += batch.mailed;
      if (batch.size < BATCH) break;
    }
    return sent;
  }
}
