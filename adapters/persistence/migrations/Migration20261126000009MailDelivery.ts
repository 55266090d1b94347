import { Migration } from '@mikro-orm/migrations';

/**
 * The mail outbox becomes a durable queue: each message keeps its HTML part, its delivery state
 * (queued, sent, failed, suppressed), attempts with the next one's time, and the relay's last answer.
 */
export class Migration20261126000009MailDelivery extends Migration {
  override up(): void {
    this.addSql(`
      alter table mail_outbox
        add column html text null,
        add column mode text null check (mode in ('live', 'test')),
        add column sensitive boolean not null default false,
        add column status text not null default 'queued' check (status in ('queued', 'sent', 'failed', 'suppressed')),
        add column attempts integer not null default 0,
        add column next_attempt_at timestamptz null,
        add column last_error text null,
        add column provider_response text null,
        add column provider_message_id text null,
        add column updated_at timestamptz null;`);
    this.addSql(`
      update mail_outbox set
        status = case when sent_at is null then 'queued' else 'sent' end,
        next_attempt_at = case when sent_at is null then created_at end,
        updated_at = coalesce(sent_at, created_at);`);
    this.addSql(`alter table mail_outbox alter column updated_at set not null;`);
    this.addSql(`drop index if exists mail_outbox_unsent_idx;`);
    this.addSql(`create index mail_outbox_due_idx on mail_outbox (next_attempt_at, id) where status = 'queued';`);
    this.addSql(`create index mail_outbox_created_idx on mail_outbox (created_at desc, id desc);`);
  }
}
