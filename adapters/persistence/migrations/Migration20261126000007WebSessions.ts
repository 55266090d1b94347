import { Migration } from '@mikro-orm/migrations';

/**
 * Browser sessions and emailed single-use links, shared by the merchant dashboard and the affiliate
 * portal. Both keep only SHA-256 hashes of their secrets. The audit log also accepts the actors of
 * those surfaces: `user:<id>` (a merchant's user) and `affiliate:<id>`.
 */
export class Migration20261126000007WebSessions extends Migration {
  override up(): void {
    this.addSql(`
      create table web_sessions (
        id_hash text primary key,
        subject_kind text not null check (subject_kind in ('merchant_user', 'affiliate')),
        subject_id uuid not null,
        merchant_id uuid not null references merchants (id),
        mode text not null default 'live' check (mode in ('live', 'test')),
        csrf_token text not null,
        created_at timestamptz not null,
        expires_at timestamptz not null
      );`);
    this.addSql(`create index web_sessions_subject_idx on web_sessions (subject_kind, subject_id);`);
    this.addSql(`create index web_sessions_expiry_idx on web_sessions (expires_at);`);
    this.addSql(`
      create table link_tokens (
        token_hash text primary key,
        purpose text not null,
        subject_kind text not null check (subject_kind in ('merchant_user', 'affiliate')),
        subject_id uuid not null,
        merchant_id uuid not null references merchants (id),
        payload jsonb null,
        created_at timestamptz not null,
        expires_at timestamptz not null,
        used_at timestamptz null
      );`);
    this.addSql(`create index link_tokens_unused_idx on link_tokens (subject_kind, subject_id, purpose) where used_at is null;`);
    this.addSql(`alter table audit_log drop constraint audit_log_actor_check;`);
    this.addSql(`
      alter table audit_log add constraint audit_log_actor_check check (
        actor in ('api_key', 'operator', 'anonymous', 'assistant')
        or actor ~ '^(user|affiliate):[0-9a-f-]{36}$'
      );`);
  }
}
