/**
 * What one hot request costs, measured in-process on a scratch embedded database, one request at a
 * time (so other load on the machine barely changes the numbers): the statements it sends to
 * PostgreSQL (each a network round trip) and its commits, then the CPU time per request of this
 * process (the service without its HTTP socket) and of the database cluster, over `COST_REQUESTS`
 * requests (default 300). Usage: tsx bench/round-trips.ts [--list] (--list prints the statements).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres } from '../adapters/database/embedded-postgres-server.js';
import { createPino } from '../adapters/logging/pino-logger.js';
import { loadConfig } from '../bootstrap/config.js';
import { buildService } from '../bootstrap/service.js';
import { cardNotifications } from './lib/card-notification.js';
import { clusterCpuSeconds, postmasterPid } from './lib/service.js';

const ADMIN = 'round-trips-admin';
const statements: string[] = [];
/**
 * Round trips: statements a connection sends while none of its earlier ones is still unanswered start
 * one; those sent while one is (the service's connections run in pipeline mode) join it.
 */
let trips: string[][] = [];
const inFlight = new WeakMap<pg.Client, { count: number; trip: string[] }>();
let counting = false;
const original = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  if (!counting) return (original as (...a: unknown[]) => unknown).apply(this, args);
  const first = args[0] as string | { text?: string; name?: string };
  const text = (typeof first === 'string' ? first : (first?.text ?? `(prepared ${first?.name})`)).replace(/\s+/g, ' ').trim();
  statements.push(text);
  let state = inFlight.get(this);
  if (!state || state.count === 0) {
    state = { count: 0, trip: [] };
    inFlight.set(this, state);
    trips.push(state.trip);
  }
  state.trip.push(text);
  state.count += 1;
  const answered = () => void (state.count -= 1);
  const last = args.length - 1;
  if (typeof args[last] === 'function') {
    const callback = args[last] as (...a: unknown[]) => unknown;
    args[last] = (...a: unknown[]) => {
      answered();
      return callback(...a);
    };
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  }
  const result = (original as (...a: unknown[]) => unknown).apply(this, args);
  if (result instanceof Promise) result.then(answered, answered);
  return result;
} as typeof pg.Client.prototype.query;

const dir = await mkdtemp(join(tmpdir(), 'round-trips-'));
const db = await startEmbeddedPostgres({ dataDir: dir, database: 'affiliate', log: () => undefined });
const config = { ...loadConfig({}), adminToken: ADMIN, runJobs: false, logLevel: 'silent' };
const service = await buildService(config, db.url, createPino('silent'));
try {
  const call = async (method: string, path: string, auth: string, body?: unknown) => {
    const res = await service.app.request(path, {
      method,
      headers: { authorization: `Bearer ${auth}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    const json = (await res.json()) as any;
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
    return json.data;
  };
  const merchant = await call('POST', '/admin/v1/merchants', ADMIN, { businessName: 'RT', email: 'rt@example.com', plan: 'scale' });
  const { key } = await call('POST', `/admin/v1/merchants/${merchant.id}/keys`, ADMIN, { mode: 'live', write: true });
  const campaign = await call('POST', '/api/v1/campaigns', key, { name: 'RT', commissionType: 'percentage', commissionValue: 10 });
  const affiliate = await call('POST', '/api/v1/affiliates', key, { email: 'rt-aff@example.com', campaignId: campaign.id });
  const body = { campaignId: campaign.id, affiliateId: affiliate.id, amount: 100 };
  const conversion = await call('POST', '/api/v1/conversions', key, body);

  const list = process.argv.includes('--list');
  const requests = Number(process.env.COST_REQUESTS ?? 300);
  const postmaster = (await postmasterPid(dir))!;
  const admin = new pg.Client({ connectionString: db.url });
  await admin.connect();
  // Plan limits are not measured here: the merchant's window is emptied every 200 requests.
  const resetLimits = () => admin.query(`delete from rate_limit_windows`);
  const measure = async (label: string, method: string, path: string, payload?: unknown) =>
    measureWith(label, () => call(method, path, key, payload));
  const measureWith = async (label: string, send: () => Promise<unknown>) => {
    await resetLimits();
    for (let i = 0; i < 20; i += 1) await send(); // warm caches
    statements.length = 0;
    trips = [];
    counting = true;
    await send();
    counting = false;
    const roundTrips = trips.filter((trip) => trip.some((t) => !t.includes('rate_limit_windows'))).length;
    // Rate-limit counts are merged by a timer (one statement per 100 ms for all requests), not by a request.
    const merges = statements.filter((s) => s.includes('rate_limit_windows')).length;
    const own = statements.filter((s) => !s.includes('rate_limit_windows'));
    statements.length = 0;
    statements.push(...own);
    const bare = statements;
    const commits = bare.filter((s) => /^commit/i.test(s)).length;
    // A `with` statement counts as a write when one of its parts writes.
    const writes = bare.filter((s) => /^(insert|update|delete)/i.test(s) || (/^with/i.test(s) && /\b(insert into|update \w+ set|delete from)\b/i.test(s))).length;
    const count = statements.length;
    const dbBefore = await clusterCpuSeconds(postmaster);
    const before = process.cpuUsage();
    for (let i = 0; i < requests; i += 1) {
      if (i % 200 === 199) await resetLimits();
      await send();
    }
    const used = process.cpuUsage(before);
    const db = (await clusterCpuSeconds(postmaster)) - dbBefore;
    const serviceMs = (used.user + used.system) / 1000 / requests;
    const dbMs = (db * 1000) / requests;
    process.stdout.write(
      `${label.padEnd(34)} ${String(count).padStart(2)} statements in ${roundTrips} round trips (${writes} writes, ${commits} commits${merges ? `; ${merges} batched limit merge seen` : ''})  cpu/request: service ${serviceMs.toFixed(3)} ms, database ${dbMs.toFixed(3)} ms\n`,
    );
    // Each statement with the round trip it went in (statements sent together share a number).
    if (list) {
      const own = trips.filter((trip) => trip.some((t) => !t.includes('rate_limit_windows')));
      own.forEach((trip, i) => {
        for (const t of trip) if (!t.includes('rate_limit_windows')) process.stdout.write(`  ${String(i + 1).padStart(2)} ${t.slice(0, 106)}\n`);
      });
    }
    return { label, statements: count, serviceMs, dbMs };
  };
  await measure('POST /conversions', 'POST', '/api/v1/conversions', body);
  await measureWith('signed card notification', await cardNotifications(call, key, campaign.id, affiliate.id, service.app));
  await measure('GET /conversions/:id', 'GET', `/api/v1/conversions/${conversion.id}`);
  await measure('GET /campaigns/:id', 'GET', `/api/v1/campaigns/${campaign.id}`);
  await measure('GET /affiliates/:id', 'GET', `/api/v1/affiliates/${affiliate.id}`);
  await measure('GET /campaigns?sort=revenue:desc', 'GET', '/api/v1/campaigns?sort=revenue:desc');
  await admin.end();
} finally {
  await service.close();
  await db.stop();
  await rm(dir, { recursive: true, force: true });
}
