import type { MailListFilter, MailQueue, QueuedMail } from '../../../application/ports/mail-queue.js';
import { offsetOf, type Page, type PageRequest } from '../../../application/shared/page.js';
import type { MailDelivery, MailStatus } from '../../../domain/index.js';
import { currentEm, type Orm } from '../orm.js';
import type { Row } from '../schema/index.js';

const COLUMNS = `id, merchant_id, kind, recipient, subject, body, html, sensitive, status, attempts, next_attempt_at,
  sent_at, last_error, provider_response, provider_message_id, created_at`;

type MailRow = Omit<Row<'mail_outbox'>, 'mode' | 'updated_at' | 'status'> & { status: MailStatus };

/** Raw statements answer timestamps as text. */
const at = (value: Date | string | null): Date | null => (value === null ? null : new Date(value));

const toMail = (r: MailRow): QueuedMail => ({
  id: r.id,
  merchantId: r.merchant_id,
  kind: r.kind,
  to: r.recipient,
  subject: r.subject,
  text: r.body,
  html: r.html,
  sensitive: r.sensitive,
  createdAt: at(r.created_at)!,
  delivery: {
    status: r.status,
    attempts: r.attempts,
    nextAttemptAt: at(r.next_attempt_at),
    sentAt: at(r.sent_at),
    lastError: r.last_error,
    providerResponse: r.provider_response,
    providerMessageId: r.provider_message_id,
  },
});

/** What stays of a sent message that carried a single-use link: the link must not outlive its use at rest. */
export const REDACTED_BODY = '(removed after delivery: the message carried a single-use link)';

/** `mail_outbox` as a queue: due rows claimed `FOR UPDATE SKIP LOCKED` in the caller's transaction. */
export class SqlMailQueue implements MailQueue {
  constructor(private readonly orm: Orm) {}

  private exec<T>(sql: string, params: unknown[]): Promise<T[]> {
    return currentEm(this.orm).execute<T[]>(sql, params);
  }

  async claimDue(now: Date, limit: number): Promise<readonly QueuedMail[]> {
    const rows = await this.exec<MailRow>(
      `select ${COLUMNS} from mail_outbox
       where status = 'queued' and next_attempt_at <= ?
       order by next_attempt_at, id limit ? for update skip locked`,
      [now, limit],
    );
    return rows.map(toMail);
  }

  async saveDelivery(mail: QueuedMail, d: MailDelivery, now: Date): Promise<void> {
    const scrub = mail.sensitive && d.status === 'sent';
    await this.exec(
      `update mail_outbox set status = ?, attempts = ?, next_attempt_at = ?, sent_at = ?, last_error = ?,
         provider_response = ?, provider_message_id = ?, updated_at = ?,
         body = case when ? then ? else body end, html = case when ? then null else html end
       where id = ?`,
      [d.status, d.attempts, d.nextAttemptAt, d.sentAt, d.lastError, d.providerResponse, d.providerMessageId, now,
        scrub, REDACTED_BODY, scrub, mail.id],
    );
  }

  async findForUpdate(id: string): Promise<QueuedMail | null> {
    const rows = await this.exec<MailRow>(`select ${COLUMNS} from mail_outbox where id = ? for update`, [id]);
    return rows[0] ? toMail(rows[0]) : null;
  }

  async list(filter: MailListFilter, page: PageRequest): Promise<Page<QueuedMail>> {
    const where: string[] = [];
    const params: unknown[] = [];
    if (filter.status) {
      where.push('status = ?');
      params.push(filter.status);
    }
    if (filter.merchantId) {
      where.push('merchant_id = ?');
      params.push(filter.merchantId);
    }
    const clause = where.length > 0 ? `where ${where.join(' and ')}` : '';
    const rows = await this.exec<MailRow & { total: string }>(
      `select ${COLUMNS}, count(*) over () as total from mail_outbox ${clause}
       order by created_at desc, id desc limit ? offset ?`,
      [...params, page.limit, offsetOf(page)],
    );
    let total = rows[0] ? Number(rows[0].total) : 0;
    if (rows.length === 0 && page.page > 1) {
      const [count] = await this.exec<{ n: string }>(`select count(*) as n from mail_outbox ${clause}`, params);
      total = Number(count?.n ?? 0);
    }
    return { items: rows.map(toMail), page: page.page, limit: page.limit, total };
  }
}
