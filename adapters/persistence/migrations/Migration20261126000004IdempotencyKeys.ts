import { Migration } from '@mikro-orm/migrations';

/**
 * The first response of every `POST` sent with an `Idempotency-Key`, per (API key, merchant, mode,
 * idempotency key), kept for 24 hours. `status` is null while the first request is in flight;
 * `lease_until` lets a retry take over a claim whose process died before answering.
 */
export class Migration20261126000004IdempotencyKeys extends Migration {
  override up(): void {
    this.addSql(`
      create table idempotency_keys (
        merchant_id uuid not null,
        mode text not null check (mode in ('live', 'test')),
        api_key_id uuid not null,
        idempotency_key text not null check (char_length(idempotency_key) between 1 and 255),
        fingerprint text not null,
        status integer null,
        content_type text null,
        body text null,
        created_at timestamptz not null,
        lease_until timestamptz not null,
        expires_at timestamptz not null,
        primary key (merchant_id, mode, api_key_id, idempotency_key)
      );`);
    this.addSql(`create index idempotency_keys_expiry_idx on idempotency_keys (expires_at);`);
  }
}
