import { createTransport } from 'nodemailer';
import type { MailTransport, QueuedMail } from '../../application/ports/mail-queue.js';
import type { SendOutcome } from '../../domain/index.js';

export interface SmtpSettings {
  /** `smtp://user:pass@host:587` or `smtps://…:465`; nodemailer's connection URL. */
  readonly url: string;
  /** The From header, e.g. `Acme affiliates <affiliates@acme.example>`. */
  readonly from: string;
  readonly timeoutMs?: number;
}

const describe = (error: unknown): { message: string; code: number | null; response: string | null } => {
  const e = error as { message?: string; responseCode?: number; response?: string; code?: string };
  const message = [e.code, e.message].filter(Boolean).join(': ') || String(error);
  return { message: message.slice(0, 1000), code: typeof e.responseCode === 'number' ? e.responseCode : null, response: e.response ?? null };
};

/** Sends through an SMTP relay with nodemailer; a 5xx answer is permanent, anything else is retried. */
export class SmtpMailTransport implements MailTransport {
  private readonly transporter;

  constructor(settings: SmtpSettings) {
    const timeout = settings.timeoutMs ?? 15_000;
    // Timeouts short enough that a stuck relay does not hold a claimed batch for minutes.
    this.transporter = createTransport(
      { url: settings.url, connectionTimeout: timeout, greetingTimeout: timeout, socketTimeout: timeout * 2 },
      { from: settings.from },
    );
  }

  async send(mail: QueuedMail): Promise<SendOutcome> {
    try {
      const info = await this.transporter.sendMail({
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        ...(mail.html ? { html: mail.html } : {}),
        headers: { 'X-Mail-Kind': mail.kind, 'X-Mail-Id': mail.id },
      });
      return { accepted: true, response: String(info.response ?? ''), messageId: info.messageId ?? null };
    } catch (error) {
      const { message, code, response } = describe(error);
      return { accepted: false, permanent: code !== null && code >= 500 && code < 600, error: message, response };
    }
  }

  close(): void {
    this.transporter.close();
  }
}
