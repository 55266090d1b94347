import { err, ok, type Result } from 'neverthrow';
import { leaseMail, recordSendAttempt, requeueMail, type DomainError } from '../../domain/index.js';
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
 * The mail worker (`mail-delivery`). Claim, commit, send, record: no transaction is open while the
 * relay answers. A short transaction claims due queued messages (`SKIP LOCKED`) and leases them
 * (their next attempt moves `MAIL_LEASE_MS` ahead) and commits; each message then goes to the relay,
 * and its answer is recorded in a short transaction of its own. A refused or unreachable relay
 * leaves the message queued with a backoff. A crash between the relay's answer and its record leaves
 * the message queued under its lease, and it is sent again once the lease has passed: a message may
 * reach its recipient twice, never not at all (docs/reliability.md).
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
      const claimed = await this.uow.transaction(() => this.claim(now));
      for (const mail of claimed) await this.attempt(mail, now);
      handled += claimed.length;
      if (claimed.length < this.settings.batchSize) break;
    }
    return handled;
  }

  private async claim(now: Date): Promise<QueuedMail[]> {
    const leased: QueuedMail[] = [];
    for (const mail of await this.queue.claimDue(now, this.settings.batchSize)) {
      const next = leaseMail(mail.delivery, now);
      // Claimed rows are queued by construction; anything else is a bug worth a loud failure.
      if (next.isErr()) throw new Error(`mail ${mail.id}: ${next.error.message}`);
      await this.queue.saveDelivery(mail, next.value, now);
      leased.push({ ...mail, delivery: next.value });
    }
    return leased;
  }

  private async attempt(mail: QueuedMail, now: Date): Promise<void> {
    const outcome = await this.transport.send(mail);
    const recorded = await this.uow.transaction(async () => {
      const current = await this.queue.findForUpdate(mail.id);
      // Recorded meanwhile by a process that took the message after this one's lease ran out: its answer stands.
      if (!current || current.delivery.status !== 'queued') return null;
      const next = recordSendAttempt(current.delivery, outcome, now);
      if (next.isErr()) throw new Error(`mail ${mail.id}: ${next.error.message}`);
      await this.queue.saveDelivery(current, next.value, now);
      return next.value;
    });
    if (!recorded) return;
    const fields = { mailId: mail.id, kind: mail.kind, status: recorded.status, attempts: recorded.attempts };
    if (outcome.accepted) this.logger.info(fields, 'mail sent');
    else this.logger.warn({ ...fields, error: outcome.error, nextAttemptAt: recorded.nextAttemptAt }, 'mail not sent');
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
