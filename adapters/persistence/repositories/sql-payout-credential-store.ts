import { sql, type RawBuilder } from 'kysely';
import type { ConfiguredPayoutProvider, PayoutCredentialStore } from '../../../application/ports/payout-credential-store.js';
import type { SecretBox } from '../../../application/ports/secret-box.js';
import type { Tenant } from '../../../application/shared/tenant.js';
import type { PayoutMethod, ProviderCredentials } from '../../../domain/index.js';
import { currentDb, type Orm } from '../orm.js';
import type { Row } from '../schema/index.js';

type CredentialRow = Omit<Row<'payout_provider_credentials'>, 'created_at'>;

/** Where a sealed value belongs: a value copied to another merchant, mode or method does not open. */
const contextOf = (merchantId: string, mode: string, method: string) => `payout-credentials:${merchantId}:${mode}:${method}`;

/** `payout_provider_credentials`: one sealed JSON document per merchant, mode and method (AES-256-GCM). */
export class SqlPayoutCredentialStore implements PayoutCredentialStore {
  constructor(
    private readonly orm: Orm,
    private readonly box: SecretBox,
  ) {}

  private async exec<T>(statement: RawBuilder<T>): Promise<T[]> {
    return (await statement.execute(currentDb(this.orm))).rows;
  }

  async save(tenant: Tenant, credentials: ProviderCredentials, now: Date): Promise<ConfiguredPayoutProvider> {
    const sealed = this.box.seal(JSON.stringify(credentials), contextOf(tenant.merchantId, tenant.mode, credentials.method));
    await this.exec(sql`insert into payout_provider_credentials (merchant_id, mode, method, sealed, key_id, created_at, updated_at)
       values (${tenant.merchantId}, ${tenant.mode}, ${credentials.method}, ${sealed.sealed}, ${sealed.keyId}, ${now}, ${now})
       on conflict (merchant_id, mode, method) do update set sealed = excluded.sealed, key_id = excluded.key_id, updated_at = excluded.updated_at`);
    return { method: credentials.method, updatedAt: now };
  }

  async list(tenant: Tenant): Promise<readonly ConfiguredPayoutProvider[]> {
    const rows = await this.exec(
      sql<CredentialRow>`select method, updated_at from payout_provider_credentials where merchant_id = ${tenant.merchantId} and mode = ${tenant.mode} order by method`,
    );
    return rows.map((r) => ({ method: r.method as PayoutMethod, updatedAt: new Date(r.updated_at) }));
  }

  async remove(tenant: Tenant, method: PayoutMethod): Promise<boolean> {
    const rows = await this.exec(
      sql<{ method: string }>`delete from payout_provider_credentials where merchant_id = ${tenant.merchantId} and mode = ${tenant.mode} and method = ${method}
        returning method`,
    );
    return rows.length > 0;
  }

  async find(tenant: Tenant, method: PayoutMethod): Promise<ProviderCredentials | null> {
    const [row] = await this.exec(sql<CredentialRow>`select merchant_id, mode, method, sealed, key_id from payout_provider_credentials
      where merchant_id = ${tenant.merchantId} and mode = ${tenant.mode} and method = ${method}`);
    if (!row) return null;
    return JSON.parse(this.box.open({ sealed: row.sealed, keyId: row.key_id }, contextOf(row.merchant_id, row.mode, row.method))) as ProviderCredentials;
  }

  /** Rotation: every value sealed with another key is opened and sealed again with the current one. Returns how many. */
  async resealAll(): Promise<number> {
    const rows = await this.exec(
      sql<CredentialRow>`select merchant_id, mode, method, sealed, key_id from payout_provider_credentials where key_id <> ${this.box.currentKeyId}`,
    );
    for (const row of rows) {
      const context = contextOf(row.merchant_id, row.mode, row.method);
      const resealed = this.box.seal(this.box.open({ sealed: row.sealed, keyId: row.key_id }, context), context);
      await this.exec(sql`update payout_provider_credentials set sealed = ${resealed.sealed}, key_id = ${resealed.keyId}
        where merchant_id = ${row.merchant_id} and mode = ${row.mode} and method = ${row.method} and key_id = ${row.key_id}`);
    }
    return rows.length;
  }
}
