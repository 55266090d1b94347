import type { ImportRow, ImportRun, ImportRuns, } from '../../../../application/ports/imports.js';
import type { ProgramResource } from '../../../../application/porting/program-files.js';
import type { Tenant } from '../../../../application/shared/tenant.js';
import type { Row } from '../../schema/index.js';
import { currentDb, type Orm } from '../../orm.js';
import { runSql } from '../../run-sql.js';
import { runOf } from '../../mappers/import-run.mapper.js';


/** Rows go in by the thousand, one statement each. */
const INSERT_BATCH = 1_000;

export class SqlImportRuns implements ImportRuns {
  constructor(private readonly orm: Orm) {}

  async create(run: ImportRun, rows: readonly Omit<ImportRow, 'seq'>[]): Promise<void> {
    const db = currentDb(this.orm);
    await runSql(
      db,
      `insert into imports (id, merchant_id, mode, source, dry_run, state, cursor, row_count, progress, preview, failure, created_at, updated_at, finished_at, campaign_map)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)`,
      [run.id, run.tenant.merchantId, run.tenant.mode, run.source, run.dryRun, run.state, run.cursor, run.rowCount, JSON.stringify(run.progress), JSON.stringify(run.preview), run.failure, run.createdAt, run.updatedAt, run.finishedAt, JSON.stringify(run.campaignMap ?? {})],
    );
    for (let start = 0; start < rows.length; start += INSERT_BATCH) {
      const batch = rows.slice(start, start + INSERT_BATCH);
      await runSql(
        db,
        `insert into import_rows (import_id, seq, resource, data)
         select $1, $2::int + r.n::int - 1, r.e->>'resource', r.e->'data'
         from jsonb_array_elements($3::jsonb) with ordinality as r(e, n)`,
        [run.id, start, JSON.stringify(batch)],
      );
    }
  }

  async get(tenant: Tenant, id: string): Promise<ImportRun | null> {
    const [row] = await runSql<Row<'imports'>>(currentDb(this.orm), 'select * from imports where id = $1 and merchant_id = $2 and mode = $3', [id, tenant.merchantId, tenant.mode]);
    return row ? runOf(row) : null;
  }

  async claimDue(): Promise<ImportRun | null> {
    const [row] = await runSql<Row<'imports'>>(
      currentDb(this.orm),
      `select * from imports where state in ('queued', 'running') and (fetch_state is null or (fetch_state->>'done')::boolean)
       order by created_at, id limit 1 for update skip locked`,
      [],
    );
    return row ? runOf(row) : null;
  }

  async rows(id: string, fromSeq: number, limit: number): Promise<ImportRow[]> {
    const rows = await runSql<{ seq: number; resource: string; data: Record<string, string> }>(
      currentDb(this.orm),
      'select seq, resource, data from import_rows where import_id = $1 and seq >= $2 order by seq limit $3',
      [id, fromSeq, limit],
    );
    return rows.map((r) => ({ seq: r.seq, resource: r.resource as ProgramResource, data: r.data }));
  }

  async save(run: ImportRun): Promise<void> {
    const db = currentDb(this.orm);
    await runSql(
      db,
      `update imports set state = $2, cursor = $3, progress = $4, preview = $5, failure = $6, updated_at = $7, finished_at = $8
       where id = $1 and state in ('queued', 'running')`,
      [run.id, run.state, run.cursor, JSON.stringify(run.progress), JSON.stringify(run.preview), run.failure, run.updatedAt, run.finishedAt],
    );
    // A finished run needs its rows no more; its progress and preview keep what it read.
    if (run.finishedAt !== null) await runSql(db, 'delete from import_rows where import_id = $1', [run.id]);
  }

  async cancel(tenant: Tenant, id: string, now: Date): Promise<boolean> {
    const rows = await runSql(
      currentDb(this.orm),
      `update imports set state = 'cancelled', updated_at = $4, finished_at = $4, credentials_sealed = null, credentials_key_id = null where id = $1 and merchant_id = $2 and mode = $3 and state in ('queued', 'running') returning id`,
      [id, tenant.merchantId, tenant.mode, now],
    );
    if (rows.length > 0) await runSql(currentDb(this.orm), 'delete from import_rows where import_id = $1', [id]);
    return rows.length > 0;
  }
}
