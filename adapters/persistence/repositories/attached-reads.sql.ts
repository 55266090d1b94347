import type { AttachedRead, AttachedResult } from '../../../application/ports/api-key-admission.js';
import { CONVERSION_COLUMNS, conversionFromRow, type ConversionRow } from '../mappers/conversion.mapper.js';
import { campaignDetailFromRow, campaignDetailSql, type DetailRow } from './campaign-detail.sql.js';

/** Output columns of an attached read carry this prefix, so they can share a row with the key's columns. */
const PREFIX = 'att_';

/**
 * An attached read as SQL: a `select` that reads its tenant from the one-row relation `t`
 * (`merchant_id`, `mode`: the admitted key's, empty when the request was not admitted), takes its
 * own values from parameter `$first` on, and prefixes its output columns with `att_`.
 */
interface AttachedSql<R> {
  readonly sql: (first: number) => string;
  readonly values: (read: AttachedRead) => unknown[];
  readonly map: (row: R) => AttachedResult;
}

const conversionColumns = CONVERSION_COLUMNS.map((c) => `c.${c} as ${PREFIX}${c}`).join(', ');

const conversion: AttachedSql<ConversionRow & { campaign_name: string }> = {
  sql: (first) => `select ${conversionColumns}, p.name as ${PREFIX}campaign_name
    from t join conversions c on c.merchant_id = t.merchant_id and c.mode = t.mode join campaigns p on p.id = c.campaign_id
    where c.id = $${first}`,
  values: (read) => [read.id],
  map: (row) => ({ kind: 'conversion', found: { conversion: conversionFromRow(row), campaignName: row.campaign_name } }),
};

const campaign: AttachedSql<DetailRow> = {
  sql: (first) =>
    campaignDetailSql({ merchantId: 't.merchant_id', mode: 't.mode', campaignId: `$${first}`, recentLimit: `$${first + 1}`, from: 't', prefix: PREFIX }),
  values: (read) => (read.kind === 'campaign' ? [read.id, read.recentLimit] : []),
  map: (row) => ({ kind: 'campaign', found: campaignDetailFromRow(row) }),
};

export const ATTACHED_READS: Record<AttachedRead['kind'], AttachedSql<any>> = { conversion, campaign };

/** The attached read's result from a row whose `att_id` is null when the read found nothing. */
export const attachedResultOf = (kind: AttachedRead['kind'], row: Record<string, unknown>): AttachedResult => {
  if (row[`${PREFIX}id`] === null || row[`${PREFIX}id`] === undefined) return { kind, found: null } as AttachedResult;
  const own: Record<string, unknown> = {};
  for (const name in row) if (name.startsWith(PREFIX)) own[name.slice(PREFIX.length)] = row[name];
  return ATTACHED_READS[kind].map(own);
};
