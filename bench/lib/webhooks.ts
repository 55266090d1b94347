import { createServer, type Server } from 'node:http';
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
 * Fan-out throughput: a backlog of `count` events committed as fast as 32 clients can, then the
 * rate at which deliveries reach the receiver, from the first arrival to the last.
 */
export const measureThroughput = async (base: string, receiver: Receiver, merchants: readonly BenchMerchant[], count: number) => {
  const ids: string[] = [];
  const postStart = performance.now();
  await inParallel(
    Array.from({ length: count }, (_, i) => i),
    32,
    async (i) => {
      ids.push(await create(base, merchants[i % merchants.length]!, 20 + (i % 5)));
    },
  );
  const postSeconds = (performance.now() - postStart) / 1000;
  const complete = await waitForAll(receiver, ids, 180_000);
  const times = ids.map((id) => receiver.arrivals.get(id)).filter((t): t is number => t !== undefined);
  const first = Math.min(...times);
  const last = Math.max(...times);
  return {
    events: count,
    delivered: times.length,
    complete,
    postSeconds: round(postSeconds),
    drainSeconds: round((last - first) / 1000),
    deliveriesPerSecond: round(times.length / Math.max((last - first) / 1000, 0.001), 1),
  };
};
