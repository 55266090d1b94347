import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStripeStub, type StripeStub } from '../support/provider-stubs/stripe-stub.js';
import { startServiceProcess, type ServiceProcess } from '../support/service-process.js';
import { scratchPool } from '../support/scratch-pool.js';
import { createScratchDatabase, type ScratchDatabase } from '../support/test-database.js';

const TOKEN = 'op-token';
const SECRET = 'sk_live_51KillTestSecretKey000000042';

const startService = (env: Record<string, string>) => startServiceProcess(env, 'node');

const call = async (port: number, method: string, path: string, key: string, body?: unknown) => {
  const res = await fetch(`http://127.0.0.1:${port}${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json = (await res.json()) as any;
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return { data: json.data, text: JSON.stringify(json) };
};

const AFFILIATES = 16;
const SALES_EACH = 3;
const BATCH = 4;

/**
 * The payout job is killed (SIGKILL) after the card processor has made transfers whose outcome the
 * killed transaction never committed. After a restart, every affiliate is paid exactly once, with one
 * transfer carrying the sum of its rows: the repeated requests carry the same idempotency keys, which
 * the stub (like the processor) answers with the transfers it already made.
 */
describe('the payout job under SIGKILL, against the card processor', () => {
  let db: ScratchDatabase;
  let sql: pg.Pool;
  let stub: StripeStub;
  const running: ServiceProcess[] = [];

  beforeAll(async () => {
    db = await createScratchDatabase();
    sql = scratchPool(db.url);
    stub = await startStripeStub();
    stub.keys.add(SECRET);
  });
  afterAll(async () => {
    for (const r of running) if (r.child.exitCode === null) r.child.kill('SIGKILL');
    await sql.end();
    await stub.close();
    await db.drop();
  });

  const env = () => ({
    DATABASE_URL: db.url,
    ADMIN_TOKEN: TOKEN,
    TEST_CLOCK: '1',
    RUN_JOBS: '0',
    LOG_LEVEL: 'debug',
    PAYOUT_BATCH_SIZE: String(BATCH),
    STRIPE_API_BASE: stub.base,
    SECRET_KEY: 'ab'.repeat(32),
  });
  const rows = async (text: string, params: unknown[] = []) => (await sql.query(text, params)).rows;

  it('pays every affiliate exactly once after a crash between the answer and the commit, and never shows the secret', async () => {
    const first = await startService(env());
    running.push(first);
    const responses: string[] = [];
    const admin = async (method: string, path: string, body?: unknown) => (await call(first.port, method, `/admin/v1${path}`, TOKEN, body)).data;

    const merchant = await admin('POST', '/merchants', { businessName: 'Killed', email: 'kill@example.com', plan: 'scale', automaticPayouts: true, payoutHoldingDays: 0 });
    const key = (await admin('POST', `/merchants/${merchant.id}/keys`, { mode: 'live', write: true })).key as string;
    const api = async (method: string, path: string, body?: unknown) => {
      const res = await call(first.port, method, `/api/v1${path}`, key, body);
      responses.push(res.text);
      return res.data;
    };
    await api('PUT', '/payout-providers/connect', { secretKey: SECRET });
    const campaign = await api('POST', '/campaigns', { name: 'Kill test', commissionType: 'percentage', commissionValue: 100, autoApproveAffiliates: true });
    const affiliates: string[] = [];
    for (let n = 0; n < AFFILIATES; n += 1) {
      const signed = await admin('POST', `/merchants/${merchant.id}/affiliate-signups`, { email: `a${n}@example.com`, campaignId: campaign.id });
      await admin('POST', `/affiliates/${signed.affiliateId}/connect-onboarding`, {
        merchantId: merchant.id,
        mode: 'live',
        returnUrl: 'https://portal.example.com/ok',
        refreshUrl: 'https://portal.example.com/again',
      });
      affiliates.push(signed.affiliateId);
    }
    // The processor's account.updated would enable payouts; here the onboarding is finished directly.
    await rows(`update affiliate_connected_accounts set payouts_enabled = true where merchant_id = $1`, [merchant.id]);
    await rows(`update affiliates set payout_method = 'connect', payout_details_completed_at = now() where id = any($1::uuid[])`, [affiliates]);
    const expected = new Map<string, number>();
    for (let n = 0; n < AFFILIATES; n += 1) {
      for (let i = 0; i < SALES_EACH; i += 1) {
        const amount = 10 + n + i / 100;
        const sale = await api('POST', '/conversions', { campaignId: campaign.id, affiliateId: affiliates[n], amount });
        await api('PATCH', `/conversions/${sale.id}`, { status: 'approved' });
        expected.set(affiliates[n]!, (expected.get(affiliates[n]!) ?? 0) + Math.round(amount * 100));
      }
    }

    // The processor answers slowly; kill the process once a batch committed and the next batch's
    // transfers exist at the processor but not in the database.
    stub.latencyMs = 150;
    void admin('POST', '/jobs/run').catch(() => undefined);
    const deadline = Date.now() + 60_000;
    let committed = 0;
    let unrecorded = 0;
    while (Date.now() < deadline) {
      const [state] = await rows(`select count(*)::int as n from payout_payments where merchant_id = $1 and status = 'completed'`, [merchant.id]);
      committed = state.n;
      unrecorded = stub.transfers.size - committed;
      if (committed >= BATCH && unrecorded >= 2) break;
      await new Promise((r) => setTimeout(r, 5));
    }
    first.child.kill('SIGKILL');
    await first.exited;
    expect(committed).toBeGreaterThanOrEqual(BATCH);
    expect(committed).toBeLessThan(AFFILIATES);
    expect(unrecorded).toBeGreaterThanOrEqual(2);
    const lost = await rows(`select count(*)::int as n from payout_payments where merchant_id = $1 and status = 'processing' and provider_reference is null`, [merchant.id]);
    expect(lost[0].n).toBeGreaterThanOrEqual(2);

    // Restart; once the lease (5 minutes) has passed, the lost payments are asked again with their keys.
    stub.latencyMs = 0;
    const second = await startService(env());
    running.push(second);
    const admin2 = async (method: string, path: string, body?: unknown) => (await call(second.port, method, `/admin/v1${path}`, TOKEN, body)).data;
    await admin2('POST', '/jobs/run');
    const now = new Date((await admin2('GET', '/clock')).now as string);
    await admin2('POST', '/clock', { now: new Date(now.getTime() + 600_000).toISOString() });
    await admin2('POST', '/jobs/run');

    // None lost: every row completed, every conversion paid.
    const payouts = await rows(`select status, attempts from payouts where merchant_id = $1`, [merchant.id]);
    expect(payouts).toHaveLength(AFFILIATES * SALES_EACH);
    expect(payouts.filter((p) => p.status !== 'completed' || p.attempts !== 1)).toEqual([]);
    expect(await rows(`select status, count(*)::int as n from conversions where merchant_id = $1 group by status`, [merchant.id])).toEqual([{ status: 'paid', n: AFFILIATES * SALES_EACH }]);

    // None paid twice: one transfer per affiliate at the processor, of the exact sum; a repeated key made no second transfer.
    expect(stub.transfers.size).toBe(AFFILIATES);
    const accounts = await rows(`select affiliate_id, account_id from affiliate_connected_accounts where merchant_id = $1`, [merchant.id]);
    for (const { affiliate_id, account_id } of accounts) {
      const transfers = [...stub.transfers.values()].filter((tr) => tr.destination === account_id);
      expect(transfers.map((tr) => tr.amount)).toEqual([expected.get(affiliate_id)]);
    }
    const repeated = [...stub.transferRequestsByKey.values()].filter((n) => n > 1);
    expect(repeated.length).toBeGreaterThanOrEqual(2);
    expect(stub.transferRequestsByKey.size).toBe(AFFILIATES);
    const events = await rows(
      `select type, count(*)::int as n, count(distinct payload->>'payoutId')::int as d from outbox_events
       where merchant_id = $1 and type = 'payout.completed' group by type`,
      [merchant.id],
    );
    expect(events).toEqual([{ type: 'payout.completed', n: AFFILIATES * SALES_EACH, d: AFFILIATES * SALES_EACH }]);

    // The secret never appears in a response, a log line, an audit row or a stored column.
    const stored = await rows(`select * from payout_provider_credentials`);
    const audit = await rows(`select * from audit_log`);
    for (const text of [first.output(), second.output(), responses.join('\n'), JSON.stringify(stored), JSON.stringify(audit)]) {
      expect(text.includes(SECRET)).toBe(false);
    }
    expect(first.output().length).toBeGreaterThan(0);

    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  }, 240_000);
});
