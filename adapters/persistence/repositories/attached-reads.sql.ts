import type { AttachedRead, AttachedResult } from '../../../application/ports/api-key-admission.js';
import { unprefixed } from '../mappers/prefixed-columns.js';
import { campaignDetailFromRow, campaignDetailSql, type DetailRow } from './campaign-detail.sql.js';
import { conversionDetailFromRow, conversionDetailSql, type ConversionDetailRow } from './sql-conversion-queries.js';
import { saleContextFromRow, saleContextSql, type SaleContextRow } from './sql-sale-contexts.js';
import type { TenantSqlInputs } from './tenant-sql-inputs.js';

/** Output columns of an attached read carry this prefix, so they can share a row with the key's columns. */
const PREFIX = 'att_';

/**
 * An attached read as SQL: a `select` that reads its tenant from the one-row relation `admitted`
 * (`merchant_id`, `mode`: the admitted key's, empty when the request was not admitted), takes its
 * own values from parameter `$first` on, and prefixes its output columns with `att_`.
 */
interface AttachedSql<R> {
  readonly sql: (first: number) => string;
  readonly values: (read: AttachedRead) => unknown[];
  readonly map: (row: R) => AttachedResult;
}

/** The admitted tenant as the shared reads take it (tenant-sql-inputs.ts). */
const ADMITTED: TenantSqlInputs = { merchantId: 'admitted.merchant_id', mode: 'admitted.mode', from: 'admitted', prefix: PREFIX };

const conversion: AttachedSql<ConversionDetailRow> = {
  sql: (first) => conversionDetailSql({ ...ADMITTED, id: `$${first}` }),
  values: (read) => (read.kind === 'conversion' ? [read.id] : []),
  map: (row) => ({ kind: 'conversion', found: conversionDetailFromRow(row) }),
};

const campaign: AttachedSql<DetailRow> = {
  sql: (first) =>
    campaignDetailSql({ ...ADMITTED, campaignId: `$${first}`, recentLimit: `$${first + 1}` }),
  values: (read) => (read.kind === 'campaign' ? [read.id, read.recentLimit] : []),
  map: (row) => ({ kind: 'campaign', found: campaignDetailFromRow(row) }),
};

const sale: AttachedSql<SaleContextRow> = {
  sql: (first) =>
    saleContextSql({ ...ADMITTED, campaignId: `$${first}`, affiliateId: `$${first + 1}` }),
  values: (read) => (read.kind === 'sale' ? [read.campaignId, read.affiliateId] : []),
  map: (row) => ({ kind: 'sale', found: saleContextFromRow(row) }),
};

export const ATTACHED_READS: Record<AttachedRead['kind'], AttachedSql<any>> = { conversion, campaign, sale };

/** The attached read's result from a row whose `att_id` is null when the read found nothing. */
export const attachedResultOf = (kind: AttachedRead['kind'], row: Record<string, unknown>): AttachedResult => {
  const own = unprefixed<Record<string, unknown>>(row, PREFIX);
  return own === null ? ({ kind, found: null } as AttachedResult) : ATTACHED_READS[kind].map(own);
};
