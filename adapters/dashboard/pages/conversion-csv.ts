import type { AffiliateName } from '../../../application/ports/affiliate-names.js';
import { formatAmount, type Conversion } from '../../../domain/index.js';

/** Rows read per statement by an export. */
export const EXPORT_PAGE = 500;

export const CONVERSION_CSV_COLUMNS = ['id', 'createdAt', 'status', 'affiliateName', 'affiliateEmail', 'affiliateId', 'campaignName', 'campaignId', 'orderId', 'amount', 'taxAmount', 'commission', 'currency', 'conversionType', 'source'] as const;

/** Each page of conversions as CSV rows, with the names of their affiliates (read a page at a time) and campaigns. */
export async function* conversionCsvRows(
  pages: AsyncIterable<readonly Conversion[]>,
  names: (ids: readonly string[]) => Promise<ReadonlyMap<string, AffiliateName>>,
  campaigns: ReadonlyMap<string, string>,
): AsyncGenerator<readonly (readonly unknown[])[]> {
  for await (const page of pages) {
    const affiliates = await names(page.map((r) => r.affiliateId));
    yield page.map((r) => {
      const a = affiliates.get(r.affiliateId);
      return [
        r.id,
        r.createdAt.toISOString(),
        r.status,
        a?.name ?? '',
        a?.email ?? '',
        r.affiliateId,
        campaigns.get(r.campaignId) ?? '',
        r.campaignId,
        r.orderId,
        formatAmount(r.amount, r.currency),
        r.taxAmount === null ? '' : formatAmount(r.taxAmount, r.currency),
        formatAmount(r.commission, r.currency),
        r.currency.toUpperCase(),
        r.conversionType,
        r.source,
      ];
    });
  }
}
