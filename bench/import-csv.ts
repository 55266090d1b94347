/**
 * The CSV import at size: 100,000 affiliates (with their referral links) and 1,000,000 commissions
 * moved into an empty merchant through `POST /api/v1/imports`, then carried by the import job.
 * Reports the upload time (parse and store the rows), the carry time, rows a second and the peak
 * resident memory of the process (the service runs in it). See bench/README.md, "The CSV import".
 *
 *   npx tsx bench/import-csv.ts [--affiliates=100000] [--commissions=1000000] [--no-write]
 */
import { mkdtemp, rm, writeFile, mkdir } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { randomUUID } from 'node:crypto';
import { startEmbeddedPostgres, type RunningPostgres } from '../adapters/database/embedded-postgres-server.js';
import { createPino } from '../adapters/logging/pino-logger.js';
import { loadConfig } from '../bootstrap/config.js';
import { buildService, type Service } from '../bootstrap/service.js';

const ROOT = resolve(import.meta.dirname, '..');
const ADMIN = 'bench-admin-token';
const flag = (name: string, fallback: number): number => {
  const given = process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
  return given === undefined ? fallback : Number.parseInt(given, 10);
};
const AFFILIATES = flag('affiliates', 100_000);
const COMMISSIONS = flag('commissions', 1_000_000);
const WRITE = !process.argv.includes('--no-write');
const log = (message: string) => process.stderr.write(`${message}\n`);

/** The program files as our export writes them (docs/import-export.md), generated row by row. */
const programFiles = () => {
  const campaignId = randomUUID();
  const affiliateIds = Array.from({ length: AFFILIATES }, () => randomUUID());
  const at = (i: number) => new Date(Date.UTC(2025, 0, 1) + i * 1000).toISOString();
  const lines = (header: string, count: number, row: (i: number) => string) => {
    const out = [header];
    for (let i = 0; i < count; i += 1) out.push(row(i));
    return `${out.join('\r\n')}\r\n`;
  };
  const statuses = ['pending', 'approved', 'paid', 'rejected', 'refunded'];
  return {
    'campaigns.csv': lines('id,name,tracking_code,status,commission_type,commission_value,recurring,cookie_days,created_at', 1, () =>
      [campaignId, 'Moved program', '', 'active', 'percentage', '20', 'true', '30', at(0)].join(','),
    ),
    'affiliates.csv': lines('id,email,name,ref_code,payout_method,payout_email,created_at', AFFILIATES, (i) =>
      [affiliateIds[i], `affiliate${i}@bench.example`, `Affiliate ${i}`, `ref${i}`, 'wallet_a', `pay${i}@bench.example`, at(i)].join(','),
    ),
    'referral_links.csv': lines('affiliate_id,campaign_id,status,ref_code,joined_at,decided_at', AFFILIATES, (i) =>
      [affiliateIds[i], campaignId, 'approved', `ref${i}`, at(i), at(i)].join(','),
    ),
    'commissions.csv': lines('id,campaign_id,affiliate_id,conversion_type,source,status,amount,commission,currency,order_id,created_at', COMMISSIONS, (i) =>
      [randomUUID(), campaignId, affiliateIds[i % AFFILIATES], 'one_time', 'api', statuses[i % statuses.length], '49.5', '9.9', 'usd', `order-${i}`, at(i)].join(','),
    ),
  };
};

/** Peak resident memory, sampled every 100 ms and from the kernel's own high-water mark. */
const memoryWatch = () => {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 100);
  return {
    stop: () => {
      clearInterval(timer);
      return { sampledPeakMiB: Math.round(peak / 2 ** 20), maxRssMiB: Math.round(process.resourceUsage().maxRSS / 1024) };
    },
  };
};

