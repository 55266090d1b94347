/**
 * `npm run bench`: the service against its physical ceilings, and cost as data grows. See
 * bench/README.md. Options (also as env): --only=core,webhooks,growth,startup  --seconds=10
 * --warmup=5 --runs=3 --connections=50 --merchants=200 --cpu-prof
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { startEmbeddedPostgres, type RunningPostgres } from '../adapters/database/embedded-postgres-server.js';
import { conversionBody, createMerchants, inParallel, postConversion, type BenchMerchant } from './lib/fixtures.js';
import type { LoadRequest, LoadResult } from './lib/load.js';
import { log, measureRounds, type BenchSettings } from './lib/measure.js';
import { describeMachine, table, writeResults, type ResultRow } from './lib/report.js';
import { ROOT, rssMiB, sleep, startService, timeNpmStart, type RunningService } from './lib/service.js';
import { median, round, summarize } from './lib/stats.js';
import { WRITES_PER_CONVERSION } from './ceiling-routes.js';

const GROUPS = ['core', 'webhooks', 'growth', 'startup'] as const;
type Group = (typeof GROUPS)[number];

const { values: flags } = parseArgs({
  options: {
    only: { type: 'string', default: process.env.BENCH_ONLY ?? GROUPS.join(',') },
    seconds: { type: 'string', default: process.env.BENCH_SECONDS ?? '10' },
    warmup: { type: 'string', default: process.env.BENCH_WARMUP ?? '5' },
    runs: { type: 'string', default: process.env.BENCH_RUNS ?? '3' },
    connections: { type: 'string', default: process.env.BENCH_CONNECTIONS ?? '50' },
    merchants: { type: 'string', default: process.env.BENCH_MERCHANTS ?? '200' },
    'pool-max': { type: 'string', default: process.env.DB_POOL_MAX ?? '10' },
    'cpu-prof': { type: 'boolean', default: process.env.BENCH_CPU_PROF === '1' },
    'no-write': { type: 'boolean', default: false },
  },
});

const only = new Set(
  flags.only!
    .split(',')
    .map((g) => g.trim())
    .filter(Boolean),
);
for (const g of only) if (!GROUPS.includes(g as Group)) throw new Error(`unknown group "${g}" (${GROUPS.join(', ')})`);
const settings: BenchSettings = {
  seconds: Number(flags.seconds),
  warmupSeconds: Number(flags.warmup),
  runs: Number(flags.runs),
  connections: Number(flags.connections),
};
const merchantCount = Number(flags.merchants);
const poolMax = Number(flags['pool-max']);

const rows: ResultRow[] = [];
const details: Record<string, unknown> = {};
const runsOf = (runs: readonly LoadResult[]) =>
  runs.map((r) => ({ rps: round(r.rps, 1), p50: round(r.p50), p99: round(r.p99), requests: r.requests, non2xx: r.non2xx, errors: r.errors }));

/** Every request of a measured run must succeed, or the number measures something else. */
const clean = (runs: readonly LoadResult[]) => runs.every((r) => r.non2xx === 0 && r.errors === 0);

const ratioRow = (
  scenario: string,
  runs: readonly LoadResult[],
  ceilingName: string,
  ceilingRuns: readonly LoadResult[],
  minRatio: number,
  extra: { p99Under?: number } = {},
): ResultRow => {
  const s = summarize(runs);
  const c = summarize(ceilingRuns);
  const ratio = median(runs.map((r, i) => r.rps / (ceilingRuns[i]?.rps ?? Number.NaN)));
  const ok = clean(runs) && clean(ceilingRuns);
  const p99ok = extra.p99Under === undefined || s.p99 < extra.p99Under;
  return {
    scenario,
    value: round(s.rps, 1),
    unit: 'req/s',
    ceiling: { name: ceilingName, value: round(c.rps, 1) },
    ratio: round(ratio, 3),
    target: `ratio ≥ ${minRatio}${extra.p99Under === undefined ? '' : `, p99 < ${extra.p99Under} ms`}`,
    met: ok ? ratio >= minRatio && p99ok : null,
    detail: { p50Ms: round(s.p50), p99Ms: round(s.p99), runs: runsOf(runs), ceilingRuns: runsOf(ceilingRuns), ...(ok ? {} : { invalid: 'non-2xx responses or socket errors' }) },
  };
};

const main = async () => {
  const scratch = await mkdtemp(join(tmpdir(), 'affiliate-bench-'));
  const dataDir = join(scratch, 'data');
  const external = process.env.DATABASE_URL || null;
  let embedded: RunningPostgres | null = null;
  let service: RunningService | null = null;
  let db: pg.Pool | null = null;
  const started = new Date();
  try {
    log(`bench: ${[...only].join(', ')}; ${settings.runs} runs of ${settings.seconds}s after ${settings.warmupSeconds}s warm-up, ${settings.connections} connections, ${merchantCount} merchants`);
    if (!external) embedded = await startEmbeddedPostgres({ dataDir, database: 'affiliate', log: () => undefined });
    const databaseUrl = external ?? embedded!.url;
    const cpuProfDir = flags['cpu-prof'] ? join(ROOT, 'bench', 'profiles') : null;

    service = await startService({ databaseUrl, cpuProfDir, env: { DB_POOL_MAX: String(poolMax) } });
    db = new pg.Pool({ connectionString: databaseUrl, max: 3 });
    details.machine = await describeMachine(db);
    const base = service.url;

    if (only.has('core')) {
      log(`creating ${merchantCount} Scale merchants`);
      const merchants = await createMerchants(base, merchantCount, 'm');
      await core(base, db, service, merchants);
    }
  } finally {
    await service?.stop();
    await db?.end();
    await embedded?.stop();
    if (only.has('startup') && !external) {
      // Start-up last: the database the run left behind is the existing embedded database.
      await startup(dataDir);
    }
    await rm(scratch, { recursive: true, force: true });
  }

  const results = {
    date: started.toISOString(),
    settings: { ...settings, merchants: merchantCount, dbPoolMax: poolMax, groups: [...only], database: external ? 'DATABASE_URL' : 'embedded' },
    machine: details.machine,
    table: rows,
    details: Object.fromEntries(Object.entries(details).filter(([k]) => k !== 'machine')),
  };
  process.stdout.write(`\n${table(rows)}\n\n`);
  if (!flags['no-write']) log(`results: ${await writeResults(join(ROOT, 'bench', 'results'), results)}`);
};

