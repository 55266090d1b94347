import { Migration } from '@mikro-orm/migrations';

export class Migration20261122000001Foundation extends Migration {
  override up(): void {
    this.addSql(`create extension if not exists pg_trgm;`);
    this.addSql(`
      create table merchants (
        id uuid primary key,
        business_name text not null,
        email text not null,
        plan text not null check (plan in ('professional', 'ultimate', 'scale')),
        custom_domain text null,
        automatic_payouts boolean not null default false,
        monthly_earnings_cap numeric(20,6) null check (monthly_earnings_cap >= 0),
        affiliate_limit integer null check (affiliate_limit >= 0),
        created_at timestamptz not null,
        updated_at timestamptz not null
      );`);
    this.addSql(`
      create table api_keys (
        id uuid primary key,
        merchant_id uuid not null references merchants (id),
        name text not null,
        mode text not null check (mode in ('live', 'test')),
        can_write boolean not null,
        created_by text not null check (created_by in ('owner', 'team_member')),
        manage_payouts boolean not null default false,
        lookup text not null unique,
        secret_hash text not null,
        created_at timestamptz not null,
        revoked_at timestamptz null
      );`);
    this.addSql(`create index api_keys_merchant_idx on api_keys (merchant_id);`);
    this.addSql(`
      create table audit_log (
        id uuid primary key,
        actor text not null check (actor in ('api_key', 'operator', 'anonymous', 'assistant')),
        api_key_id uuid null,
        merchant_id uuid null,
        method text not null,
        path text not null,
        status integer not null,
        error_code text null,
        address text null,
        user_agent text null,
        request_id text null,
        created_at timestamptz not null
      );`);
    this.addSql(`create index audit_log_merchant_idx on audit_log (merchant_id, created_at desc, id desc);`);
    this.addSql(`
      create function audit_log_is_append_only() returns trigger language plpgsql as $$
      begin
        raise exception 'audit_log is append-only: % refused', tg_op using errcode = 'insufficient_privilege';
      end $$;`);
    this.addSql(`
      create trigger audit_log_no_update_or_delete before update or delete on audit_log
      for each row execute function audit_log_is_append_only();`);
    this.addSql(`
      create trigger audit_log_no_truncate before truncate on audit_log
      for each statement execute function audit_log_is_append_only();`);
    this.addSql(`
      create table outbox_events (
        id uuid primary key,
        merchant_id uuid not null references merchants (id),
        mode text not null check (mode in ('live', 'test')),
        type text not null,
        payload jsonb not null,
        occurred_at timestamptz not null,
        dispatched_at timestamptz null
      );`);
    this.addSql(`create index outbox_events_pending_idx on outbox_events (occurred_at, id) where dispatched_at is null;`);
    this.addSql(`
      create table notifications (
        id uuid primary key,
        merchant_id uuid not null references merchants (id),
        kind text not null,
        message text not null,
        created_at timestamptz not null
      );`);
    this.addSql(`create index notifications_merchant_idx on notifications (merchant_id, created_at desc);`);
    this.addSql(`
      create table rate_limit_windows (
        bucket text primary key,
        window_start bigint not null,
        current_count integer not null,
        previous_count integer not null
      );`);
    this.addSql(`
      create table service_clock (
        id integer primary key check (id = 1),
        offset_ms bigint not null
      );`);
  }
}
