import { Agent, request } from 'node:http';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServiceProcess, type ServiceProcess } from '../support/service-process.js';
import { scratchPool } from '../support/scratch-pool.js';
import { createScratchDatabase, type ScratchDatabase } from '../support/test-database.js';

const ADMIN = 'write-shutdown-admin';
const CLIENTS = 12;
const MERCHANTS = 4;

type Outcome =
  | { readonly kind: 'answered'; readonly status: number; readonly id: string | null; readonly closed: boolean; readonly afterSignal: boolean }
  /** The connection was refused: nothing was sent, and the client knows it. */
  | { readonly kind: 'refused' }
  /** A reset, a hang-up or anything else that leaves the client not knowing whether the write happened. */
  | { readonly kind: 'lost'; readonly error: string; readonly reused: boolean };

interface Writer {
  readonly key: string;
  readonly campaignId: string;
  readonly affiliateId: string;
}

/** One `POST /api/v1/conversions` on the agent's kept-alive connections. */
const post = (p: ServiceProcess, agent: Agent, writer: Writer, order: string, signalled: () => boolean) =>
  new Promise<Outcome>((done) => {
    const body = JSON.stringify({ campaignId: writer.campaignId, affiliateId: writer.affiliateId, amount: 10, orderId: order });
    const req = request(
      {
        host: '127.0.0.1',
        port: p.port,
        method: 'POST',
        path: '/api/v1/conversions',
        agent,
        headers: { authorization: `Bearer ${writer.key}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString()));
        res.on('end', () => {
          let id: string | null = null;
          try {
            id = (JSON.parse(text) as { data?: { id?: string } }).data?.id ?? null;
          } catch {
            // Not JSON: counted by its status.
          }
          done({ kind: 'answered', status: res.statusCode ?? 0, id, closed: res.headers.connection === 'close', afterSignal: signalled() });
        });
        res.on('error', (e) => done({ kind: 'lost', error: e.message, reused: req.reusedSocket }));
      },
    );
    req.on('error', (e: NodeJS.ErrnoException) => done(e.code === 'ECONNREFUSED' ? { kind: 'refused' } : { kind: 'lost', error: `${e.code ?? ''} ${e.message}`, reused: req.reusedSocket }));
    req.end(body);
  });

/**
 * SIGTERM under write load on kept-alive connections: every request sent is answered (in-flight ones
 * finish, the next ones are told `Connection: close`), and a client is only ever refused a new
 * connection, never reset, so it always knows whether its write happened.
 */
describe('stopping under write load', () => {
  let db: ScratchDatabase;
  let pool: pg.Pool;

  beforeAll(async () => {
    db = await createScratchDatabase();
    pool = scratchPool(db.url);
  });
  afterAll(async () => {
    await pool.end();
    await db.drop();
  });

  const writers = async (p: ServiceProcess): Promise<Writer[]> => {
    const call = async (path: string, token: string, body: unknown) => {
      const res = await fetch(`${p.base}${path}`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
      const json = (await res.json()) as any;
      if (res.status !== 201) throw new Error(`${path}: ${res.status} ${JSON.stringify(json)}`);
      return json.data;
    };
    const list: Writer[] = [];
    // Several merchants, so the per-merchant rate limit does not answer most writes with 429.
    for (let m = 0; m < MERCHANTS; m += 1) {
      const merchant = await call('/admin/v1/merchants', ADMIN, { businessName: `Writes ${m}`, email: `writes-${m}-${Date.now()}@example.com`, plan: 'scale' });
      const key = await call(`/admin/v1/merchants/${merchant.id}/keys`, ADMIN, { mode: 'live', write: true });
      const campaign = await call('/api/v1/campaigns', key.key, { name: 'Writes', commissionType: 'percentage', commissionValue: 10, targetUrl: 'https://shop.example.com/' });
      const affiliate = await call('/api/v1/affiliates', key.key, { email: `aff-${m}-${Date.now()}@example.com`, campaignId: campaign.id });
      list.push({ key: key.key, campaignId: campaign.id, affiliateId: affiliate.id });
    }
    return list;
  };

  it('SIGTERM: no request reset or left unanswered; every 201 is stored; new connections are refused only after', async () => {
    const p = await startServiceProcess({ DATABASE_URL: db.url, ADMIN_TOKEN: ADMIN, RUN_JOBS: '0', DB_POOL_MAX: '4', JOBS_POOL_MAX: '1' });
    const list = await writers(p);
    const agent = new Agent({ keepAlive: true, maxSockets: CLIENTS });
    const outcomes: Outcome[] = [];
    let signalled = false;
    const clients = Array.from({ length: CLIENTS }, async (_, c) => {
      const writer = list[c % MERCHANTS]!;
      for (let i = 0; ; i += 1) {
        const outcome = await post(p, agent, writer, `order-${c}-${i}`, () => signalled);
        outcomes.push(outcome);
        // Once the listener is closed there is nothing more to send to.
        if (outcome.kind !== 'answered') return;
      }
    });
    // Steady load on kept-alive connections first.
    while (outcomes.length < 300) await new Promise((r) => setTimeout(r, 20));
    signalled = true;
    p.child.kill('SIGTERM');
    expect(await p.exited).toBe(0);
    await Promise.all(clients);
    agent.destroy();

    const lost = outcomes.filter((o) => o.kind === 'lost');
    expect(lost).toEqual([]);
    const answered = outcomes.filter((o) => o.kind === 'answered');
    // Every client ended on a refused connection, after its last answer told it to close.
    expect(outcomes.filter((o) => o.kind === 'refused')).toHaveLength(CLIENTS);
    expect(answered.filter((o) => o.afterSignal && o.closed).length).toBeGreaterThan(0);
    expect(answered.filter((o) => o.status !== 201 && o.status !== 429)).toEqual([]);
    const created = answered.filter((o) => o.status === 201).map((o) => o.id!);
    expect(created.length).toBeGreaterThan(200);
    const stored = await pool.query<{ n: string }>('select count(*) as n from conversions where id = any($1::uuid[])', [created]);
    expect(Number(stored.rows[0]!.n)).toBe(created.length);
  }, 120_000);
});
