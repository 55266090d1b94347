import { sql } from 'kysely';
import type { Clock } from '../../application/ports/clock.js';
import type { IdGenerator } from '../../application/ports/id-generator.js';
import type { Logger } from '../../application/ports/logger.js';
import type { MailMessage, Mailer } from '../../application/ports/mailer.js';
import { queuedMail, suppressedMail } from '../../domain/index.js';
import { currentDb, type Orm } from '../persistence/orm.js';

/**
 * Records each message in `mail_outbox` in the caller's transaction (a rolled-back change sends
 * nothing). The `mail-delivery` job sends queued messages when `SMTP_URL` is set; without it they stay
 * in the outbox and one log line says so, with the message's link, for local use.
 */
export class MailOutboxMailer implements Mailer {
  constructor(
    private readonly orm: Orm,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
    private readonly logger: Logger,
    private readonly relayConfigured: boolean,
  ) {}

  async send(message: MailMessage): Promise<void> {
    const id = this.ids.next();
    const now = this.clock.now();
    const delivery = message.mode === 'test' ? suppressedMail() : queuedMail(now);
    await sql`insert into mail_outbox (id, merchant_id, kind, recipient, subject, body, html, mode, sensitive, status, attempts,
         next_attempt_at, created_at, updated_at)
       values (${id}, ${message.merchantId}, ${message.kind}, ${message.to}, ${message.subject}, ${message.text}, ${message.html ?? null},
         ${message.mode ?? null}, ${message.sensitive ?? false}, ${delivery.status}, 0, ${delivery.nextAttemptAt}, ${now}, ${now})`.execute(currentDb(this.orm));
    const fields = { mailId: id, kind: message.kind, merchantId: message.merchantId, status: delivery.status };
    if (delivery.status === 'suppressed' || this.relayConfigured) {
      this.logger.info(fields, 'mail recorded');
      return;
    }
    // No relay: one line a local user can act on (the link is what the message is for).
    this.logger.info(fields, `mail kept in the outbox (SMTP_URL is not set): ${message.kind} to ${message.to}${message.link ? ` ${message.link}` : ''}`);
  }
}
