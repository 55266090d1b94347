import type { MailDelivery, MailStatus, SendOutcome } from '../../domain/index.js';
import type { Page, PageRequest } from '../shared/page.js';

/** A message of the outbox with what it takes to send it. */
export interface QueuedMail {
  readonly id: string;
  readonly merchantId: string | null;
  readonly kind: string;
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly html: string | null;
  readonly sensitive: boolean;
  readonly delivery: MailDelivery;
  readonly createdAt: Date;
}

export interface MailListFilter {
  readonly status?: MailStatus | undefined;
  readonly merchantId?: string | undefined;
}

/** The durable mail queue (`mail_outbox`) as the delivery job and the operator see it. */
export interface MailQueue {
  /** Queued messages due at `now`, locked for the caller's transaction; others skip them. */
  claimDue(now: Date, limit: number): Promise<readonly QueuedMail[]>;
  /** Stores the delivery state; a sent sensitive message loses its body. */
  saveDelivery(mail: QueuedMail, delivery: MailDelivery, now: Date): Promise<void>;
  findForUpdate(id: string): Promise<QueuedMail | null>;
  list(filter: MailListFilter, page: PageRequest): Promise<Page<QueuedMail>>;
}

/** Hands one message to the relay (SMTP); never throws for a refused or failed send. */
export interface MailTransport {
  send(mail: QueuedMail): Promise<SendOutcome>;
}
