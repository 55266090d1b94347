import pg from 'pg';
import type { WebhookReceiver } from '../../test/support/webhook-receiver.js';
import { awaitDeliveries, type DeliveryCount } from '../lib/deliveries.js';
import { saleBody, type ChaosMerchant } from '../lib/fixtures.js';
import { call, count, newTally, sleep, type Tally } from '../lib/http.js';

export interface CutConnectionsOptions {
  readonly base: string;
  /** The service's database (its backends are the ones terminated). */
  readonly databaseUrl: string;
  readonly merchants: readonly ChaosMerchant[];
  readonly receiver: WebhookReceiver;
  readonly rounds: number;
  /** Pause between rounds, drawn between these. */
  readonly intervalMs: readonly [number, number];
  /** Clients sending sales and reads at once. */
  readonly clients: number;
  readonly deliveryTimeoutMs: number;
}

export interface CutConnectionsResult {
  readonly tally: Tally;
  readonly backendsTerminated: number;
  /** From the last round to the first moment `/healthz`, a read and a sale all answer 2xx. */
  readonly recoveryMs: number | null;
  readonly acknowledged: number;
  /** Acknowledged sales (201) missing from the database. */
  readonly missingWrites: number;
  readonly deliveries: DeliveryCount;
}

/**
 * Terminates the service's database sessions (`pg_terminate_backend`) in rounds while clients post
 * sales and read them back and their webhooks are delivered; then measures recovery, checks every
 * acknowledged sale is stored, and waits for every sale's webhook.
 */
export const cutConnections = async (options: CutConnectionsOptions): Promise<CutConnectionsResult> => {
  const database = new URL(options.databaseUrl).pathname.slice(1);
  const admin = new pg.Client({ connectionString: options.databaseUrl });
  await admin.connect();
  const tally = newTally();
  const acknowledged = new Set<string>();
  let stop = false;
  let n = 0;
  // The recovery probe's merchant takes no load: the load may spend its merchants' rate limits, and a
  // 429 would say nothing about recovery.
  const [probe, ...rest] = options.merchants;
  const loaded = rest.length > 0 ? rest : options.merchants;

  const client = async (index: number) => {
    while (!stop) {
      const m = loaded[(index + n) % loaded.length]!;
      n += 1;
      const sale = await call(options.base, 'POST', '/api/v1/conversions', m.key, saleBody(m, n));
      count(tally, sale.status);
      if (sale.status === 201) {
        acknowledged.add(sale.body.data.id as string);
        count(tally, (await call(options.base, 'GET', `/api/v1/conversions/${sale.body.data.id}`, m.key)).status);
      } else {
        await sleep(50);
      }
    }
  };

  let terminated = 0;
  const load = Promise.all(Array.from({ length: options.clients }, (_, i) => client(i)));
  try {
    for (let round = 0; round < options.rounds; round += 1) {
      const [low, high] = options.intervalMs;
      await sleep(low + Math.random() * (high - low));
      const { rows } = await admin.query(
        `select count(pg_terminate_backend(pid))::int as n from pg_stat_activity
         where datname = $1 and pid <> pg_backend_pid() and backend_type = 'client backend'`,
        [database],
      );
      terminated += rows[0].n as number;
    }
    const lastCut = performance.now();
    const recoveryMs = await recovery(options.base, probe!, lastCut, 30_000);
    stop = true;
    await load;
    const ids = [...acknowledged];
    const { rows } = await admin.query('select count(*)::int as n from conversions where id = any($1::uuid[])', [ids]);
    const deliveries = await awaitDeliveries(options.receiver, acknowledged, options.deliveryTimeoutMs);
    return { tally, backendsTerminated: terminated, recoveryMs, acknowledged: ids.length, missingWrites: ids.length - (rows[0].n as number), deliveries };
  } finally {
    stop = true;
    await load;
    await admin.end();
  }
};

/** Milliseconds from `since` until a health check, a read and a sale all answer 2xx; null if not within `limitMs`. */
const recovery = async (base: string, m: ChaosMerchant, since: number, limitMs: number): Promise<number | null> => {
  while (performance.now() - since < limitMs) {
    const health = await call(base, 'GET', '/healthz', null, undefined, 5_000);
    const read = await call(base, 'GET', '/api/v1/me', m.key, undefined, 5_000);
    const sale = await call(base, 'POST', '/api/v1/conversions', m.key, saleBody(m, 0), 5_000);
    if (health.status === 200 && read.status === 200 && sale.status === 201) return Math.round(performance.now() - since);
    await sleep(100);
  }
  return null;
};
