/**
 * One hot scenario alone, for working on it: a fresh embedded database, the service with its
 * ceiling routes, 60 Scale merchants, then a warm-up and one measured wrk run. Prints req/s, p50/p99
 * and CPU per request of the service and the database.
 *
 *   tsx bench/one.ts <post|get|campaign|select|write|sale|click|risk-on|risk-off|page|notify> [seconds=15] [--cpu-prof] [--statements] [--merchants=60]
 *
 * `--cpu-prof` writes the service's V8 profile to bench/profiles/ (summarise it with
 * bench/profile-summary.ts); `--statements` loads pg_stat_statements and prints the statements that
 * took the database's time during the run.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres, type RunningPostgres } from '../adapters/database/embedded-postgres-server.js';
import { dashboardSession } from './lib/dashboard.js';
import { conversionBody, createMerchants, postConversion, type BenchMerchant } from './lib/fixtures.js';
import { connectCardIntegrations, signedNotifications, type IngestMerchant } from './lib/ingest.js';
import { runLoad, type LoadRequest } from './lib/load.js';
import { resetRateLimits } from './lib/measure.js';
import { riskSaleRequests, setSignals, withClicks, type RiskBenchMerchant } from './lib/risk.js';
import { clusterCpuSeconds, cpuSeconds, postmasterPid, ROOT, startService } from './lib/service.js';

const SCENARIOS = ['post', 'get', 'campaign', 'select', 'write', 'sale', 'click', 'risk-on', 'risk-off', 'page', 'notify'] as const;
type Scenario = (typeof SCENARIOS)[number];
const args = process.argv.slice(2).filter((a) => !a.startsWith('--'));
// Several, comma-separated, run one after the other on the same service (what one leaves behind, the next sees).
const scenarios = (args[0] ?? 'get').split(',') as Scenario[];
for (const s of scenarios) if (!SCENARIOS.includes(s)) throw new Error(`scenario must be one of ${SCENARIOS.join(', ')}`);
const seconds = Number(args[1] ?? 15);
const cpuProf = process.argv.includes('--cpu-prof');
const statements = process.argv.includes('--statements');
const merchantCount = Number(process.argv.find((a) => a.startsWith('--merchants='))?.split('=')[1] ?? 60);

interface RiskHalves {
  readonly on: readonly RiskBenchMerchant[];
  readonly off: readonly RiskBenchMerchant[];
}

const requestsFor = (
  scenario: Scenario,
  merchants: readonly BenchMerchant[],
  sales: readonly { m: BenchMerchant; id: string }[],
  risk: RiskHalves | null,
  session: string | null,
  card: readonly IngestMerchant[] | null,
): LoadRequest[] => {
  const auth = (m: BenchMerchant) => ({ authorization: `Bearer ${m.key}` });
  switch (scenario) {
    case 'post':
      return merchants.map((m) => ({ method: 'POST', path: '/api/v1/conversions', headers: { ...auth(m), 'content-type': 'application/json' }, body: conversionBody(m, 12) }));
    case 'get':
      return sales.map(({ m, id }) => ({ method: 'GET', path: `/api/v1/conversions/${id}`, headers: auth(m) }));
    case 'campaign':
      return merchants.map((m) => ({ method: 'GET', path: `/api/v1/campaigns/${m.campaignId}`, headers: auth(m) }));
    case 'select':
      return sales.map(({ id }) => ({ method: 'GET', path: `/__bench/select/${id}` }));
    case 'write':
      return [{ method: 'POST', path: '/__bench/write?n=7' }];
    case 'sale':
      return merchants.map((m) => ({ method: 'POST', path: `/__bench/sale/${m.id}/${m.campaignId}/${m.affiliateId}` }));
    case 'click':
      // As the full bench: 50 browsers per link, each at its own address (trusted loopback proxy), so every redirect counts.
      return merchants.flatMap((m, j) =>
        Array.from({ length: 50 }, (_, i) => ({ method: 'GET' as const, path: m.trackingPath, headers: { 'user-agent': `bench browser ${j}-${i}`, 'x-forwarded-for': `10.${j % 250}.${i}.1` } })),
      );
    // As the full bench's risk group: half the merchants with every signal flagging, half with every signal off, each sale naming its own click.
    case 'risk-on':
      return riskSaleRequests(risk!.on);
    case 'risk-off':
      return riskSaleRequests(risk!.off);
    // A small dashboard page for its owner, one connection at a time as the dashboard group measures pages.
    case 'page':
      return [{ method: 'GET', path: '/dashboard/keys', headers: { cookie: session! } }];
    // As the full bench's ingest group: distinct signed card sales, attributed by each merchant's coupon.
    case 'notify':
      return signedNotifications(card!, Math.min(40_000, (seconds + 3) * 1_000), `${Date.now().toString(36)}n`);
  }
};

/** Restarts the database with pg_stat_statements loaded. */
const withStatementStats = async (dir: string, running: RunningPostgres): Promise<RunningPostgres> => {
  const client = new pg.Client({ connectionString: running.url });
  await client.connect();
  await client.query(`alter system set shared_preload_libraries = 'pg_stat_statements'`);
  await client.query(`alter system set pg_stat_statements.track = 'all'`);
  await client.query(`alter system set pg_stat_statements.track_planning = on`);
  await client.end();
  await running.stop();
  const restarted = await startEmbeddedPostgres({ dataDir: dir, database: 'affiliate', log: () => undefined });
  const again = new pg.Client({ connectionString: restarted.url });
  await again.connect();
  await again.query('create extension pg_stat_statements');
  await again.end();
  return restarted;
};

