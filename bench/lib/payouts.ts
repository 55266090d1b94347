import 'reflect-metadata';
import pg from 'pg';
import { createPino } from '../../adapters/logging/pino-logger.js';
import { loadConfig } from '../../bootstrap/config.js';
import { buildService } from '../../bootstrap/service.js';
import type { ResultRow } from './report.js';
import { log } from './measure.js';

/** Counts the statements `pg` sends in this process while `counting` is on (installed before the service connects). */
let counted: number | null = null;
/** The same statements by their opening words, for the result's detail: where the count comes from. */
const byStatement = new Map<string, number>();
const openingOf = (arg: unknown): string => {
  const text = typeof arg === 'string' ? arg : typeof arg === 'object' && arg !== null && 'text' in arg ? String((arg as { text: unknown }).text) : '(cursor)';
  return text.replace(/\s+/g, ' ').trim().slice(0, 70);
};
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  if (counted !== null) {
    counted += 1;
    const opening = openingOf(args[0]);
    byStatement.set(opening, (byStatement.get(opening) ?? 0) + 1);
  }
  return (query as (...a: unknown[]) => unknown).apply(this, args);
} as typeof pg.Client.prototype.query;

const ADMIN = 'bench-admin-token';

/** Clones a template row of `table` once per row of `clones`, replacing the given columns by expressions over `k`. */
const cloneRows = async (db: pg.Client, table: string, templateWhere: string, replace: Record<string, string>, params: unknown[]) => {
  const { rows } = await db.query<{ column_name: string }>(
    `select column_name from information_schema.columns where table_name = $1 and table_schema = 'public' and is_generated = 'NEVER' order by ordinal_position`,
    [table],
  );
  const columns = rows.map((r) => r.column_name);
  const select = columns.map((c) => replace[c] ?? `t.${c}`).join(', ');
  await db.query(`insert into ${table} (${columns.join(', ')}) select ${select} from ${table} t, bench_clones k where ${templateWhere}`, params);
};

/**
 * `npm run bench -- --only=payouts`: one payout run for `affiliates` affiliates with one due row each
 * (test mode, so the connect sandbox pays at once): rows per second and statements per payout. The
 * service runs in this process on its own database of the same server; the rows are cloned in SQL
 * from one made through the API.
 */
export const benchPayouts = async (serverUrl: string, affiliates: number): Promise<ResultRow[]> => {
  const name = `bench_payouts_${process.pid}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name}`);
  await admin.query(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const config = { ...loadConfig({}), adminToken: ADMIN, testClock: true, runJobs: false, logLevel: 'silent', secretKey: '5e'.repeat(32), payoutBatchSize: 50 };
  const service = await buildService(config, url.toString(), createPino('silent'));
  const db = new pg.Client({ connectionString: url.toString() });
  await db.connect();
  try {
    const call = async (method: string, path: string, key: string, body?: unknown) => {
      const res = await service.app.request(path, {
        method,
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const json = (await res.json()) as any;
      if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
      return json.data;
    };
    const merchant = await call('POST', '/admin/v1/merchants', ADMIN, { businessName: 'Bench payouts', email: 'bench-payouts@example.com', plan: 'scale', automaticPayouts: true, payoutHoldingDays: 0 });
    const live = (await call('POST', `/admin/v1/merchants/${merchant.id}/keys`, ADMIN, { mode: 'live', write: true })).key;
    const test = (await call('POST', `/admin/v1/merchants/${merchant.id}/keys`, ADMIN, { mode: 'test', write: true })).key;
    const campaign = await call('POST', '/api/v1/campaigns', live, { name: 'Bench payouts', commissionType: 'percentage', commissionValue: 100, autoApproveAffiliates: true });
    const signed = await call('POST', `/admin/v1/merchants/${merchant.id}/affiliate-signups`, ADMIN, { email: 'template@example.com', campaignId: campaign.id, mode: 'test' });
    await call('POST', `/admin/v1/affiliates/${signed.affiliateId}/payout-details`, ADMIN, { method: 'connect' });
    const sale = await call('POST', '/api/v1/conversions', test, { campaignId: campaign.id, affiliateId: signed.affiliateId, amount: 12.34 });
    await call('PATCH', `/api/v1/conversions/${sale.id}`, test, { status: 'approved' });

    log(`payouts: cloning ${affiliates - 1} affiliates with one approved sale and one due payout each`);
    await db.query(`create table bench_clones as select n, gen_random_uuid() as a, gen_random_uuid() as c, gen_random_uuid() as p, gen_random_uuid() as m
                    from generate_series(1, $1::int) n`, [affiliates - 1]);
    const template = { affiliate: signed.affiliateId as string, conversion: sale.id as string };
    await cloneRows(db, 'affiliates', 't.id = $1', { id: 'k.a', email: `'bench' || k.n || '@example.com'`, ref_code: `'bench' || k.n`, payout_email: 'null' }, [template.affiliate]);
    await cloneRows(db, 'affiliate_memberships', 't.affiliate_id = $1', { id: 'k.m', affiliate_id: 'k.a' }, [template.affiliate]);
    await cloneRows(db, 'conversions', 't.id = $1', { id: 'k.c', affiliate_id: 'k.a' }, [template.conversion]);
    await cloneRows(db, 'payouts', 't.conversion_id = $1', { id: 'k.p', conversion_id: 'k.c', affiliate_id: 'k.a' }, [template.conversion]);
    await db.query(`drop table bench_clones`);
    await db.query(`analyze`);
    const [{ n: due }] = (await db.query(`select count(*)::int as n from payouts where merchant_id = $1 and status = 'pending'`, [merchant.id])).rows;

    log(`payouts: one job run over ${due} rows`);
    counted = 0;
    byStatement.clear();
    const started = process.hrtime.bigint();
    const ran = await call('POST', '/admin/v1/jobs/run', ADMIN);
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const statements = counted;
    counted = null;
    const [{ n: paid }] = (await db.query(`select count(*)::int as n from payouts where merchant_id = $1 and status = 'completed'`, [merchant.id])).rows;
    const [{ n: payments }] = (await db.query(`select count(*)::int as n from payout_payments where merchant_id = $1 and status = 'completed'`, [merchant.id])).rows;
    return [
      {
        scenario: `payout run: ${affiliates} affiliates, one due row each (test mode sandbox)`,
        value: Math.round(paid / seconds),
        unit: 'rows/s',
        target: 'reported',
        met: paid === due ? null : false,
        detail: { seconds: Math.round(seconds * 100) / 100, paid, due, payments, jobs: ran },
      },
      {
        scenario: 'payout run: statements per payout (release, payment, attempt, outcome, events; sandbox ledger included)',
        value: Math.round((statements / Math.max(1, payments)) * 10) / 10,
        unit: 'statements',
        target: 'reported',
        met: null,
        // The statements sent at least once per ten payments, most frequent first.
        detail: {
          statements,
          payments,
          perPayment: Object.fromEntries(
            [...byStatement.entries()]
              .filter(([, n]) => n * 10 >= payments)
              .sort((a, b) => b[1] - a[1])
              .map(([text, n]) => [text, Math.round((n / Math.max(1, payments)) * 100) / 100]),
          ),
        },
      },
    ];
  } finally {
    await db.end();
    await service.close();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
};
