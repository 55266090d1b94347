import { sql, type RawBuilder } from 'kysely';
import type { MailListFilter, MailQueue, QueuedMail } from '../../../application/ports/mail-queue.js';
import { offsetOf, type Page, type PageRequest } from '../../../application/shared/page.js';
import type { MailDelivery, MailStatus } from '../../../domain/index.js';
import { currentDb, type Orm } from '../orm.js';
import type { Row } from '../schema/index.js';
import { dateOrNull } from '../mappers/timestamps.js';

const COLUMNS = sql.raw(`id, merchant_id, kind, recipient, subject, body, html, sensitive, status, attempts, next_attempt_at,
  sent_at, last_error, provider_response, provider_message_id, created_at`);

type MailRow = Omit<Row<'mail_outbox'>, 'mode' | 'updated_at' | 'status'> & { status: MailStatus };

/** Raw statements answer timestamps as text. */

const toMail = (r: MailRow): QueuedMail => ({
  id: r.id,
  merchantId: r.merchant_id,
  kind: r.kind,
  to: r.recipient,
  subject: r.subject,
  text: r.body,
  html: r.html,
  sensitive: r.sensitive,
  createdAt: dateOrNull(r.created_at)!,
  delivery: {
    status: r.status,
    attempts: r.attempts,
    nextAttemptAt: dateOrNull(r.next_attempt_at),
    sentAt: dateOrNull(r.sent_at),
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

  private async exec<T>(statement: RawBuilder<T>): Promise<T[]> {
    return (await statement.execute(currentDb(this.orm))).rows;
  }

  async claimDue(now: Date, limit: number): Promise<readonly QueuedMail[]> {
    const rows = await this.exec(sql<MailRow>`select ${COLUMNS} from mail_outbox
       where status = 'queued' and next_attempt_at <= ${now}
       order by next_attempt_at, id limit ${limit} for update skip locked`);
    return rows.map(toMail);
  }

  async saveDelivery(mail: QueuedMail, d: MailDelivery, now: Date): Promise<void> {
    const scrub = mail.sensitive && d.status === 'sent';
    await this.exec(sql`update mail_outbox set status = ${d.status}, attempts = ${d.attempts}, next_attempt_at = ${d.nextAttemptAt}, sent_at = ${d.sentAt},
         last_error = ${d.lastError}, provider_response = ${d.providerResponse}, provider_message_id = ${d.providerMessageId}, updated_at = ${now},
         body = case when ${scrub} then ${REDACTED_BODY} else body end, html = case when ${scrub} then null else html end
       where id = ${mail.id}`);
  }

  async findForUpdate(id: string): Promise<QueuedMail | null> {
    const rows = await this.exec(sql<MailRow>`select ${COLUMNS} from mail_outbox where id = ${id} for update`);
    return rows[0] ? toMail(rows[0]) : null;
  }

  async list(filter: MailListFilter, page: PageRequest): Promise<Page<QueuedMail>> {
    const where: RawBuilder<unknown>[] = [];
    if (filter.status) where.push(sql`status = ${filter.status}`);
    if (filter.merchantId) where.push(sql`merchant_id = ${filter.merchantId}`);
    const clause = where.length > 0 ? sql`where ${sql.join(where, sql` and `)}` : sql``;
    const rows = await this.exec(sql<MailRow & { total: string }>`select ${COLUMNS}, count(*) over () as total from mail_outbox ${clause}
       order by created_at desc, id desc limit ${page.limit} offset ${offsetOf(page)}`);
    let total = rows[0] ? Number(rows[0].total) : 0;
    if (rows.length === 0 && page.page > 1) {
      const [count] = await this.exec(sql<{ n: string }>`select count(*) as n from mail_outbox ${clause}`);
      total = Number(count?.n ?? 0);
    }
    return { items: rows.map(toMail), page: page.page, limit: page.limit, total };
  }
}
