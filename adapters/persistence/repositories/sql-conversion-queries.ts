import type { ConversionDetail, ConversionFilters, ConversionQueries } from '../../../application/ports/conversion-queries.js';
import { offsetOf, type Page, type PageRequest } from '../../../application/shared/page.js';
import type { Tenant } from '../../../application/shared/tenant.js';
import type { Conversion } from '../../../domain/index.js';
import { CONVERSION_COLUMNS, conversionFromRow, type ConversionRow } from '../mappers/conversion.mapper.js';
import { currentDb, currentEm, type Orm } from '../orm.js';
import { prefixedColumns } from '../mappers/prefixed-columns.js';
import { runNamed } from '../named-statement.js';

const SELECT = prefixedColumns(CONVERSION_COLUMNS, 'c', '');

/** Conversion reads in plain SQL on the tenant indexes; the count rides along as a window function. */
export class SqlConversionQueries implements ConversionQueries {
  constructor(private readonly orm: Orm) {}

  async list(tenant: Tenant, filters: ConversionFilters, page: PageRequest): Promise<Page<Conversion>> {
    const where = ['c.merchant_id = ?', 'c.mode = ?'];
    const params: unknown[] = [tenant.merchantId, tenant.mode];
    const add = (clause: string, value: unknown) => {
      where.push(clause);
      params.push(value);
    };
    if (filters.status) add('c.status = ?', filters.status);
    if (filters.campaignId) add('c.campaign_id = ?', filters.campaignId);
    if (filters.affiliateId) add('c.affiliate_id = ?', filters.affiliateId);
    if (filters.from) add('c.created_at >= ?', filters.from);
    if (filters.to) add('c.created_at < ?', filters.to);
    const rows = await currentEm(this.orm).execute<(ConversionRow & { total: string })[]>(
      `select ${SELECT}, count(*) over () as total from conversions c
       where ${where.join(' and ')}
       order by c.created_at desc, c.id desc limit ? offset ?`,
      [...params, page.limit, offsetOf(page)],
    );
    let total = rows[0] ? Number(rows[0].total) : 0;
    if (rows.length === 0 && page.page > 1) {
      const [count] = await currentEm(this.orm).execute<{ n: string }[]>(
        `select count(*) as n from conversions c where ${where.join(' and ')}`,
        params,
      );
      total = Number(count?.n ?? 0);
    }
    return { items: rows.map(conversionFromRow), total, page: page.page, limit: page.limit };
  }

  async get(tenant: Tenant, id: string): Promise<ConversionDetail | null> {
    const [row] = await runNamed<ConversionDetailRow>(this.orm, 'conversion_detail', CONVERSION_DETAIL, [id, tenant.merchantId, tenant.mode]);
    return row ? conversionDetailFromRow(row) : null;
  }
}

type ConversionDetailRow = ConversionRow & { campaign_name: string };

/** One conversion with its campaign's name, in the tenant. */
const CONVERSION_DETAIL = `select ${SELECT}, cp.name as campaign_name
  from conversions c join campaigns cp on cp.id = c.campaign_id
  where c.id = $1 and c.merchant_id = $2 and c.mode = $3`;

const conversionDetailFromRow = (row: ConversionDetailRow): ConversionDetail => ({
  conversion: conversionFromRow(row),
  campaignName: row.campaign_name,
});
