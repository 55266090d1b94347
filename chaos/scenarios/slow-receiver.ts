import type { WebhookReceiver } from '../../test/support/webhook-receiver.js';
import { conversionIdOf } from '../lib/deliveries.js';
import { saleBody, type ChaosMerchant } from '../lib/fixtures.js';
import { call, count, newTally, percentile, sleep, type Tally } from '../lib/http.js';

export interface SlowReceiverOptions {
  readonly base: string;
  readonly slowMerchant: ChaosMerchant;
  readonly fastMerchant: ChaosMerchant;
  readonly slow: WebhookReceiver;
  readonly fast: WebhookReceiver;
  /** Events queued for the slow endpoint before the fast merchant's sales start. */
  readonly slowBacklog: number;
  readonly fastPerSecond: number;
  readonly fastSeconds: number;
}

export interface SlowReceiverResult {
  readonly tally: Tally;
  readonly fastSales: number;
  readonly fastDelivered: number;
  readonly fastP50Ms: number;
  readonly fastP99Ms: number;
  readonly fastMaxMs: number;
  /** Attempts that reached the slow endpoint, and whether its subscription paused. */
  readonly slowAttempts: number;
  readonly slowPaused: boolean;
}

/**
 * One merchant's endpoint answers after 15 s (the service gives up at 10 s) with a backlog queued;
 * meanwhile another merchant's sales arrive steadily: their commit-to-receipt latency is measured.
 */
export const slowReceiver = async (options: SlowReceiverOptions): Promise<SlowReceiverResult> => {
  const { base, slowMerchant: s, fastMerchant: f } = options;
  options.slow.reply = () => ({ status: 200, body: 'late', delayMs: 15_000 });
  const arrivals = new Map<string, number>();
  options.fast.reply = (w) => {
    const id = conversionIdOf(w.json);
    if (id && !arrivals.has(id)) arrivals.set(id, performance.now());
    return { status: 200, body: 'ok' };
  };
  const tally = newTally();
  for (let i = 0; i < options.slowBacklog; i += 1) count(tally, (await call(base, 'POST', '/api/v1/conversions', s.key, saleBody(s, i))).status);

  const committed = new Map<string, number>();
  const total = options.fastPerSecond * options.fastSeconds;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: total }, async (_, i) => {
      await sleep(Math.max(0, started + (i * 1000) / options.fastPerSecond - performance.now()));
      const sale = await call(base, 'POST', '/api/v1/conversions', f.key, saleBody(f, i));
      count(tally, sale.status);
      if (sale.status === 201) committed.set(sale.body.data.id as string, performance.now());
    }),
  );
  const deadline = performance.now() + 30_000;
  while ([...committed.keys()].some((id) => !arrivals.has(id)) && performance.now() < deadline) await sleep(100);
  const latencies = [...committed].filter(([id]) => arrivals.has(id)).map(([id, at]) => arrivals.get(id)! - at);
  const state = await call(base, 'GET', `/api/v1/webhooks/${s.subscriptionId}`, s.key);
  return {
    tally,
    fastSales: committed.size,
    fastDelivered: latencies.length,
    fastP50Ms: Math.round(percentile(latencies, 50)),
    fastP99Ms: Math.round(percentile(latencies, 99)),
    fastMaxMs: Math.round(Math.max(...latencies)),
    slowAttempts: options.slow.received.length,
    slowPaused: state.body?.data?.active === false && state.body?.data?.pausedAt !== null,
  };
};
