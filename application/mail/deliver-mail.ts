import { err, ok, type Result } from 'neverthrow';
import { recordSendAttempt, requeueMail, type DomainError } from '../../domain/index.js';
import type { Clock } from '../ports/clock.js';
import type { DueJob } from '../ports/jobs.js';
import type { Logger } from '../ports/logger.js';
import type { MailListFilter, MailQueue, MailTransport, QueuedMail } from '../ports/mail-queue.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import { notFound } from '../shared/errors.js';
import type { Page, PageRequest } from '../shared/page.js';
import { transactionalResult } from '../shared/transactional-result.js';

export interface MailDeliverySettings {
  /** Messages claimed per transaction. */
  readonly batchSize: number;
  /** Upper bound of messages one run handles, so a run always ends. */
  readonly maxPerRun: number;
}

export const DEFAULT_MAIL_DELIVERY_SETTINGS: MailDeliverySettings = { batchSize: 10, maxPerRun: 500 };

/**
 * The mail worker (`mail-delivery`): claims due queued messages (`SKIP LOCKED`, so several processes
 * never send one twice), hands each to the relay and records the answer in the same transaction.
 * A refused or unreachable relay leaves the message queued with a backoff; a crash before the commit
 * leaves it queued too, so nothing committed is lost (at worst sent twice after a crash mid-batch).
 */
export class DeliverMail implements DueJob {
  readonly name = 'mail-delivery';

  constructor(
    private readonly uow: UnitOfWork,
    private readonly queue: MailQueue,
    private readonly transport: MailTransport,
    private readonly logger: Logger,
    private readonly settings: MailDeliverySettings = DEFAULT_MAIL_DELIVERY_SETTINGS,
  ) {}

  async runDue(now: Date): Promise<number> {
    let handled = 0;
    while (handled < this.settings.maxPerRun) {
      const claimed = await this.uow.transaction(async () => {
        const batch = await this.queue.claimDue(now, this.settings.batchSize);
        for (const mail of batch) await this.attempt(mail, now);
        return batch.length;
      });
      handled += claimed;
      if (claimed < this.settings.batchSize) break;
    }
    return handled;
  }

  private async attempt(mail: QueuedMail, now: Date): Promise<void> {
    const outcome = await this.transport.send(mail);
    const next = recordSendAttempt(mail.delivery, outcome, now);
    // Claimed rows are queued by construction; anything else is a bug worth a loud failure.
    if (next.isErr()) throw new Error(`mail ${mail.id}: ${next.error.message}`);
    await this.queue.saveDelivery(mail, next.value, now);
    const fields = { mailId: mail.id, kind: mail.kind, status: next.value.status, attempts: next.value.attempts };
    if (outcome.accepted) this.logger.info(fields, 'mail sent');
    else this.logger.warn({ ...fields, error: outcome.error, nextAttemptAt: next.value.nextAttemptAt }, 'mail not sent');
  }
}

/** The operator's view of the outbox, and another round of attempts for a failed message. */
export class OperatorMailActions {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly queue: MailQueue,
    private readonly clock: Clock,
  ) {}

  list(filter: MailListFilter, page: PageRequest): Promise<Page<QueuedMail>> {
    return this.queue.list(filter, page);
  }

  retry(id: string): Promise<Result<QueuedMail, DomainError>> {
    return transactionalResult(this.uow, async () => {
      const mail = await this.queue.findForUpdate(id);
      if (!mail) return err(notFound('Mail message'));
      const now = this.clock.now();
      const requeued = requeueMail(mail.delivery, now);
      if (requeued.isErr()) return err(requeued.error);
      await this.queue.saveDelivery(mail, requeued.value, now);
      return ok({ ...mail, delivery: requeued.value });
    });
  }
}
