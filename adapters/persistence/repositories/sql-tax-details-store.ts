import { sql, type RawBuilder } from 'kysely';
import type { SecretBox } from '../../../application/ports/secret-box.js';
import type { FullTaxDetailsRecord, TaxDetailsRecord, TaxDetailsStore } from '../../../application/ports/tax-details-store.js';
import { maskTaxDetails, type MaskedTaxDetails, type TaxDetails } from '../../../domain/index.js';
import { currentDb, type Orm } from '../orm.js';
import type { Row } from '../schema/index.js';

type DetailsRow = Row<'affiliate_tax_details'>;

/** Where a sealed form belongs: a value copied to another affiliate or version does not open. */
const contextOf = (row: Pick<DetailsRow, 'merchant_id' | 'affiliate_id' | 'version'>) => `tax-details:${row.merchant_id}:${row.affiliate_id}:${row.version}`;

const recordOf = (row: DetailsRow): TaxDetailsRecord => ({
  version: row.version,
  savedAt: new Date(row.created_at),
  details: row.summary as MaskedTaxDetails,
});

/** `affiliate_tax_details`: the masked summary in the clear, the whole form sealed (AES-256-GCM). */
export class SqlTaxDetailsStore implements TaxDetailsStore {
  constructor(
    private readonly orm: Orm,
    private readonly box: SecretBox,
  ) {}

  private async exec<T>(statement: RawBuilder<T>): Promise<T[]> {
    return (await statement.execute(currentDb(this.orm))).rows;
  }

  async append(merchantId: string, affiliateId: string, version: number, details: TaxDetails, id: string, now: Date): Promise<void> {
    const sealed = this.box.seal(JSON.stringify(details), contextOf({ merchant_id: merchantId, affiliate_id: affiliateId, version }));
    await this.exec(sql`insert into affiliate_tax_details (id, merchant_id, affiliate_id, version, country, form, summary, sealed, key_id, created_at)
      values (${id}, ${merchantId}, ${affiliateId}, ${version}, ${details.country}, ${details.form.form}, ${JSON.stringify(maskTaxDetails(details))}::jsonb,
        ${sealed.sealed}, ${sealed.keyId}, ${now})`);
  }

  private async rows(merchantId: string, affiliateId: string, limit: number): Promise<DetailsRow[]> {
    return this.exec(sql<DetailsRow>`select * from affiliate_tax_details where merchant_id = ${merchantId} and affiliate_id = ${affiliateId}
      order by version desc limit ${limit}`);
  }

  async latest(merchantId: string, affiliateId: string): Promise<TaxDetailsRecord | null> {
    const [row] = await this.rows(merchantId, affiliateId, 1);
    return row ? recordOf(row) : null;
  }

  async history(merchantId: string, affiliateId: string): Promise<readonly TaxDetailsRecord[]> {
    return (await this.rows(merchantId, affiliateId, 1000)).map(recordOf);
  }

  async latestFull(merchantId: string, affiliateId: string): Promise<FullTaxDetailsRecord | null> {
    const [row] = await this.rows(merchantId, affiliateId, 1);
    if (!row) return null;
    const details = JSON.parse(this.box.open({ sealed: row.sealed, keyId: row.key_id }, contextOf(row))) as TaxDetails;
    return { version: row.version, savedAt: new Date(row.created_at), details };
  }

  async withDetails(merchantId: string, affiliateIds: readonly string[]): Promise<ReadonlySet<string>> {
    if (affiliateIds.length === 0) return new Set();
    const rows = await this.exec(sql<{ affiliate_id: string }>`select distinct affiliate_id from affiliate_tax_details
      where merchant_id = ${merchantId} and affiliate_id = any(${affiliateIds}::uuid[])`);
    return new Set(rows.map((r) => r.affiliate_id));
  }

  /** Rotation: every form sealed with another key is opened and sealed again with the current one. Returns how many. */
  async resealAll(): Promise<number> {
    const rows = await this.exec(sql<DetailsRow>`select * from affiliate_tax_details where key_id <> ${this.box.currentKeyId}`);
    for (const row of rows) {
      const resealed = this.box.seal(this.box.open({ sealed: row.sealed, keyId: row.key_id }, contextOf(row)), contextOf(row));
      await this.exec(sql`update affiliate_tax_details set sealed = ${resealed.sealed}, key_id = ${resealed.keyId} where id = ${row.id} and key_id = ${row.key_id}`);
    }
    return rows.length;
  }
}
