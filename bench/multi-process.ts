/**
 * Several service processes on one PostgreSQL: `POST /conversions` driven across 1, 2 and 4 processes
 * (`--processes`), each the process bench/run.ts starts (`bench/lib/service.ts`), on one fresh
 * embedded database (or `DATABASE_URL`: give it a scratch database). The merchants are made once; for
 * each process count the services are started, warmed up, and loaded by one wrk per process at the
 * same time, the connections split evenly between them, the rate-limit windows emptied every 200 ms
 * (plan limits are not what is measured). While the load runs the database's connections are
 * sampled from `pg_stat_activity` every 250 ms (all of them, and those running a statement).
 *
 *   tsx bench/multi-process.ts [--processes=1,2,4] [--seconds=10] [--warmup=3] [--runs=3]
 *     [--connections=48] [--merchants=100] [--pool-max=10] [--no-write]
 *
 * Prints, per process count, the summed req/s, the worst process's p99 (wrk's percentiles cannot be
 * merged, so the slowest process stands for all), and the connections in use; writes
 * `bench/results/<date>-multi-process.json` unless `--no-write`, with the load average when the run
 * began (a result counts only from a quiet machine). docs/scaling.md holds the numbers.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { startEmbeddedPostgres, type RunningPostgres } from '../adapters/database/embedded-postgres-server.js';
import { conversionBody, createMerchants, type BenchMerchant } from './lib/fixtures.js';
import { runLoad, type LoadRequest, type LoadResult } from './lib/load.js';
import { log, resetRateLimits } from './lib/measure.js';
import { describeMachine } from './lib/report.js';
import { ROOT, startService, type RunningService } from './lib/service.js';
import { median, round } from './lib/stats.js';

const loadAverageAtStart = loadavg().map((l) => round(l, 2));

const { values: flags } = parseArgs({
  options: {
    processes: { type: 'string', default: process.env.BENCH_PROCESSES ?? '1,2,4' },
    seconds: { type: 'string', default: process.env.BENCH_SECONDS ?? '10' },
    warmup: { type: 'string', default: process.env.BENCH_WARMUP ?? '3' },
    runs: { type: 'string', default: process.env.BENCH_RUNS ?? '3' },
    connections: { type: 'string', default: process.env.BENCH_CONNECTIONS ?? '48' },
    merchants: { type: 'string', default: process.env.BENCH_MERCHANTS ?? '100' },
    'pool-max': { type: 'string', default: process.env.DB_POOL_MAX ?? '10' },
    'no-write': { type: 'boolean', default: false },
  },
});
const processCounts = flags.processes!.split(',').map((n) => Number(n.trim())).filter((n) => Number.isInteger(n) && n > 0);
const seconds = Number(flags.seconds);
const warmup = Number(flags.warmup);
const runs = Number(flags.runs);
const connections = Number(flags.connections);
const merchantCount = Number(flags.merchants);
const poolMax = Number(flags['pool-max']);
const RESET_EVERY_MS = 200;
const SAMPLE_EVERY_MS = 250;

/** Connections to the database, sampled while a run loads it: peak and median of all, and of those running a statement. */
const sampleConnections = (db: pg.Pool) => {
  const all: number[] = [];
  const active: number[] = [];
  const timer = setInterval(() => {
    void db
      .query<{ all: number; active: number }>(
        `select count(*)::int as all, (count(*) filter (where state = 'active'))::int as active
           from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
      )
      .then(({ rows }) => {
        all.push(rows[0]!.all);
        active.push(rows[0]!.active);
      })
      .catch(() => undefined);
  }, SAMPLE_EVERY_MS);
  return () => {
    clearInterval(timer);
    return {
      peak: all.length ? Math.max(...all) : null,
      median: all.length ? median(all) : null,
      activePeak: active.length ? Math.max(...active) : null,
      activeMedian: active.length ? median(active) : null,
      samples: all.length,
    };
  };
};

interface Round {
  readonly rps: number;
  readonly requests: number;
  readonly worstP99: number;
  readonly medianP50: number;
  readonly non2xx: number;
  readonly errors: number;
  readonly perProcess: readonly { rps: number; p50: number; p99: number }[];
  readonly connections: ReturnType<ReturnType<typeof sampleConnections>>;
}

/** One run: every process loaded by its own wrk at once, the connections split between them. */
const loadAll = async (db: pg.Pool, services: readonly RunningService[], requests: readonly LoadRequest[], runSeconds: number): Promise<Round> => {
  await resetRateLimits(db);
  const resetter = setInterval(() => void resetRateLimits(db).catch(() => undefined), RESET_EVERY_MS);
  const stopSampling = sampleConnections(db);
  let results: LoadResult[];
  try {
    const each = Math.max(1, Math.floor(connections / services.length));
    results = await Promise.all(services.map((s) => runLoad({ baseUrl: s.url, requests, connections: each, seconds: runSeconds })));
  } finally {
    clearInterval(resetter);
  }
  const sampled = stopSampling();
  return {
    rps: results.reduce((n, r) => n + r.rps, 0),
    requests: results.reduce((n, r) => n + r.requests, 0),
    worstP99: Math.max(...results.map((r) => r.p99)),
    medianP50: median(results.map((r) => r.p50)),
    non2xx: results.reduce((n, r) => n + r.non2xx, 0),
    errors: results.reduce((n, r) => n + r.errors, 0),
    perProcess: results.map((r) => ({ rps: round(r.rps, 1), p50: round(r.p50), p99: round(r.p99) })),
    connections: sampled,
  };
};

const main = async () => {
  const scratch = await mkdtemp(join(tmpdir(), 'affiliate-bench-multi-'));
  const external = process.env.DATABASE_URL || null;
  let embedded: RunningPostgres | null = null;
  let db: pg.Pool | null = null;
  let services: RunningService[] = [];
  const started = new Date();
  const byProcesses: Record<string, unknown>[] = [];
  let machine: unknown = null;
  try {
    if (!external) embedded = await startEmbeddedPostgres({ dataDir: join(scratch, 'data'), database: 'affiliate', log: () => undefined });
    const databaseUrl = external ?? embedded!.url;
    db = new pg.Pool({ connectionString: databaseUrl, max: 3 });
    // `end()` resolves before its sockets close; the database's shutdown then ends them with an error.
    db.on('error', () => undefined);
    const env = { DB_POOL_MAX: String(poolMax), TRUSTED_PROXIES: '127.0.0.1,::1' };
    let merchants: BenchMerchant[] = [];
    for (const count of processCounts) {
      log(`${count} process${count === 1 ? '' : 'es'}: starting`);
      // One at a time: the first runs the migrations, the others find them done.
      services = [];
      for (let i = 0; i < count; i += 1) services.push(await startService({ databaseUrl, env }));
      machine ??= await describeMachine(db);
      if (merchants.length === 0) {
        log(`creating ${merchantCount} Scale merchants`);
        merchants = await createMerchants(services[0]!.url, merchantCount, `mp${Date.now().toString(36)}`);
      }
      const requests: LoadRequest[] = merchants.map((m) => ({
        method: 'POST' as const,
        path: '/api/v1/conversions',
        headers: { authorization: `Bearer ${m.key}`, 'content-type': 'application/json' },
        body: conversionBody(m, 49.99),
      }));
      if (warmup > 0) await loadAll(db, services, requests, warmup);
      const rounds: Round[] = [];
      for (let r = 0; r < runs; r += 1) {
        const round_ = await loadAll(db, services, requests, seconds);
        rounds.push(round_);
        log(
          `  run ${r + 1}: ${Math.round(round_.rps)} req/s, worst p99 ${round_.worstP99.toFixed(2)} ms, connections ${round_.connections.peak} (active ${round_.connections.activePeak})` +
            `${round_.non2xx || round_.errors ? `, ${round_.non2xx} non-2xx, ${round_.errors} errors` : ''}`,
        );
      }
      byProcesses.push({
        processes: count,
        rps: round(median(rounds.map((r) => r.rps)), 1),
        p99Ms: round(median(rounds.map((r) => r.worstP99))),
        p50Ms: round(median(rounds.map((r) => r.medianP50))),
        connectionsPeak: Math.max(...rounds.map((r) => r.connections.peak ?? 0)),
        activeConnectionsPeak: Math.max(...rounds.map((r) => r.connections.activePeak ?? 0)),
        // Each process: DB_POOL_MAX for requests, JOBS_POOL_MAX (3) for the queue, one LISTEN.
        connectionsBudget: count * (poolMax + 3 + 1),
        valid: rounds.every((r) => r.non2xx === 0 && r.errors === 0),
        runs: rounds.map((r) => ({ ...r, rps: round(r.rps, 1), worstP99: round(r.worstP99), medianP50: round(r.medianP50) })),
      });
      await Promise.all(services.map((s) => s.stop()));
      services = [];
    }
  } finally {
    await Promise.all(services.map((s) => s.stop()));
    await db?.end();
    await embedded?.stop();
    await rm(scratch, { recursive: true, force: true });
  }
  const result = {
    date: started.toISOString(),
    // A result counts only from a quiet machine: the load average when the run began.
    loadAverageAtStart,
    settings: { processes: processCounts, seconds, warmup, runs, connections, merchants: merchantCount, dbPoolMax: poolMax, database: external ? 'DATABASE_URL' : 'embedded' },
    machine,
    note: 'rps: summed over the processes, median over runs; p99Ms: the slowest process (wrk percentiles do not merge), median over runs',
    byProcesses,
  };
  for (const row of byProcesses) {
    log(`${row.processes} process(es): ${row.rps} req/s, p99 ${row.p99Ms} ms, connections peak ${row.connectionsPeak} (active ${row.activeConnectionsPeak})${row.valid ? '' : ' INVALID'}`);
  }
  if (!flags['no-write']) {
    const dir = join(ROOT, 'bench', 'results');
    await mkdir(dir, { recursive: true });
    const file = join(dir, `${result.date.slice(0, 10)}-multi-process.json`);
    await writeFile(file, `${JSON.stringify(result, null, 2)}\n`);
    log(`written to ${file}`);
  }
};

await main();
