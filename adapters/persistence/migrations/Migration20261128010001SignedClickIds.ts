import { Migration } from '@mikro-orm/migrations';

/**
 * Signed click ids: the key that signs them, made here once (256 bits from three random UUIDs through
 * SHA-256) and shared by every process on the database. A lead keeps the click id as presented (a
 * signed id is longer than a UUID), as conversions and provider customers already do.
 */
export class Migration20261128010001SignedClickIds extends Migration {
  override up(): void {
    this.addSql(`
      insert into service_secrets (name, value) values ('click_signing_key',
        encode(sha256(convert_to(gen_random_uuid()::text || gen_random_uuid()::text || gen_random_uuid()::text, 'UTF8')), 'hex'))
      on conflict (name) do nothing;`);
    this.addSql(`alter table customers alter column click_id type text using click_id::text;`);
  }
}