const call = async (service: Service, method: string, path: string, key: string, body?: unknown) => {
  const res = await service.app.request(path, {
    method,
    headers: { authorization: `Bearer ${key}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  }, { incoming: { socket: { remoteAddress: '127.0.0.1', remotePort: 40_000, remoteFamily: 'IPv4' } } });
  const json = (await res.json()) as any;
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json.data;
};

const main = async () => {
  const scratch = await mkdtemp(join(tmpdir(), 'affiliate-import-bench-'));
  const external = process.env.DATABASE_URL || null;
  let embedded: RunningPostgres | null = null;
  let service: Service | null = null;
  try {
    if (!external) embedded = await startEmbeddedPostgres({ dataDir: join(scratch, 'data'), database: 'affiliate', log: () => undefined });
    const config = { ...loadConfig({}), adminToken: ADMIN, runJobs: false, logLevel: 'warn', bodyLimitBytes: 2 ** 31 - 1 };
    service = await buildService(config, external ?? embedded!.url, createPino('warn'));
    const merchant = await call(service, 'POST', '/admin/v1/merchants', ADMIN, { businessName: 'Import bench', email: `bench-${Date.now()}@example.com`, plan: 'scale' });
    const key = (await call(service, 'POST', `/admin/v1/merchants/${merchant.id}/keys`, ADMIN, { mode: 'live', write: true })).key as string;

    // A run on a loaded machine says nothing: the load at the start goes into the results.
    const loadAverageAtStart = loadavg().map((n) => Number(n.toFixed(2)));
    log(`import bench: ${AFFILIATES} affiliates, ${COMMISSIONS} commissions (load average ${loadAverageAtStart.join(', ')})`);
    const memory = memoryWatch();
    const files = programFiles();
    const bytes = Object.values(files).reduce((n, text) => n + Buffer.byteLength(text), 0);
    const uploadStart = performance.now();
    const run = await call(service, 'POST', '/api/v1/imports', key, { source: 'csv', dryRun: false, files });
    const uploadSeconds = (performance.now() - uploadStart) / 1000;
    log(`uploaded ${run.rowCount} rows (${Math.round(bytes / 2 ** 20)} MiB of CSV) in ${uploadSeconds.toFixed(1)} s; carrying`);
    const carryStart = performance.now();
    let state = run.state as string;
    while (!['completed', 'failed', 'cancelled'].includes(state)) {
      await call(service, 'POST', '/admin/v1/jobs/run', ADMIN);
      state = (await call(service, 'GET', `/api/v1/imports/${run.id}`, key)).state;
    }
    const carrySeconds = (performance.now() - carryStart) / 1000;
    const peak = memory.stop();
    const done = await call(service, 'GET', `/api/v1/imports/${run.id}`, key);
    const result = {
      name: 'csv-import',
      startedAt: new Date().toISOString(),
      settings: { affiliates: AFFILIATES, commissions: COMMISSIONS, database: external ? 'DATABASE_URL' : 'embedded', csvMiB: Math.round(bytes / 2 ** 20) },
      machine: { loadAverageAtStart },
      state,
      rows: done.rowCount,
      uploadSeconds: Number(uploadSeconds.toFixed(2)),
      carrySeconds: Number(carrySeconds.toFixed(2)),
      rowsPerSecond: Math.round(done.rowCount / carrySeconds),
      memory: peak,
      progress: Object.fromEntries(Object.entries<any>(done.progress).map(([resource, p]) => [resource, { read: p.read, created: p.created, failed: p.failed }])),
    };
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
    if (WRITE) {
      await mkdir(join(ROOT, 'bench', 'results'), { recursive: true });
      const file = join(ROOT, 'bench', 'results', `${result.startedAt.slice(0, 10)}-import.json`);
      await writeFile(file, `${JSON.stringify(result, null, 2)}\n`);
      log(`wrote ${file}`);
    }
  } finally {
    await service?.close();
    await embedded?.stop();
    await rm(scratch, { recursive: true, force: true });
  }
};

main().catch((error) => {
  log(error instanceof Error ? (error.stack ?? error.message) : String(error));
  process.exit(1);
});
