import { sql, type RawBuilder } from 'kysely';
import type { ConversionDetail, ConversionFilters, ConversionQueries } from '../../../application/ports/conversion-queries.js';
import { offsetOf, sliceOf, type Page, type PageRequest, type Slice } from '../../../application/shared/page.js';
import type { Tenant } from '../../../application/shared/tenant.js';
import type { Conversion } from '../../../domain/index.js';
import { CONVERSION_COLUMNS, conversionFromRow, type ConversionRow } from '../mappers/conversion.mapper.js';
import { currentDb, type Orm } from '../orm.js';
import { prefixedColumns } from '../mappers/prefixed-columns.js';
import { runNamedRead } from '../named-statement.js';
import { riskFlagFromJson, riskFlagsJsonOf, type RiskFlagJson } from '../mappers/risk-flag.mapper.js';

const SELECT = prefixedColumns(CONVERSION_COLUMNS, 'c', '');

const whereOf = (tenant: Tenant, filters: ConversionFilters): RawBuilder<unknown> => {
  const where: RawBuilder<unknown>[] = [sql`c.merchant_id = ${tenant.merchantId}`, sql`c.mode = ${tenant.mode}`];
  if (filters.status) where.push(sql`c.status = ${filters.status}`);
  if (filters.campaignId) where.push(sql`c.campaign_id = ${filters.campaignId}`);
  if (filters.affiliateId) where.push(sql`c.affiliate_id = ${filters.affiliateId}`);
  if (filters.from) where.push(sql`c.created_at >= ${filters.from}`);
  if (filters.to) where.push(sql`c.created_at < ${filters.to}`);
  if (filters.after) where.push(sql`(c.created_at, c.id) < (${filters.after.createdAt}, ${filters.after.id})`);
  if (filters.ids) where.push(filters.ids.length === 0 ? sql`false` : sql`c.id in (${sql.join(filters.ids)})`);
  return sql.join(where, sql` and `);
};

/**
 * Conversion reads in plain SQL on the tenant indexes. The page and its total are two statements: the
 * page reads `limit` rows down an index, the count walks the index alone (no row is fetched), which
 * a window count over the rows cannot do.
 */
export class SqlConversionQueries implements ConversionQueries {
  constructor(private readonly orm: Orm) {}

  async list(tenant: Tenant, filters: ConversionFilters, page: PageRequest): Promise<Page<Conversion>> {
    const where = whereOf(tenant, filters);
    const [rows, { rows: [count] }] = await Promise.all([
      this.rows(where, page.limit, offsetOf(page)),
      sql<{ n: string }>`select count(*) as n from conversions c where ${where}`.execute(currentDb(this.orm)),
    ]);
    return { items: rows.map(conversionFromRow), total: Number(count?.n ?? 0), page: page.page, limit: page.limit };
  }

  async browse(tenant: Tenant, filters: ConversionFilters, page: PageRequest): Promise<Slice<Conversion>> {
    return sliceOf((await this.rows(whereOf(tenant, filters), page.limit + 1, offsetOf(page))).map(conversionFromRow), page);
  }

  private async rows(where: RawBuilder<unknown>, limit: number, offset: number): Promise<ConversionRow[]> {
    const { rows } = await sql<ConversionRow>`select ${sql.raw(SELECT)} from conversions c where ${where}
      order by c.created_at desc, c.id desc limit ${limit} offset ${offset}`.execute(currentDb(this.orm));
    return rows;
  }

  async get(tenant: Tenant, id: string): Promise<ConversionDetail | null> {
    const [row] = await runNamedRead<ConversionDetailRow>(this.orm, 'conversion_detail', CONVERSION_DETAIL, [id, tenant.merchantId, tenant.mode]);
    return row ? conversionDetailFromRow(row) : null;
  }
}

type ConversionDetailRow = ConversionRow & { campaign_name: string; risk_flags: RiskFlagJson[] | null };

/** One conversion with its campaign's name and its risk flags, in the tenant, in one statement. */
const CONVERSION_DETAIL = `select ${SELECT}, cp.name as campaign_name, (${riskFlagsJsonOf('conversion', 'c.id', '$2', '$3')}) as risk_flags
  from conversions c join campaigns cp on cp.id = c.campaign_id
  where c.id = $1 and c.merchant_id = $2 and c.mode = $3`;

const conversionDetailFromRow = (row: ConversionDetailRow): ConversionDetail => ({
  conversion: conversionFromRow(row),
  campaignName: row.campaign_name,
  riskFlags: (row.risk_flags ?? []).map(riskFlagFromJson),
});
