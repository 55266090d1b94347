import type { ConversionDetail, ConversionFilters, ConversionQueries } from '../../../application/ports/conversion-queries.js';
import { offsetOf, type Page, type PageRequest } from '../../../application/shared/page.js';
import type { Tenant } from '../../../application/shared/tenant.js';
import type { Conversion } from '../../../domain/index.js';
import { CONVERSION_COLUMNS, conversionFromRow, type ConversionRow } from '../mappers/conversion.mapper.js';
import { currentDb, currentEm, type Orm } from '../orm.js';
import { runPrepared } from '../prepared-statements.js';

const SELECT = CONVERSION_COLUMNS.map((c) => `c.${c}`).join(', ');

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
    const [row] = await runPrepared<ConversionRow & { campaign_name: string }>(
      currentDb(this.orm),
      `select ${SELECT}, k.name as campaign_name from conversions c join campaigns k on k.id = c.campaign_id
       where c.id = $1 and c.merchant_id = $2 and c.mode = $3`,
      [id, tenant.merchantId, tenant.mode],
    );
    return row ? { conversion: conversionFromRow(row), campaignName: row.campaign_name } : null;
  }
}
