import { Migration } from '@mikro-orm/migrations';

/** Webhook subscriptions, deliveries (one per event and subscription) and the attempt log. */
export class Migration20261122000005Webhooks extends Migration {
  override up(): void {
    this.addSql(`
      create table webhook_subscriptions (
        id uuid primary key,
        merchant_id uuid not null references merchants (id),
        mode text not null check (mode in ('live', 'test')),
        url text not null check (char_length(url) <= 2048),
        events jsonb not null check (jsonb_typeof(events) = 'array' and jsonb_array_length(events) > 0),
        secret text not null check (secret ~ '^[0-9a-f]{64}$'),
        active boolean not null,
        consecutive_failures integer not null default 0 check (consecutive_failures >= 0),
        paused_at timestamptz null,
        max_retries integer not null default 0 check (max_retries between 0 and 8),
        created_at timestamptz not null,
        updated_at timestamptz not null
      );`);
    this.addSql(`create index webhook_subscriptions_tenant_idx on webhook_subscriptions (merchant_id, mode, created_at desc, id desc);`);
    this.addSql(`
      create table webhook_deliveries (
        id uuid primary key,
        subscription_id uuid not null references webhook_subscriptions (id),
        merchant_id uuid not null references merchants (id),
        mode text not null check (mode in ('live', 'test')),
        event_id uuid null references outbox_events (id),
        event_type text not null,
        body text not null,
        status text not null check (status in ('pending', 'succeeded', 'failed', 'skipped')),
        attempts integer not null default 0 check (attempts >= 0),
        next_attempt_at timestamptz null,
        created_at timestamptz not null,
        updated_at timestamptz not null,
        constraint webhook_deliveries_event_subscription_key unique (event_id, subscription_id)
      );`);
    this.addSql(`create index webhook_deliveries_due_idx on webhook_deliveries (next_attempt_at, id) where status = 'pending';`);
    this.addSql(`create index webhook_deliveries_subscription_idx on webhook_deliveries (subscription_id);`);
    this.addSql(`
      create table webhook_delivery_attempts (
        id uuid primary key,
        delivery_id uuid not null references webhook_deliveries (id),
        subscription_id uuid not null references webhook_subscriptions (id),
        event_type text not null,
        url text not null,
        attempt integer not null check (attempt >= 1),
        trigger text not null check (trigger in ('automatic', 'retry', 'resend', 'test')),
        succeeded boolean not null,
        http_status integer null,
        duration_ms integer not null check (duration_ms >= 0),
        response_body text null,
        error text null,
        created_at timestamptz not null
      );`);
    this.addSql(
      `create index webhook_delivery_attempts_subscription_idx on webhook_delivery_attempts (subscription_id, created_at desc, id desc);`,
    );
    this.addSql(`create index webhook_delivery_attempts_delivery_idx on webhook_delivery_attempts (delivery_id);`);
  }
}
