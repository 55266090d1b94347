/**
 * The monthly-partitioned logs as they grow (docs/scaling.md): clicks, the audit log and the mail
 * outbox loaded to 1x, 10x and 100x a base of rows spread over the past year, and after each load the
 * hot paths that write or read them are measured with the same load: the click redirect, POST
 * /conversions (an audit row and a mail-free write), GET /affiliates/:id (unique clicks) and GET /stats
 * (click totals and the partial edge days). Latency must stay flat from 1x to 100x.
 *
 *   tsx bench/log-growth.ts [baseRows=100000] [seconds=10]
 *
 * A fresh embedded database; the results, with the machine's load average, go to bench/results/.
 * Loading 100x (ten million rows per log at the default base) takes a long while.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres } from '../adapters/database/embedded-postgres-server.js';
import { call, conversionBody, createMerchant } from './lib/fixtures.js';
import { runLoad, type LoadRequest } from './lib/load.js';
import { log, resetRateLimits } from './lib/measure.js';
import { describeMachine, writeResults } from './lib/report.js';
import { ROOT, startService } from './lib/service.js';

const [baseRows = 100_000, seconds = 10] = process.argv.slice(2).map(Number);
const FACTORS = [1, 10, 100] as const;
const AFFILIATES = 20;

/** Adds `rows` rows to each log for the merchant, spread over the past 365 days, in chunks. */
const load = async (db: pg.Pool, merchantId: string, rows: number) => {
  const chunk = 500_000;
  for (let done = 0; done < rows; done += chunk) {
    const n = Math.min(chunk, rows - done);
    // Straight into the parent: rows are routed to their month, and the click totals trigger counts them.
    await db.query(
      `insert into clicks (id, merchant_id, mode, campaign_id, affiliate_id, visitor_hash, created_at)
       select gen_random_uuid(), $1, 'live', m.campaign_id, m.affiliate_id, md5((g % 50000)::text), now() - random() * interval '365 days'
       from generate_series(1, $2) g
       join lateral (select campaign_id, affiliate_id from affiliate_memberships where merchant_id = $1 offset g % ${AFFILIATES} limit 1) m on true`,
      [merchantId, n],
    );
    await db.query(
      `insert into audit_log (id, actor, merchant_id, method, path, status, created_at)
       select gen_random_uuid(), 'api_key', $1, 'POST', '/api/v1/conversions', 201, now() - random() * interval '365 days'
       from generate_series(1, $2)`,
      [merchantId, n],
    );
    await db.query(
      `insert into mail_outbox (id, merchant_id, kind, recipient, subject, body, created_at, updated_at, status, sent_at)
       select gen_random_uuid(), $1, 'commission', 'a' || g || '@bench.example.com', 'A commission', 'body', t, t, 'sent', t
       from (select g, now() - random() * interval '365 days' as t from generate_series(1, $2) g) s`,
      [merchantId, n],
    );
  }
  await db.query('vacuum (analyze) clicks, audit_log, mail_outbox');
};

const dir = await mkdtemp(join(tmpdir(), 'bench-log-growth-'));
const database = await startEmbeddedPostgres({ dataDir: dir, database: 'affiliate', log: () => undefined });
const service = await startService({ databaseUrl: database.url, cpuProfDir: null });
const db = new pg.Pool({ connectionString: database.url, max: 2 });
try {
  const machine = await describeMachine(db);
  const m = await createMerchant(service.url, 'log-growth');
  const affiliates = [m.affiliateId];
  for (let i = 1; i < AFFILIATES; i += 1) {
    const reply = await call(service.url, 'POST', '/api/v1/affiliates', m.key, { email: `growth-${i}@bench.example.com`, campaignId: m.campaignId });
    affiliates.push(reply.body.data.id as string);
  }
  const auth = { authorization: `Bearer ${m.key}` };
  const requests: Record<string, LoadRequest[]> = {
    'GET /r/:code (click redirect)': [{ method: 'GET', path: m.trackingPath }],
    'POST /conversions': [{ method: 'POST', path: '/api/v1/conversions', headers: { ...auth, 'content-type': 'application/json' }, body: conversionBody(m, 12) }],
    'GET /affiliates/:id': affiliates.map((id) => ({ method: 'GET', path: `/api/v1/affiliates/${id}`, headers: auth })),
    'GET /stats': [{ method: 'GET', path: '/api/v1/stats', headers: auth }],
  };
  const rows: Record<string, unknown>[] = [];
  let loaded = 0;
  for (const factor of FACTORS) {
    const target = baseRows * factor;
    log(`log-growth: loading to ${target.toLocaleString('en')} rows per log`);
    await load(db, m.id, target - loaded);
    loaded = target;
    for (const [name, list] of Object.entries(requests)) {
      await resetRateLimits(db);
      await runLoad({ baseUrl: service.url, requests: list, connections: 8, seconds: 2 });
      await resetRateLimits(db);
      const run = await runLoad({ baseUrl: service.url, requests: list, connections: 8, seconds });
      rows.push({ rowsPerLog: target, factor, scenario: name, rps: Math.round(run.rps), p50: run.p50, p99: run.p99, non2xx: run.non2xx });
      log(`  ${factor}x ${name}: ${Math.round(run.rps)} req/s, p50 ${run.p50} ms, p99 ${run.p99} ms`);
    }
  }
  const file = await writeResults(join(ROOT, 'bench', 'results', 'log-growth'), { machine, baseRows, seconds, rows });
  log(`results: ${file}`);
} finally {
  await db.end();
  await service.stop();
  await database.stop();
  await rm(dir, { recursive: true, force: true });
}
