import type { AttachedRead, AttachedResult } from '../../../application/ports/api-key-admission.js';
import { CONVERSION_COLUMNS, conversionFromRow, type ConversionRow } from '../mappers/conversion.mapper.js';
import { prefixedColumns, unprefixed } from '../mappers/prefixed-columns.js';
import { campaignDetailFromRow, campaignDetailSql, type DetailRow } from './campaign-detail.sql.js';
import { saleContextFromRow, saleContextSql, type SaleContextRow } from './sql-sale-contexts.js';

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

const conversionColumns = prefixedColumns(CONVERSION_COLUMNS, 'c', PREFIX);

const conversion: AttachedSql<ConversionRow & { campaign_name: string }> = {
  sql: (first) => `select ${conversionColumns}, p.name as ${PREFIX}campaign_name
    from admitted join conversions c on c.merchant_id = admitted.merchant_id and c.mode = admitted.mode join campaigns p on p.id = c.campaign_id
    where c.id = $${first}`,
  values: (read) => (read.kind === 'conversion' ? [read.id] : []),
  map: (row) => ({ kind: 'conversion', found: { conversion: conversionFromRow(row), campaignName: row.campaign_name } }),
};

const campaign: AttachedSql<DetailRow> = {
  sql: (first) =>
    campaignDetailSql({
      merchantId: 'admitted.merchant_id',
      mode: 'admitted.mode',
      campaignId: `$${first}`,
      recentLimit: `$${first + 1}`,
      from: 'admitted',
      prefix: PREFIX,
    }),
  values: (read) => (read.kind === 'campaign' ? [read.id, read.recentLimit] : []),
  map: (row) => ({ kind: 'campaign', found: campaignDetailFromRow(row) }),
};

const sale: AttachedSql<SaleContextRow> = {
  sql: (first) =>
    saleContextSql({
      merchantId: 'admitted.merchant_id',
      mode: 'admitted.mode',
      campaignId: `$${first}`,
      affiliateId: `$${first + 1}`,
      from: 'admitted',
      prefix: PREFIX,
    }),
  values: (read) => (read.kind === 'sale' ? [read.campaignId, read.affiliateId] : []),
  map: (row) => ({ kind: 'sale', found: saleContextFromRow(row) }),
};

export const ATTACHED_READS: Record<AttachedRead['kind'], AttachedSql<any>> = { conversion, campaign, sale };

/** The attached read's result from a row whose `att_id` is null when the read found nothing. */
export const attachedResultOf = (kind: AttachedRead['kind'], row: Record<string, unknown>): AttachedResult => {
  const own = unprefixed<Record<string, unknown>>(row, PREFIX);
  return own === null ? ({ kind, found: null } as AttachedResult) : ATTACHED_READS[kind].map(own);
};
