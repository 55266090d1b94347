import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type pg from 'pg';
import type { AddressInfo } from 'node:net';
import { call, inParallel, type BenchMerchant } from './fixtures.js';
import { percentile, round } from './stats.js';
import { sleep } from './service.js';

/** A local receiver that answers 200 at once and notes when each conversion's event arrived. */
export interface Receiver {
  readonly host: string;
  readonly url: string;
  /** conversionId → arrival (performance.now()) */
  readonly arrivals: Map<string, number>;
  received: number;
  close(): Promise<void>;
}

export const startReceiver = async (): Promise<Receiver> => {
  const arrivals = new Map<string, number>();
  const receiver = { arrivals, received: 0 } as { -readonly [K in keyof Receiver]: Receiver[K] };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const at = performance.now();
      receiver.received += 1;
      try {
        const body = JSON.parse(Buffer.concat(chunks).toString()) as { data?: { conversionId?: string } };
        const id = body.data?.conversionId;
        if (id && !arrivals.has(id)) arrivals.set(id, at);
      } catch {
        // not ours
      }
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const { port } = server.address() as AddressInfo;
  receiver.host = `127.0.0.1:${port}`;
  receiver.url = `http://127.0.0.1:${port}/hooks`;
  receiver.close = () =>
    new Promise<void>((r) => {
      server.closeAllConnections();
      server.close(() => r());
    });
  return receiver as Receiver;
};

export const subscribe = async (base: string, merchants: readonly BenchMerchant[], url: string) => {
  await inParallel(merchants, 8, async (m) => {
    const res = await call(base, 'POST', '/api/v1/webhooks', m.key, { url, events: ['conversion.created'] });
    if (res.status !== 201) throw new Error(`webhook subscribe: ${res.status} ${JSON.stringify(res.body)}`);
  });
};

const create = async (base: string, m: BenchMerchant, amount: number) => {
  const res = await call(base, 'POST', '/api/v1/conversions', m.key, { campaignId: m.campaignId, affiliateId: m.affiliateId, amount });
  if (res.status !== 201) throw new Error(`conversion: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.id as string;
};

const waitForAll = async (receiver: Receiver, ids: readonly string[], timeoutMs: number) => {
  const deadline = performance.now() + timeoutMs;
  while (ids.some((id) => !receiver.arrivals.has(id))) {
    if (performance.now() > deadline) return false;
    await sleep(20);
  }
  return true;
};

/**
 * Commit-to-receipt latency: conversions created at a steady `perSecond` for `seconds`, one at a
 * time per slot; each latency runs from the 201 (the commit happened before it) to the event's
 * arrival at the receiver.
 */
export const measureLatency = async (base: string, receiver: Receiver, merchants: readonly BenchMerchant[], perSecond: number, seconds: number) => {
  const total = perSecond * seconds;
  const committed = new Map<string, number>();
  const started = performance.now();
  await inParallel(
    Array.from({ length: total }, (_, i) => i),
    16,
    async (i) => {
      const due = started + (i * 1000) / perSecond;
      const wait = due - performance.now();
      if (wait > 0) await sleep(wait);
      const id = await create(base, merchants[i % merchants.length]!, 10 + (i % 7));
      committed.set(id, performance.now());
    },
  );
  const ids = [...committed.keys()];
  const complete = await waitForAll(receiver, ids, 60_000);
  const latencies = ids.filter((id) => receiver.arrivals.has(id)).map((id) => receiver.arrivals.get(id)! - committed.get(id)!);
  return {
    events: total,
    delivered: latencies.length,
    complete,
    p50Ms: round(percentile(latencies, 50)),
    p99Ms: round(percentile(latencies, 99)),
    maxMs: round(Math.max(...latencies)),
  };
};

/**
 * Sales burst: `count` sales posted as fast as 32 clients can; the rate at which their deliveries
 * reach the receiver (first arrival to last) and each one's commit-to-receipt latency, from its 201
 * (the commit happened before it) to its arrival. The rate is capped by how fast the sales commit.
 */
export const measureThroughput = async (base: string, receiver: Receiver, merchants: readonly BenchMerchant[], count: number) => {
  const committed = new Map<string, number>();
  const postStart = performance.now();
  await inParallel(
    Array.from({ length: count }, (_, i) => i),
    32,
    async (i) => {
      const id = await create(base, merchants[i % merchants.length]!, 20 + (i % 5));
      committed.set(id, performance.now());
    },
  );
  const postSeconds = (performance.now() - postStart) / 1000;
  const ids = [...committed.keys()];
  const complete = await waitForAll(receiver, ids, 180_000);
  return { ...arrivalFigures(receiver, committed, count), complete, postSeconds: round(postSeconds) };
};

/**
 * Backlog burst: `count` conversion.created events committed in one transaction (written straight
 * to the outbox, as a bulk import's sales would be), spread over the merchants; how fast the worker
 * fans them out and delivers them (commit to last receipt), and each one's commit-to-receipt latency.
 */
export const measureBacklogBurst = async (db: pg.Pool, receiver: Receiver, merchants: readonly BenchMerchant[], count: number) => {
  const ids = Array.from({ length: count }, () => randomUUID());
  const client = await db.connect();
  let committedAt: number;
  try {
    await client.query('begin');
    await client.query(
      `insert into outbox_events (id, merchant_id, mode, type, payload, occurred_at)
       select gen_random_uuid(), m.merchant_id, 'live', 'conversion.created', jsonb_build_object('conversionId', m.conversion_id), now()
       from unnest($1::uuid[], $2::uuid[]) as m(conversion_id, merchant_id)`,
      [ids, ids.map((_, i) => merchants[i % merchants.length]!.id)],
    );
    await client.query('commit');
    committedAt = performance.now();
  } finally {
    client.release();
  }
  const committed = new Map(ids.map((id) => [id, committedAt]));
  const complete = await waitForAll(receiver, ids, 180_000);
  const figures = arrivalFigures(receiver, committed, count);
  const last = Math.max(...ids.map((id) => receiver.arrivals.get(id) ?? Number.NaN).filter((t) => !Number.isNaN(t)));
  return { ...figures, complete, commitToLastSeconds: round((last - committedAt) / 1000, 2), deliveriesPerSecondFromCommit: round(figures.delivered / Math.max((last - committedAt) / 1000, 0.001), 1) };
};

const arrivalFigures = (receiver: Receiver, committed: ReadonlyMap<string, number>, count: number) => {
  const arrived = [...committed].filter(([id]) => receiver.arrivals.has(id));
  const times = arrived.map(([id]) => receiver.arrivals.get(id)!);
  const latencies = arrived.map(([id, at]) => receiver.arrivals.get(id)! - at);
  const first = Math.min(...times);
  const last = Math.max(...times);
  return {
    events: count,
    delivered: times.length,
    drainSeconds: round((last - first) / 1000),
    deliveriesPerSecond: round(times.length / Math.max((last - first) / 1000, 0.001), 1),
    p50Ms: round(percentile(latencies, 50)),
    p99Ms: round(percentile(latencies, 99)),
    maxMs: round(Math.max(...latencies)),
  };
};
