// TEMP dev script (removed before hand-off)
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres } from '../adapters/database/embedded-postgres-server.js';
import { createMerchants, inParallel, postConversion, conversionBody } from './lib/fixtures.js';
import type { LoadRequest } from './lib/load.js';
import { measureRounds } from './lib/measure.js';
import { clusterCpuSeconds, cpuSeconds, postmasterPid, startService } from './lib/service.js';

const which = (process.argv[2] ?? 'get').split(',');
const dir = await mkdtemp(join(tmpdir(), 'devprof-'));
let pgs = await startEmbeddedPostgres({ dataDir: dir, database: 'affiliate', log: () => undefined });
if (process.env.PGSS) {
  const c = new pg.Client({ connectionString: pgs.url });
  await c.connect();
  await c.query(`alter system set shared_preload_libraries = 'pg_stat_statements'`);
  await c.query(`alter system set pg_stat_statements.track_planning = on`);
  await c.query(`alter system set logging_collector = on`);
  await c.query(`alter system set log_directory = '/tmp/benchdev/pglog'`);
  await c.end();
  await pgs.stop();
  pgs = await startEmbeddedPostgres({ dataDir: dir, database: 'affiliate', log: () => undefined });
  const c2 = new pg.Client({ connectionString: pgs.url });
  await c2.connect();
  await c2.query('create extension pg_stat_statements');
  await c2.end();
}
const service = await startService({ databaseUrl: pgs.url, cpuProfDir: process.env.PROF ? '/tmp/benchdev' : null, env: { DB_POOL_MAX: process.env.DB_POOL_MAX ?? '10' } });
const db = new pg.Pool({ connectionString: pgs.url, max: 2 });
const ms = await createMerchants(service.url, 40, 'd');
const conv = (await inParallel(ms, 8, async (m) => ({ m, id: await postConversion(service.url, m, 10) }))).flat();
const specs: Record<string, LoadRequest[]> = {
  post: ms.map((m) => ({ method: 'POST', path: '/api/v1/conversions', headers: { authorization: `Bearer ${m.key}`, 'content-type': 'application/json' }, body: conversionBody(m, 10) })),
  campaign: ms.map((m) => ({ method: 'GET', path: `/api/v1/campaigns/${m.campaignId}`, headers: { authorization: `Bearer ${m.key}` } })),
  select: conv.map(({ id }) => ({ method: 'GET', path: `/__bench/select/${id}` })),
  write: [{ method: 'POST', path: '/__bench/write' }],
  hello: [{ method: 'GET', path: '/__bench/hello' }],
  get: conv.map(({ m, id }) => ({ method: 'GET', path: `/api/v1/conversions/${id}`, headers: { authorization: `Bearer ${m.key}` } })),
};
const pm = await postmasterPid(dir);
await measureRounds(
  service.url,
  db,
  { seconds: Number(process.env.SECS ?? 4), warmupSeconds: 1, runs: Number(process.env.ROUNDS ?? 2), connections: 50 },
  which.map((w) => ({ name: w, requests: specs[w]! })),
  { cpu: async () => ({ service: await cpuSeconds(service.pid), db: pm ? await clusterCpuSeconds(pm) : null }) },
);
if (process.env.PGSS) {
  const { rows } = await db.query(`select calls, round(total_plan_time::numeric / calls, 3) as plan_ms, round(total_exec_time::numeric / calls, 3) as exec_ms,
    round((total_plan_time + total_exec_time)::numeric, 0) as total_ms, left(regexp_replace(query, '\\s+', ' ', 'g'), 120) as q
    from pg_stat_statements where calls > 0 order by total_plan_time + total_exec_time desc limit 25`);
  for (const r of rows) console.log(String(r.calls).padStart(8), String(r.plan_ms).padStart(7), String(r.exec_ms).padStart(7), String(r.total_ms).padStart(7), r.q);
}
await db.end();
await service.stop();
await pgs.stop();
