import type { ConversionDetail, ConversionFilters, ConversionQueries } from '../../../application/ports/conversion-queries.js';
import { offsetOf, type Page, type PageRequest } from '../../../application/shared/page.js';
import type { Tenant } from '../../../application/shared/tenant.js';
import type { Conversion } from '../../../domain/index.js';
import { CONVERSION_COLUMNS, conversionFromRow, type ConversionRow } from '../mappers/conversion.mapper.js';
import { currentDb, currentEm, type Orm } from '../orm.js';
import { prefixedColumns } from '../mappers/prefixed-columns.js';
import { runPrepared } from '../prepared-statements.js';
import type { TenantSqlInputs } from './tenant-sql-inputs.js';

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
    // Hot path: a prepared statement (a primary-key lookup: its plan never depends on the values).
    const [row] = await runPrepared<ConversionDetailRow>(currentDb(this.orm), CONVERSION_DETAIL, [id, tenant.merchantId, tenant.mode]);
    return row ? conversionDetailFromRow(row) : null;
  }
}

export type ConversionDetailRow = ConversionRow & { campaign_name: string };

/** One conversion with its campaign's name, in the tenant (given as SQL expressions: tenant-sql-inputs.ts). */
export const conversionDetailSql = (at: TenantSqlInputs & { readonly id: string }): string => {
  const p = at.prefix ?? '';
  return `select ${prefixedColumns(CONVERSION_COLUMNS, 'c', p)}, cp.name as ${p}campaign_name
    from ${at.from ? `${at.from} cross join ` : ''}conversions c join campaigns cp on cp.id = c.campaign_id
    where c.id = ${at.id} and c.merchant_id = ${at.merchantId} and c.mode = ${at.mode}`;
};

const CONVERSION_DETAIL = conversionDetailSql({ id: '$1', merchantId: '$2', mode: '$3' });

export const conversionDetailFromRow = (row: ConversionDetailRow): ConversionDetail => ({
  conversion: conversionFromRow(row),
  campaignName: row.campaign_name,
});
