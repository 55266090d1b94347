import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardEvent, paidSession, signed } from '../support/card-events.js';
import { startServiceProcess, type ServiceProcess } from '../support/service-process.js';
import { scratchPool } from '../support/scratch-pool.js';
import { createScratchDatabase, type ScratchDatabase } from '../support/test-database.js';

const ADMIN = 'signed-click-admin';
/** Ten minutes: no click row is written while these tests run, unless a process stops gracefully. */
const BATCH_INTERVAL_MS = 600_000;

/**
 * A click id the service issued attributes its sale whatever happens to the click's row: the
 * notification reaches another process, or the process that issued it was killed before writing it.
 */
describe('signed click ids across processes and crashes', () => {
  let db: ScratchDatabase;
  let pool: pg.Pool;
  const running: ServiceProcess[] = [];
  const env = () => ({ DATABASE_URL: db.url, ADMIN_TOKEN: ADMIN, RUN_JOBS: '0', DB_POOL_MAX: '4', JOBS_POOL_MAX: '1', BATCH_INTERVAL_MS: String(BATCH_INTERVAL_MS) });
  const start = async () => {
    const p = await startServiceProcess(env());
    running.push(p);
    return p;
  };

  beforeAll(async () => {
    db = await createScratchDatabase();
    pool = scratchPool(db.url);
  });
  afterAll(async () => {
    for (const p of running) {
      if (p.child.exitCode === null && p.child.signalCode === null) {
        p.child.kill('SIGTERM');
        await p.exited;
      }
    }
    await pool.end();
    await db.drop();
  });

  const call = async (p: ServiceProcess, path: string, token: string, body: unknown) => {
    const res = await fetch(`${p.base}${path}`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const json = (await res.json()) as any;
    if (res.status !== 201) throw new Error(`${path}: ${res.status} ${JSON.stringify(json)}`);
    return json.data;
  };

  /** A merchant with a campaign, an approved affiliate and a card integration, made through the API. */
  const program = async (p: ServiceProcess) => {
    const stamp = `${Date.now()}-${running.length}`;
    const merchant = await call(p, '/admin/v1/merchants', ADMIN, { businessName: 'Signed clicks', email: `signed-${stamp}@example.com`, plan: 'scale' });
    const key = (await call(p, `/admin/v1/merchants/${merchant.id}/keys`, ADMIN, { mode: 'live', write: true })).key as string;
    const campaign = await call(p, '/api/v1/campaigns', key, { name: 'Signed', commissionType: 'percentage', commissionValue: 10, targetUrl: 'https://shop.example.com/' });
    const affiliate = await call(p, '/api/v1/affiliates', key, { email: `aff-${stamp}@example.com`, campaignId: campaign.id });
    const secret = `whsec_signed${stamp.replace('-', '')}`;
    const integration = await call(p, '/api/v1/integrations', key, { provider: 'card', signingSecret: secret });
    return { key, affiliateId: affiliate.id as string, path: new URL(affiliate.trackingLink).pathname, integration: { id: integration.id as string, secret } };
  };
  type Program = Awaited<ReturnType<typeof program>>;

  const redirect = async (p: ServiceProcess, path: string): Promise<string> => {
    const res = await fetch(`${p.base}${path}`, { redirect: 'manual', headers: { 'user-agent': `visitor ${Date.now()}` } });
    expect(res.status).toBe(302);
    const clickId = new URL(res.headers.get('location') ?? '').searchParams.get('click_id');
    if (!clickId) throw new Error('no click id');
    return clickId;
  };

  /** The card processor's notification of a paid checkout carrying the click; its events-log entry. */
  const notify = async (p: ServiceProcess, prog: Program, clickId: string) => {
    const event = cardEvent('checkout.session.completed', paidSession({ amountTotal: 5_000, clickId }));
    const { payload, header } = signed(event, prog.integration.secret);
    const res = await fetch(`${p.base}/ingest/v1/${prog.integration.id}`, { method: 'POST', headers: { 'stripe-signature': header, 'content-type': 'application/json' }, body: payload });
    expect(res.status).toBe(200);
    const log = await fetch(`${p.base}/api/v1/integrations/${prog.integration.id}/events?limit=100`, { headers: { authorization: `Bearer ${prog.key}` } });
    const entries = ((await log.json()) as any).data as { providerEventId: string; outcome: string; reason: string; conversionId: string | null }[];
    return entries.find((e) => e.providerEventId === event.id);
  };
  const conversionAffiliate = async (conversionId: string | null | undefined) =>
    (await pool.query<{ affiliate_id: string }>('select affiliate_id from conversions where id = $1', [conversionId])).rows[0]?.affiliate_id;
  const clickRows = async (clickId: string) => (await pool.query('select 1 from clicks where id = $1', [clickId.slice(0, 36)])).rowCount;

  it('redirect on one process, notification on another: attributed, though the click is written by neither yet', async () => {
    const [a, b] = [await start(), await start()];
    const prog = await program(a);
    const clickId = await redirect(a, prog.path);
    const entry = await notify(b, prog, clickId);
    expect(entry).toMatchObject({ outcome: 'created', reason: `attributed by click ${clickId}` });
    expect(await conversionAffiliate(entry?.conversionId)).toBe(prog.affiliateId);
    expect(await clickRows(clickId)).toBe(0);
  }, 180_000);

  it('kill -9 inside the flush interval, restart, then the notification: attributed', async () => {
    const first = await start();
    const prog = await program(first);
    const clickId = await redirect(first, prog.path);
    first.child.kill('SIGKILL');
    await first.exited;
    // The click died with the process: its row will never be written.
    expect(await clickRows(clickId)).toBe(0);
    const restarted = await start();
    const entry = await notify(restarted, prog, clickId);
    expect(entry).toMatchObject({ outcome: 'created', reason: `attributed by click ${clickId}` });
    expect(await conversionAffiliate(entry?.conversionId)).toBe(prog.affiliateId);
  }, 180_000);
});
