// TEMP dev script (removed before hand-off)
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres } from '../adapters/database/embedded-postgres-server.js';
import { createMerchants } from './lib/fixtures.js';
import { loadDataset } from './lib/growth.js';
import { startService } from './lib/service.js';
import { searchSql } from '../adapters/persistence/repositories/sql-search.js';
import { Kysely, PostgresDialect } from 'kysely';

const dir = await mkdtemp(join(tmpdir(), 'devexp-'));
const pgs = await startEmbeddedPostgres({ dataDir: dir, database: 'affiliate', log: () => undefined });
const service = await startService({ databaseUrl: pgs.url, env: {} });
const db = new pg.Pool({ connectionString: pgs.url, max: 2 });
const [m] = await createMerchants(service.url, 1, 'big');
await loadDataset(db, m!, { label: 'big', conversions: Number(process.env.N ?? 50000), affiliates: Number(process.env.A ?? 5000), campaigns: 20 });
await service.stop();
const k = new Kysely<any>({ dialect: new PostgresDialect({ pool: db }) });
const tenant = { merchantId: m!.id, mode: 'live' as const };
for (const text of ['jane', 'ORD-big-4242', 'wei.12', 'garcia smith', 'ya']) {
  for (const [kind, q] of Object.entries({
    conversions: searchSql.conversions(tenant, text, 5),
    affiliates: searchSql.affiliates(tenant, text, 10),
    campaigns: searchSql.campaigns(tenant, text, 5),
  })) {
    const c = q.compile(k);
    const client = await db.connect();
    try {
      for (const mode of ['force_custom_plan', 'force_generic_plan']) {
        await client.query(`set plan_cache_mode = ${mode}`);
        await client.query(`prepare p as ${c.sql}`);
        const params = c.parameters.map((p) => (typeof p === 'string' ? `'${p.replace(/'/g, "''")}'` : String(p))).join(', ');
        const { rows } = await client.query(`explain (analyze, buffers off) execute p(${params})`);
        const time = rows.find((r: any) => /Execution Time/.test(r['QUERY PLAN']))['QUERY PLAN'];
        console.log(text.padEnd(14), kind.padEnd(12), mode.padEnd(20), time, '|', rows[0]['QUERY PLAN'].slice(0, 90));
        if (process.env.FULL) for (const r of rows) console.log('      ', r['QUERY PLAN']);
        await client.query(`deallocate p`);
      }
    } finally {
      client.release();
    }
  }
}
await db.end();
await pgs.stop();
