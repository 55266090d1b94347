import type { Container } from '../token.js';
import { DeliverMail, OperatorMailActions } from '../../application/mail/deliver-mail.js';
import { MailOutboxMailer } from '../../adapters/mail/mail-outbox-mailer.js';
import { SmtpMailTransport } from '../../adapters/mail/smtp-mail-transport.js';
import { SqlMailQueue } from '../../adapters/persistence/repositories/sql-mail-queue.js';
import type { ServiceConfig } from '../config.js';
import { TOKENS as T } from '../tokens.js';
import { single } from './single.js';

/** The mailer (outbox), and with `SMTP_URL` the relay and the `mail-delivery` job. */
export const registerMail = (c: Container, config: ServiceConfig): void => {
  c.register(
    T.Mailer,
    single((r) => new MailOutboxMailer(r.resolve(T.Orm), r.resolve(T.Ids), r.resolve(T.Clock), r.resolve(T.Logger), config.smtpUrl !== null)),
  );
  c.register(T.MailQueue, single((r) => new SqlMailQueue(r.resolve(T.Orm))));
  c.register(T.OperatorMailActions, single((r) => new OperatorMailActions(r.resolve(T.UnitOfWork), r.resolve(T.MailQueue), r.resolve(T.Clock))));
  if (config.smtpUrl === null) return;
  const smtpUrl = config.smtpUrl;
  c.register(T.MailTransport, single(() => new SmtpMailTransport({ url: smtpUrl, from: config.mailFrom })));
  c.register(
    T.DeliverMail,
    single((r) => new DeliverMail(r.resolve(T.UnitOfWork), r.resolve(T.MailQueue), r.resolve(T.MailTransport), r.resolve(T.Logger))),
  );
};

/** After every other job: mail a run's jobs queue (a paused webhook's notice) goes out in the same run. */
export const registerMailJob = (c: Container): void => {
  if (c.isRegistered(T.DeliverMail)) c.register(T.Job, single((r) => r.resolve(T.DeliverMail)));
};
