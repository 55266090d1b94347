/**
 * `npm run chaos`: the service under faults, with figures (docs/reliability.md). Not part of
 * `npm test`. Uses `DATABASE_URL`'s server (a scratch database is created and dropped) or, without
 * it, an embedded PostgreSQL in a temporary directory. Options: --only=cut,slow,kill  --rounds=8
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { startEmbeddedPostgres, type RunningPostgres } from '../adapters/database/embedded-postgres-server.js';
import { startServiceProcess, type ServiceProcess } from '../test/support/service-process.js';
import { startWebhookReceiver, type WebhookReceiver } from '../test/support/webhook-receiver.js';
import { createChaosMerchant } from './lib/fixtures.js';
import { fiveHundreds, type Tally } from './lib/http.js';
import { cutConnections } from './scenarios/cut-connections.js';
import { killDuringFanOut } from './scenarios/kill-during-fan-out.js';
import { slowReceiver } from './scenarios/slow-receiver.js';

const ADMIN = 'chaos-admin-token';
const { values: flags } = parseArgs({
  options: {
    only: { type: 'string', default: 'cut,slow,kill' },
    rounds: { type: 'string', default: '8' },
  },
});
const only = new Set(flags.only!.split(',').map((s) => s.trim()));
const log = (line: string) => process.stdout.write(`${line}\n`);
const requests = (t: Tally) => `${t.requests} requests, ${t.ok} answered 2xx, ${fiveHundreds(t)} 5xx, ${t.byStatus['0'] ?? 0} unanswered (${JSON.stringify(t.byStatus)})`;

/** A scratch database on `DATABASE_URL`'s server, or an embedded server's database. */
const scratchDatabase = async (): Promise<{ url: string; drop(): Promise<void> }> => {
  const server = process.env.DATABASE_URL;
  if (!server) {
    const dir = await mkdtemp(join(tmpdir(), 'affiliate-chaos-'));
    const embedded: RunningPostgres = await startEmbeddedPostgres({ dataDir: join(dir, 'data'), database: 'affiliate', log: () => undefined });
    return { url: embedded.url, drop: async () => { await embedded.stop(); await rm(dir, { recursive: true, force: true }); } };
  }
  const name = `affiliate_chaos_${randomBytes(5).toString('hex')}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: server });
    await client.connect();
    try { await client.query(sql); } finally { await client.end(); }
  };
  await admin(`create database "${name}"`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`drop database if exists "${name}" with (force)`) };
};

const withService = async <T>(env: Record<string, string>, work: (service: ServiceProcess, database: string, restart: () => Promise<ServiceProcess>) => Promise<T>): Promise<T> => {
  const db = await scratchDatabase();
  const running: ServiceProcess[] = [];
  const start = async () => {
    const s = await startServiceProcess({ DATABASE_URL: db.url, ADMIN_TOKEN: ADMIN, LOG_LEVEL: 'fatal', ...env });
    running.push(s);
    return s;
  };
  try {
    return await work(await start(), db.url, start);
  } finally {
    for (const s of running) if (s.child.exitCode === null) s.child.kill('SIGKILL');
    await Promise.all(running.map((s) => s.exited));
    await db.drop();
  }
};

const receivers: WebhookReceiver[] = [];
const receiver = async () => {
  const r = await startWebhookReceiver();
  receivers.push(r);
  return r;
};

const main = async () => {
  const figures: Record<string, unknown> = { date: new Date().toISOString() };
  if (only.has('cut')) {
    const hooks = await receiver();
    hooks.reply = () => ({ status: 200, body: 'ok', delayMs: 20 + Math.floor(Math.random() * 200) });
    const result = await withService({ WEBHOOK_DEV_ALLOWED_HOSTS: hooks.host, WEBHOOK_POLL_INTERVAL_MS: '100' }, async (service, database) => {
      const merchants = [];
      for (let i = 0; i < 5; i += 1) merchants.push(await createChaosMerchant(service.base, ADMIN, `cut-${i}`, hooks.url()));
      return cutConnections({ base: service.base, databaseUrl: database, merchants, receiver: hooks, rounds: Number(flags.rounds), intervalMs: [1_500, 3_000], clients: 8, deliveryTimeoutMs: 90_000 });
    });
    figures.cutConnections = result;
    log(`\ncut connections: ${Number(flags.rounds)} rounds of pg_terminate_backend every 1.5-3 s, ${result.backendsTerminated} sessions ended`);
    log(`  ${requests(result.tally)}`);
    log(`  recovery after the last cut: ${result.recoveryMs === null ? 'NOT within 30 s' : `${result.recoveryMs} ms`}`);
    log(`  acknowledged sales ${result.acknowledged}, missing from the database ${result.missingWrites}`);
    log(`  webhooks: ${result.deliveries.delivered}/${result.deliveries.expected} delivered, ${result.deliveries.lost} lost, ${result.deliveries.duplicated} duplicated`);
  }
  if (only.has('slow')) {
    const slow = await receiver();
    const fast = await receiver();
    const result = await withService({ WEBHOOK_DEV_ALLOWED_HOSTS: `${slow.host},${fast.host}` }, async (service) => {
      const slowMerchant = await createChaosMerchant(service.base, ADMIN, 'slow', slow.url());
      const fastMerchant = await createChaosMerchant(service.base, ADMIN, 'fast', fast.url());
      return slowReceiver({ base: service.base, slowMerchant, fastMerchant, slow, fast, slowBacklog: 40, fastPerSecond: 10, fastSeconds: 10 });
    });
    figures.slowReceiver = result;
    log('\nslow receiver: one endpoint answers after 15 s (timeout 10 s) with 40 events queued; another merchant posts 10 sales/s for 10 s');
    log(`  ${requests(result.tally)}`);
    log(`  fast merchant: ${result.fastDelivered}/${result.fastSales} delivered, commit-to-receipt p50 ${result.fastP50Ms} ms, p99 ${result.fastP99Ms} ms, max ${result.fastMaxMs} ms`);
    log(`  slow endpoint: ${result.slowAttempts} attempts reached it, subscription ${result.slowPaused ? 'paused' : 'not paused'}`);
  }
  if (only.has('kill')) {
    const hooks = await receiver();
    hooks.reply = () => ({ status: 200, body: 'ok', delayMs: 50 + Math.floor(Math.random() * 100) });
    const env = { WEBHOOK_DEV_ALLOWED_HOSTS: hooks.host, WEBHOOK_POLL_INTERVAL_MS: '100' };
    const result = await withService(env, async (service, database, restart) => {
      const merchants = [];
      for (let i = 0; i < 20; i += 1) merchants.push(await createChaosMerchant(service.base, ADMIN, `kill-${i}`, hooks.url()));
      return killDuringFanOut({ databaseUrl: database, merchants, receiver: hooks, service, restart, sales: 1_320, clients: 16, killAtDeliveredShare: 0.3, deliveryTimeoutMs: 90_000 });
    });
    const { replacement: _replacement, ...printable } = result;
    figures.killDuringFanOut = printable;
    log('\nkill -9 during a fan-out: 1,320 sales over 20 merchants (endpoints answer in 50-150 ms), SIGKILL once 30% of their webhooks arrived, then a restart');
    log(`  ${requests(result.tally)}`);
    log(`  restart to 200 on /healthz: ${result.restartMs} ms`);
    log(`  in flight at the kill: ${result.inFlightAtKill}; ${result.interruptedAttempts} attempts logged as interrupted and sent again`);
    log(`  webhooks: ${result.deliveries.delivered}/${result.deliveries.expected} delivered, ${result.deliveries.lost} lost, ${result.deliveries.duplicated} duplicated (same id)`);
  }
  log(`\n${JSON.stringify(figures, null, 2)}`);
};

try {
  await main();
} finally {
  await Promise.all(receivers.map((r) => r.close()));
}
