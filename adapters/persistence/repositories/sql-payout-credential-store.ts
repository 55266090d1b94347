import type { ConfiguredPayoutProvider, PayoutCredentialStore } from '../../../application/ports/payout-credential-store.js';
import type { SecretBox } from '../../../application/ports/secret-box.js';
import type { Tenant } from '../../../application/shared/tenant.js';
import type { PayoutMethod, ProviderCredentials } from '../../../domain/index.js';
import { currentEm, type Orm } from '../orm.js';
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

  private exec<T>(sql: string, params: unknown[]): Promise<T[]> {
    return currentEm(this.orm).execute<T[]>(sql, params);
  }

  async save(tenant: Tenant, credentials: ProviderCredentials, now: Date): Promise<ConfiguredPayoutProvider> {
    const sealed = this.box.seal(JSON.stringify(credentials), contextOf(tenant.merchantId, tenant.mode, credentials.method));
    await this.exec(
      `insert into payout_provider_credentials (merchant_id, mode, method, sealed, key_id, created_at, updated_at)
       values (?, ?, ?, ?, ?, ?, ?)
       on conflict (merchant_id, mode, method) do update set sealed = excluded.sealed, key_id = excluded.key_id, updated_at = excluded.updated_at`,
      [tenant.merchantId, tenant.mode, credentials.method, sealed.sealed, sealed.keyId, now, now],
    );
    return { method: credentials.method, updatedAt: now };
  }

  async list(tenant: Tenant): Promise<readonly ConfiguredPayoutProvider[]> {
    const rows = await this.exec<CredentialRow>(
      `select method, updated_at from payout_provider_credentials where merchant_id = ? and mode = ? order by method`,
      [tenant.merchantId, tenant.mode],
    );
    return rows.map((r) => ({ method: r.method as PayoutMethod, updatedAt: new Date(r.updated_at) }));
  }

  async remove(tenant: Tenant, method: PayoutMethod): Promise<boolean> {
    const rows = await this.exec<{ method: string }>(
      `delete from payout_provider_credentials where merchant_id = ? and mode = ? and method = ? returning method`,
      [tenant.merchantId, tenant.mode, method],
    );
    return rows.length > 0;
  }

  async find(tenant: Tenant, method: PayoutMethod): Promise<ProviderCredentials | null> {
    const [row] = await this.exec<CredentialRow>(
      `select merchant_id, mode, method, sealed, key_id from payout_provider_credentials where merchant_id = ? and mode = ? and method = ?`,
      [tenant.merchantId, tenant.mode, method],
    );
    if (!row) return null;
    return JSON.parse(this.box.open({ sealed: row.sealed, keyId: row.key_id }, contextOf(row.merchant_id, row.mode, row.method))) as ProviderCredentials;
  }

  /** Rotation: every value sealed with another key is opened and sealed again with the current one. Returns how many. */
  async resealAll(): Promise<number> {
    const rows = await this.exec<CredentialRow>(`select merchant_id, mode, method, sealed, key_id from payout_provider_credentials where key_id <> ?`, [
      this.box.currentKeyId,
    ]);
    for (const row of rows) {
      const context = contextOf(row.merchant_id, row.mode, row.method);
      const resealed = this.box.seal(this.box.open({ sealed: row.sealed, keyId: row.key_id }, context), context);
      await this.exec(`update payout_provider_credentials set sealed = ?, key_id = ? where merchant_id = ? and mode = ? and method = ? and key_id = ?`, [
        resealed.sealed,
        resealed.keyId,
        row.merchant_id,
        row.mode,
        row.method,
        row.key_id,
      ]);
    }
    return rows.length;
  }
}