/** Ceilings, the conversion write and the hot reads, and the service's memory under the write load. */
const core = async (base: string, db: pg.Pool, service: RunningService, merchants: readonly BenchMerchant[]) => {
  const auth = (m: BenchMerchant) => ({ authorization: `Bearer ${m.key}` });
  log('seeding 5 conversions per merchant');
  const seeded = await inParallel(merchants, 8, async (m) => {
    const ids: string[] = [];
    for (let i = 0; i < 5; i += 1) ids.push(await postConversion(base, m, 50 + i));
    return ids.map((id) => ({ m, id }));
  });
  const conversions = seeded.flat();

  const creates: LoadRequest[] = merchants.flatMap((m) =>
    [19.99, 120, 75.5].map((amount) => ({ method: 'POST' as const, path: '/api/v1/conversions', headers: { ...auth(m), 'content-type': 'application/json' }, body: conversionBody(m, amount) })),
  );
  const gets: LoadRequest[] = conversions.map(({ m, id }) => ({ method: 'GET', path: `/api/v1/conversions/${id}`, headers: auth(m) }));
  const campaignGets: LoadRequest[] = merchants.map((m) => ({ method: 'GET', path: `/api/v1/campaigns/${m.campaignId}`, headers: auth(m) }));
  const selects: LoadRequest[] = conversions.map(({ id }) => ({ method: 'GET', path: `/__bench/select/${id}` }));

  // Memory: sampled through the write runs.
  const idleRss = await rssMiB(service.pid);
  const samples: number[] = [];
  let sampler: NodeJS.Timeout | null = null;
  const results = await measureRounds(
    base,
    db,
    settings,
    [
      { name: 'ceiling:hello', requests: [{ method: 'GET', path: '/__bench/hello' }] },
      { name: 'ceiling:write', requests: [{ method: 'POST', path: '/__bench/write' }] },
      { name: 'POST /conversions', requests: creates },
      { name: 'ceiling:select', requests: selects },
      { name: 'GET /conversions/:id', requests: gets },
      { name: 'GET /campaigns/:id', requests: campaignGets },
    ],
    {
      onRunStart: (spec) => {
        if (spec.name !== 'POST /conversions') return;
        sampler = setInterval(() => void rssMiB(service.pid).then((v) => samples.push(v)), 250);
      },
      onRunEnd: () => {
        if (sampler) clearInterval(sampler);
        sampler = null;
      },
    },
  );
  const get = (name: string) => results.get(name)!;
  const hello = summarize(get('ceiling:hello'));
  rows.push({
    scenario: 'ceiling (a): bare Hono route',
    value: round(hello.rps, 1),
    unit: 'req/s',
    target: 'reference',
    met: null,
    detail: { p50Ms: round(hello.p50), p99Ms: round(hello.p99), runs: runsOf(hello.runs) },
  });
  const select = summarize(get('ceiling:select'));
  rows.push({
    scenario: 'ceiling (b): pg primary-key SELECT',
    value: round(select.rps, 1),
    unit: 'req/s',
    target: 'reference',
    met: null,
    detail: { p50Ms: round(select.p50), p99Ms: round(select.p99), runs: runsOf(select.runs) },
  });
  const write = summarize(get('ceiling:write'));
  rows.push({
    scenario: `ceiling (c): ${WRITES_PER_CONVERSION} INSERTs, one transaction`,
    value: round(write.rps, 1),
    unit: 'req/s',
    target: 'reference',
    met: null,
    detail: { p50Ms: round(write.p50), p99Ms: round(write.p99), runs: runsOf(write.runs) },
  });
  rows.push(ratioRow('POST /conversions', get('POST /conversions'), 'c', get('ceiling:write'), 0.5, { p99Under: 50 }));
  rows.push(ratioRow('GET /conversions/:id', get('GET /conversions/:id'), 'b', get('ceiling:select'), 0.5));
  rows.push(ratioRow('GET /campaigns/:id', get('GET /campaigns/:id'), 'b', get('ceiling:select'), 0.5));
  rows.push({
    scenario: 'RSS under the write load (peak)',
    value: round(Math.max(...samples), 1),
    unit: 'MiB',
    target: 'reported',
    met: null,
    detail: { idleMiB: round(idleRss, 1), medianMiB: round(median(samples), 1), samples: samples.length },
  });
};

/** `npm start` to a 200 on /healthz, on the embedded database the run created: warm-up, then three. */
const startup = async (dataDir: string) => {
  log('start-up: npm start on the existing embedded database');
  await timeNpmStart(dataDir);
  const times: number[] = [];
  for (let i = 0; i < settings.runs; i += 1) {
    const ms = await timeNpmStart(dataDir);
    log(`  npm start run ${i + 1}: ${Math.round(ms)} ms`);
    times.push(ms);
    await sleep(200);
  }
  rows.push({
    scenario: 'start-up: npm start → 200 /healthz',
    value: round(median(times), 0),
    unit: 'ms',
    target: 'reported',
    met: null,
    detail: { runsMs: times.map((t) => round(t, 0)) },
  });
};

await main();
