import { PROGRAM_FILES, type ProgramResource, type ProgramRow } from '../../../../application/porting/program-files.js';
import type { ClickRange, ProgramExportReader } from '../../../../application/ports/program-export-reader.js';
import type { Tenant } from '../../../../application/shared/tenant.js';
import { poolDb, type Orm } from '../../orm.js';
import { runSql } from '../../run-sql.js';
import { EXPORT_SQL } from './program-export.sql.js';

const PAGE = 1_000;
const BEFORE_ANY = '00000000-0000-0000-0000-000000000000';

/** A cell of the portable format: empty for none, ISO times, JSON for structures, `true`/`false`, decimals as PostgreSQL gives them. */
const cell = (value: unknown, column: string): string => {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  // A webhook's events are one cell, space-separated.
  if (column === 'events' && Array.isArray(value)) return value.join(' ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
};

/**
 * Keyset pages of a thousand rows on the pool, each page its own statement, so a download of any
 * size holds neither a connection nor the program between pages (the files are not one snapshot).
 */
export class SqlProgramExportReader implements ProgramExportReader {
  constructor(private readonly orm: Orm) {}

  async *rows(tenant: Tenant, resource: ProgramResource, clicks?: ClickRange): AsyncIterable<ProgramRow> {
    const columns = PROGRAM_FILES.find((f) => f.resource === resource)?.columns ?? [];
    let after = BEFORE_ANY;
    for (;;) {
      const page = await runSql<Record<string, unknown> & { key: string }>(poolDb(this.orm), EXPORT_SQL[resource], [
        tenant.merchantId,
        tenant.mode,
        after,
        PAGE,
        ...(resource === 'clicks' ? [clicks?.from ?? new Date(0), clicks?.to ?? new Date(8.64e15)] : []),
      ]);
      for (const row of page) yield Object.fromEntries(columns.map((c) => [c, cell(row[c], c)]));
      const last = page.at(-1);
      if (!last || page.length < PAGE) return;
      after = last.key;
    }
  }
}
