import type { FetchState, HostedCredentials, HostedFetch, HostedImportFetches } from '../../../../application/ports/hosted-imports.js';
import type { ImportRow, ImportRun, } from '../../../../application/ports/imports.js';
import type { SecretBox } from '../../../../application/ports/secret-box.js';
import type { Row } from '../../schema/index.js';
import { currentDb, type Orm } from '../../orm.js';
import { runSql } from '../../run-sql.js';
import { runOf } from '../../mappers/import-run.mapper.js';

/** A run's sealed keys open only for that run (a value copied to another row does not open). */
const contextOf = (run: ImportRun): string => `import:${run.tenant.merchantId}:${run.tenant.mode}:${run.id}`;

const FIRST: FetchState = { step: 0, cursor: null, done: false, window: null, pages: 0, waits: 0, errors: 0 };


/** `imports` rows of hosted runs while they read their source; the keys sealed with the service's secret key. */
export class SqlHostedImportFetches implements HostedImportFetches {
  constructor(
    private readonly orm: Orm,
    private readonly box: SecretBox,
  ) {}

  async create(run: ImportRun, credentials: HostedCredentials): Promise<void> {
    const sealed = this.box.seal(JSON.stringify(credentials), contextOf(run));
    await runSql(
      currentDb(this.orm),
      `insert into imports (id, merchant_id, mode, source, dry_run, state, cursor, row_count, progress, preview, failure, created_at, updated_at, finished_at,
         fetch_state, fetch_not_before, credentials_sealed, credentials_key_id, campaign_map)
       values ($1, $2, $3, $4, $5, $6, 0, 0, '{}', '[]', null, $7, $7, null, $8, null, $9, $10, $11)`,
      [run.id, run.tenant.merchantId, run.tenant.mode, run.source, run.dryRun, run.state, run.createdAt, JSON.stringify(FIRST), sealed.sealed, sealed.keyId, JSON.stringify(run.campaignMap ?? {})],
    );
  }

  async claimDue(now: Date): Promise<HostedFetch | null> {
    const [row] = await runSql<Row<'imports'>>(
      currentDb(this.orm),
      `select * from imports where state in ('queued', 'running') and fetch_state is not null and not (fetch_state->>'done')::boolean
         and (fetch_not_before is null or fetch_not_before <= $1)
       order by created_at, id limit 1 for update skip locked`,
      [now],
    );
    if (!row || row.credentials_sealed === null || row.credentials_key_id === null) return null;
    const run = runOf(row);
    let credentials: HostedCredentials | null = null;
    try {
      credentials = JSON.parse(this.box.open({ sealed: row.credentials_sealed, keyId: row.credentials_key_id }, contextOf(run))) as HostedCredentials;
    } catch {
      // Sealed with a key this process no longer holds: the run cannot read its source.
    }
    return { run, state: row.fetch_state as FetchState, credentials };
  }

  async advance(run: ImportRun, rows: readonly Omit<ImportRow, 'seq'>[], state: FetchState, notBefore: Date | null): Promise<void> {
    const db = currentDb(this.orm);
    const [current] = await runSql<{ row_count: number }>(db, 'select row_count from imports where id = $1', [run.id]);
    const from = current?.row_count ?? 0;
    if (rows.length > 0) {
      await runSql(
        db,
        `insert into import_rows (import_id, seq, resource, data)
         select $1, $2::int + r.n::int - 1, r.e->>'resource', r.e->'data'
         from jsonb_array_elements($3::jsonb) with ordinality as r(e, n)`,
        [run.id, from, JSON.stringify(rows)],
      );
    }
    await runSql(
      db,
      `update imports set row_count = $2, fetch_state = $3, fetch_not_before = $4,
         credentials_sealed = case when $5::boolean then null else credentials_sealed end,
         credentials_key_id = case when $5::boolean then null else credentials_key_id end
       where id = $1`,
      [run.id, from + rows.length, JSON.stringify(state), notBefore, state.done],
    );
  }

  async fail(run: ImportRun, reason: string, now: Date): Promise<void> {
    const db = currentDb(this.orm);
    await runSql(
      db,
      `update imports set state = 'failed', failure = $2, updated_at = $3, finished_at = $3, fetch_state = jsonb_set(fetch_state, '{done}', 'true'),
         credentials_sealed = null, credentials_key_id = null
       where id = $1 and state in ('queued', 'running')`,
      [run.id, reason, now],
    );
    await runSql(db, 'delete from import_rows where import_id = $1', [run.id]);
  }
}
