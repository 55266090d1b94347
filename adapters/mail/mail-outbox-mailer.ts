import type { Clock } from '../../application/ports/clock.js';
import type { IdGenerator } from '../../application/ports/id-generator.js';
import type { Logger } from '../../application/ports/logger.js';
import type { MailMessage, Mailer } from '../../application/ports/mailer.js';
import { currentEm, type Orm } from '../persistence/orm.js';
import { MailMessageRecord } from '../persistence/records/mail-message.record.js';

/**
 * The default mailer: records each message in `mail_outbox` (in the caller's transaction, so a
 * rolled-back change sends nothing) and logs it. Delivery through an SMTP relay or a provider reads
 * the unsent rows; none is configured by default.
 */
export class MailOutboxMailer implements Mailer {
  constructor(
    private readonly orm: Orm,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
    private readonly logger: Logger,
  ) {}

  async send(message: MailMessage): Promise<void> {
    const id = this.ids.next();
    await currentEm(this.orm).insert(MailMessageRecord, {
      id,
      merchantId: message.merchantId,
      kind: message.kind,
      recipient: message.to,
      subject: message.subject,
      body: message.text,
      createdAt: this.clock.now(),
      sentAt: null,
    });
    this.logger.info({ mailId: id, kind: message.kind, merchantId: message.merchantId, subject: message.subject }, 'mail recorded');
  }
}