const dir = await mkdtemp(join(tmpdir(), 'bench-one-'));
let database = await startEmbeddedPostgres({ dataDir: dir, database: 'affiliate', log: () => undefined });
if (statements) database = await withStatementStats(dir, database);
const postmaster = (await postmasterPid(dir))!;
// The click scenario spreads its visitors over addresses through X-Forwarded-For from the loopback, as the full bench does.
const service = await startService({ databaseUrl: database.url, cpuProfDir: cpuProf ? join(ROOT, 'bench', 'profiles') : null, env: { TRUSTED_PROXIES: '127.0.0.1,::1', ...(process.env.SERVICE_NODE_OPTIONS ? { NODE_OPTIONS: process.env.SERVICE_NODE_OPTIONS } : {}) } });
const db = new pg.Pool({ connectionString: database.url, max: 2 });
try {
  const merchants = await createMerchants(service.url, merchantCount, 'one');
  const sales = [];
  for (const m of merchants) for (let i = 0; i < 3; i += 1) sales.push({ m, id: await postConversion(service.url, m, 10 + i) });
  let risk: RiskHalves | null = null;
  if (scenarios.some((s) => s.startsWith('risk-'))) {
    const half = Math.floor(merchants.length / 2);
    const [on, off] = [merchants.slice(0, half), merchants.slice(half, half * 2)];
    await Promise.all([...on.map((m) => setSignals(service.url, m, true)), ...off.map((m) => setSignals(service.url, m, false))]);
    risk = { on: await withClicks(db, on), off: await withClicks(db, off) };
  }
  const card = scenarios.includes('notify') ? await connectCardIntegrations(service.url, merchants) : null;
  const session = scenarios.includes('page') ? await dashboardSession(service.url, db, merchants[0]!) : null;
  if (session) {
    // A signed-out or missing page would be measured as a fast redirect or 404.
    const probe = await fetch(`${service.url}/dashboard/keys`, { headers: { cookie: session }, redirect: 'manual' });
    if (probe.status !== 200) throw new Error(`dashboard page: ${probe.status}`);
  }
  for (const scenario of scenarios) {
    const requests = requestsFor(scenario, merchants, sales, risk, session, card);
    const connections = scenario === 'page' ? 1 : 50;
    await resetRateLimits(db);
    await runLoad({ baseUrl: service.url, requests, connections, seconds: 3 });
    await resetRateLimits(db);
    if (statements) await db.query('select pg_stat_statements_reset()');
    const [service0, db0] = [await cpuSeconds(service.pid), await clusterCpuSeconds(postmaster)];
    // As the dashboard group: one connection would spend a merchant's minute of requests in seconds
    // (and 50 connections on a fast machine a key's minute of reads).
    const resetter = setInterval(() => void resetRateLimits(db).catch(() => undefined), 200);
    const run = await runLoad({ baseUrl: service.url, requests, connections, seconds }).finally(() => clearInterval(resetter));
    const [service1, db1] = [await cpuSeconds(service.pid), await clusterCpuSeconds(postmaster)];
    if (statements) {
      const { rows } = await db.query(`
        select calls, plans, round((total_exec_time / calls)::numeric, 3) as exec_ms, round((total_plan_time / nullif(plans, 0))::numeric, 3) as plan_ms,
          left(regexp_replace(query, '\\s+', ' ', 'g'), 100) as statement
        from pg_stat_statements where calls > 0 order by total_exec_time + total_plan_time desc limit 15`);
      console.table(rows);
    }
    const perRequest = (from: number, to: number) => (((to - from) * 1000) / run.requests).toFixed(3);
    // The service's resident memory now and at its peak so far (the kernel's high-water mark).
    const status = await readFile(`/proc/${service.pid}/status`, 'utf8').catch(() => '');
    const kib = (field: string) => Math.round(Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) / 1024);
    console.log(
      `${scenario}: ${Math.round(run.rps)} req/s, p50 ${run.p50} ms, p99 ${run.p99} ms, non-2xx ${run.non2xx}; ` +
        `CPU ms/request: service ${perRequest(service0, service1)}, database ${perRequest(db0, db1)}; RSS ${kib('VmRSS')} MiB, peak ${kib('VmHWM')} MiB`,
    );
  }
} finally {
  await db.end();
  await service.stop();
  await database.stop();
  await rm(dir, { recursive: true, force: true });
}
