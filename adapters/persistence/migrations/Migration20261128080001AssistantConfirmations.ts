import { Migration } from '@mikro-orm/migrations';

/** Confirmation tokens of assistant money-move previews: single use, ten minutes, stored as hashes. */
export class Migration20261128080001AssistantConfirmations extends Migration {
  override up(): void {
    this.addSql(`create table assistant_confirmations (
      token_hash text primary key,
      merchant_id uuid not null references merchants (id) on delete cascade,
      mode text not null check (mode in ('live', 'test')),
      caller_id text not null,
      tool text not null,
      args_digest text not null,
      state_digest text not null,
      created_at timestamptz not null,
      expires_at timestamptz not null,
      used_at timestamptz
    );`);
    this.addSql(`create index assistant_confirmations_expiry_idx on assistant_confirmations (expires_at);`);
  }
}
