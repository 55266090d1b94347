import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServiceProcess, type ServiceProcess } from '../support/service-process.js';
import { createScratchDatabase, type ScratchDatabase } from '../support/test-database.js';

const TOKEN = 'op-token';

type Running = ServiceProcess;

const startService = (env: Record<string, string>) => startServiceProcess(env, 'node');

const call = async (port: number, method: string, path: string, key: string, body?: unknown) => {
  const res = await fetch(`http://127.0.0.1:${port}${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json = (await res.json()) as any;
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json.data;
};

const SALES = 48;
const BATCH = 8;

/**
 * The payout job is killed (SIGKILL) in the middle of a batch, after the provider has made transfers
 * whose outcome the killed transaction never committed. After a restart, every row is paid exactly
 * once: none twice (the provider saw the same idempotency keys again), none lost.
 */
describe('the payout job under SIGKILL', () => {
  let db: ScratchDatabase;
  let sql: pg.Pool;
  const running: Running[] = [];

  beforeAll(async () => {
    db = await createScratchDatabase();
    sql = new pg.Pool({ connectionString: db.url, max: 2 });
  });
  afterAll(async () => {
    for (const r of running) if (r.child.exitCode === null) r.child.kill('SIGKILL');
    await sql.end();
    await db.drop();
  });

  const env = () => ({
    DATABASE_URL: db.url,
    ADMIN_TOKEN: TOKEN,
    TEST_CLOCK: '1',
    RUN_JOBS: '0',
    PAYOUT_BATCH_SIZE: String(BATCH),
    PAYOUT_SANDBOX_LATENCY_MS: '60',
  });
  const rows = async (text: string, params: unknown[] = []) => (await sql.query(text, params)).rows;

  it('pays every row exactly once after a crash mid-batch and a restart', async () => {
    const first = await startService(env());
    running.push(first);
    const admin = (method: string, path: string, body?: unknown) => call(first.port, method, `/admin/v1${path}`, TOKEN, body);

    const merchant = await admin('POST', '/merchants', { businessName: 'Killed', email: 'kill@example.com', plan: 'scale', automaticPayouts: true, payoutHoldingDays: 0 });
    const key = (await admin('POST', `/merchants/${merchant.id}/keys`, { mode: 'live', write: true })).key as string;
    const api = (method: string, path: string, body?: unknown) => call(first.port, method, `/api/v1${path}`, key, body);
    const campaign = await api('POST', '/campaigns', { name: 'Kill test', commissionType: 'percentage', commissionValue: 100, autoApproveAffiliates: true });
    const affiliates: string[] = [];
    for (const method of ['connect', 'wallet_a'] as const) {
      const signed = await admin('POST', `/merchants/${merchant.id}/affiliate-signups`, { email: `${method}@example.com`, campaignId: campaign.id });
      await admin('POST', `/affiliates/${signed.affiliateId}/payout-details`, { method, ...(method === 'connect' ? {} : { email: 'wallet@example.com' }) });
      affiliates.push(signed.affiliateId);
    }
    for (let i = 0; i < SALES; i += 1) {
      const sale = await api('POST', '/conversions', { campaignId: campaign.id, affiliateId: affiliates[i % 2], amount: 10 + i });
      await api('PATCH', `/conversions/${sale.id}`, { status: 'approved' });
    }
    expect((await rows(`select count(*)::int as n from payouts where merchant_id = $1 and status = 'pending'`, [merchant.id]))[0].n).toBe(SALES);

    // Run the job and kill the process once a batch has committed and the next one has transfers
    // the database does not know about yet.
    void admin('POST', '/jobs/run').catch(() => undefined);
    const deadline = Date.now() + 60_000;
    let state = { committed: 0, unrecorded: 0 };
    while (Date.now() < deadline) {
      [state] = (await rows(
        `select (select count(*)::int from payouts where merchant_id = $1
                  and (status = 'completed' or (status = 'processing' and provider_reference is not null))) as committed,
                (select count(*)::int from sandbox_payout_transfers t join payouts p on p.id = t.payout_id
                  where t.merchant_id = $1 and p.provider_reference is null and p.status <> 'completed') as unrecorded`,
        [merchant.id],
      )) as [typeof state];
      if (state.committed >= BATCH && state.unrecorded >= 2) break;
      await new Promise((r) => setTimeout(r, 5));
    }
    first.child.kill('SIGKILL');
    await first.exited;
    // The crash landed mid-batch: some rows are done, and the provider made transfers the service lost track of.
    expect(state.committed).toBeGreaterThanOrEqual(BATCH);
    expect(state.committed).toBeLessThan(SALES);
    expect(state.unrecorded).toBeGreaterThanOrEqual(2);
    // The killed batch's outcomes are gone: its rows are on record as started (processing, no answer).
    const afterKill = await rows(
      `select p.status, count(*)::int as n from sandbox_payout_transfers t join payouts p on p.id = t.payout_id
       where t.merchant_id = $1 and p.provider_reference is null and p.status <> 'completed' group by p.status`,
      [merchant.id],
    );
    expect(afterKill).toEqual([{ status: 'processing', n: expect.any(Number) }]);
    expect(afterKill[0].n).toBeGreaterThanOrEqual(2);

    // Restart and let the job finish: the lost attempts are repeated once their lease (5 minutes) has
    // passed; wallet_a transfers settle 10 minutes after they were made. Both on the service clock.
    const second = await startService(env());
    running.push(second);
    const admin2 = (method: string, path: string, body?: unknown) => call(second.port, method, `/admin/v1${path}`, TOKEN, body);
    await admin2('POST', '/jobs/run');
    // An hour later the lost attempts are repeated (and transfers sent after the restart settle); the
    // requests the crash stopped before they left are in transit then, and settle an hour after that.
    for (let hour = 0; hour < 2; hour += 1) {
      const now = new Date((await admin2('GET', '/clock')).now as string);
      await admin2('POST', '/clock', { now: new Date(now.getTime() + 3_600_000).toISOString() });
      await admin2('POST', '/jobs/run');
    }

    // None lost: every row completed, every conversion paid.
    const payouts = await rows(`select id, conversion_id, status, attempts, amount::text from payouts where merchant_id = $1`, [merchant.id]);
    expect(payouts).toHaveLength(SALES);
    expect(payouts.filter((p) => p.status !== 'completed')).toEqual([]);
    // A row whose transfer was lost in the crash was asked again with the same key: still one attempt.
    expect(payouts.filter((p) => p.attempts !== 1)).toEqual([]);
    const conversions = await rows(`select status, count(*)::int as n from conversions where merchant_id = $1 group by status`, [merchant.id]);
    expect(conversions).toEqual([{ status: 'paid', n: SALES }]);

    // None paid twice: the provider holds exactly one transfer per payout, of the payout's amount.
    const transfers = await rows(
      `select t.payout_id, count(*)::int as n, min(t.amount)::text as amount, bool_and(t.status = 'completed') as settled
       from sandbox_payout_transfers t where t.merchant_id = $1 group by t.payout_id`,
      [merchant.id],
    );
    expect(transfers).toHaveLength(SALES);
    const amountOf = new Map(payouts.map((p) => [p.id as string, p.amount as string]));
    for (const transfer of transfers) {
      expect(transfer.n).toBe(1);
      expect(transfer.settled).toBe(true);
      expect(transfer.amount).toBe(amountOf.get(transfer.payout_id));
    }
    // And the events were recorded once each.
    const events = await rows(
      `select type, count(*)::int as n, count(distinct coalesce(payload->>'payoutId', payload->>'conversionId'))::int as distinct_ids
       from outbox_events where merchant_id = $1 and type in ('payout.completed', 'conversion.paid') group by type order by type`,
      [merchant.id],
    );
    expect(events).toEqual([
      { type: 'conversion.paid', n: SALES, distinct_ids: SALES },
      { type: 'payout.completed', n: SALES, distinct_ids: SALES },
    ]);
    // Connect conversions carry the provider's transfer id.
    const connectPaid = await rows(
      `select c.card_transfer_id, t.id as transfer_id from conversions c join payouts p on p.conversion_id = c.id
       join sandbox_payout_transfers t on t.payout_id = p.id where c.merchant_id = $1 and c.affiliate_id = $2`,
      [merchant.id, affiliates[0]],
    );
    expect(connectPaid).toHaveLength(SALES / 2);
    for (const row of connectPaid) expect(row.card_transfer_id).toBe(row.transfer_id);

    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  }, 240_000);
});
