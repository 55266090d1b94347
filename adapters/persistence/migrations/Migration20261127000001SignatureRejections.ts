import { Migration } from '@mikro-orm/migrations';

/** Runs of refused signatures per integration, so that a merchant whose secret is wrong is told. */
export class Migration20261127000001SignatureRejections extends Migration {
  override up(): void {
    this.addSql(`create table integration_signature_rejections (
      integration_id uuid primary key references integrations(id),
      consecutive integer not null check (consecutive > 0),
      noticed boolean not null,
      last_rejected_at timestamptz not null);`);
  }
}
