/**
 * The dashboard's CSV export of a million conversions, streamed: how long it takes and how much the
 * service's memory grows while it writes them. A fresh embedded database (or `DATABASE_URL`, which it
 * fills: give it a scratch database), the service as one Node process, one merchant loaded in bulk
 * with `--conversions` conversions (1,000,000) by `bench/lib/growth.ts`, signed in as its owner; then
 * `GET /dashboard/conversions.csv` read to the end while the service's resident memory is sampled
 * every 50 ms. The body is counted, never kept, so only the service's memory is measured.
 *
 *   tsx bench/csv-export.ts [--conversions=1000000] [--affiliates=100000] [--no-write]
 *
 * Prints rows, bytes, seconds, rows a second, and RSS before, at its peak and after; writes
 * `bench/results/<date>-csv-export.json` unless `--no-write`. The target: peak RSS above the idle
 * RSS stays bounded (well under 100 MiB) whatever the row count, as the export pages by cursor and
 * writes each page before reading the next.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres, type RunningPostgres } from '../adapters/database/embedded-postgres-server.js';
import { dashboardSession } from './lib/dashboard.js';
import { createMerchants } from './lib/fixtures.js';
import { loadDataset } from './lib/growth.js';
import { log } from './lib/measure.js';
import { ROOT, rssMiB, startService, type RunningService } from './lib/service.js';

const flag = (name: string, fallback: number) => {
  const given = process.argv.find((a) => a.startsWith(`--${name}=`));
  return given ? Number(given.split('=')[1]) : fallback;
};
const conversions = flag('conversions', 1_000_000);
const affiliates = flag('affiliates', 100_000);
const write = !process.argv.includes('--no-write');
const loadAverageAtStart = loadavg().map((l) => Math.round(l * 100) / 100);
// A run with the heap capped (NODE_OPTIONS=--max-old-space-size=…) shows what the export keeps alive.
const suffix = process.env.NODE_OPTIONS?.includes('max-old-space-size') ? '-capped-heap' : '';

/** Reads a response body to its end, counting bytes and lines, keeping nothing. */
const drain = async (res: Response) => {
  let bytes = 0;
  let lines = 0;
  const reader = res.body!.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.byteLength;
    for (const b of value) if (b === 10) lines += 1;
  }
  return { bytes, lines };
};

const main = async () => {
  const scratch = await mkdtemp(join(tmpdir(), 'affiliate-bench-csv-'));
  const external = process.env.DATABASE_URL || null;
  let embedded: RunningPostgres | null = null;
  let service: RunningService | null = null;
  let db: pg.Pool | null = null;
  try {
    if (!external) embedded = await startEmbeddedPostgres({ dataDir: join(scratch, 'data'), database: 'affiliate', log: () => undefined });
    const databaseUrl = external ?? embedded!.url;
    service = await startService({ databaseUrl });
    db = new pg.Pool({ connectionString: databaseUrl, max: 3 });
    const [merchant] = await createMerchants(service.url, 1, `csv-${Date.now()}`);
    log(`loading ${conversions.toLocaleString('en-US')} conversions and ${affiliates.toLocaleString('en-US')} affiliates`);
    const loadSeconds = await loadDataset(db, merchant!, { label: 'csv', conversions, affiliates, campaigns: 20 });
    const session = await dashboardSession(service.url, db, merchant!);

    const pid = service.pid;
    // Settle: let the load's garbage go before the baseline.
    await new Promise((r) => setTimeout(r, 2_000));
    const idle = await rssMiB(pid);
    let peak = idle;
    const sampler = setInterval(() => {
      void rssMiB(pid).then((v) => {
        peak = Math.max(peak, v);
      });
    }, 50);
    const started = performance.now();
    const res = await fetch(`${service.url}/dashboard/conversions.csv`, { headers: { cookie: session } });
    if (res.status !== 200) throw new Error(`export: ${res.status} ${await res.text()}`);
    const { bytes, lines } = await drain(res);
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    const after = await rssMiB(pid);
    const rows = lines - 1;
    const result = {
      at: new Date().toISOString(),
      // A result counts only from a quiet machine: the load average when the run began.
      loadAverageAtStart,
      nodeOptions: process.env.NODE_OPTIONS ?? null,
      conversions,
      affiliates,
      loadSeconds,
      rows,
      bytes,
      seconds: Number(seconds.toFixed(2)),
      rowsPerSecond: Math.round(rows / seconds),
      rssMiB: { idle: Number(idle.toFixed(1)), peak: Number(peak.toFixed(1)), after: Number(after.toFixed(1)), growth: Number((peak - idle).toFixed(1)) },
      complete: rows === conversions,
    };
    log(JSON.stringify(result, null, 2));
    if (write) {
      const dir = join(ROOT, 'bench', 'results');
      await mkdir(dir, { recursive: true });
      const file = join(dir, `${result.at.slice(0, 10)}-csv-export${suffix}.json`);
      await writeFile(file, `${JSON.stringify(result, null, 2)}\n`);
      log(`written to ${file}`);
    }
  } finally {
    await db?.end();
    await service?.stop();
    await embedded?.stop();
    await rm(scratch, { recursive: true, force: true });
  }
};

await main();
