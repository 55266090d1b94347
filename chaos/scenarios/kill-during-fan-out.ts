import pg from 'pg';
import type { ServiceProcess } from '../../test/support/service-process.js';
import type { WebhookReceiver } from '../../test/support/webhook-receiver.js';
import { awaitDeliveries, type DeliveryCount } from '../lib/deliveries.js';
import { saleBody, type ChaosMerchant } from '../lib/fixtures.js';
import { call, count, newTally, sleep, type Tally } from '../lib/http.js';

export interface KillOptions {
  readonly databaseUrl: string;
  readonly merchants: readonly ChaosMerchant[];
  readonly receiver: WebhookReceiver;
  /** The running service (killed here) and how to start its replacement. */
  readonly service: ServiceProcess;
  readonly restart: () => Promise<ServiceProcess>;
  readonly sales: number;
  readonly clients: number;
  /** Kill once this share of the sales' webhooks has arrived. */
  readonly killAtDeliveredShare: number;
  readonly deliveryTimeoutMs: number;
}

export interface KillResult {
  readonly tally: Tally;
  readonly acknowledged: number;
  /** From the restart to the replacement's first 200 on /healthz. */
  readonly restartMs: number;
  readonly deliveries: DeliveryCount;
  /** Deliveries claimed (in flight) when the process died. */
  readonly inFlightAtKill: number;
  /** Attempts the replacement logged as interrupted and sent again. */
  readonly interruptedAttempts: number;
  readonly replacement: ServiceProcess;
}

/** Sales are committed, their webhooks fan out; the service is killed with SIGKILL mid-way and started again. */
export const killDuringFanOut = async (options: KillOptions): Promise<KillResult> => {
  const tally = newTally();
  const acknowledged = new Set<string>();
  let next = 0;
  const base = options.service.base;
  const client = async () => {
    while (next < options.sales) {
      const i = next++;
      const m = options.merchants[i % options.merchants.length]!;
      const sale = await call(base, 'POST', '/api/v1/conversions', m.key, saleBody(m, i), 5_000);
      count(tally, sale.status);
      if (sale.status === 201) acknowledged.add(sale.body.data.id as string);
    }
  };
  await Promise.all(Array.from({ length: options.clients }, client));
  const threshold = Math.floor(acknowledged.size * options.killAtDeliveredShare);
  const deadline = Date.now() + 120_000;
  while (options.receiver.received.length < threshold && Date.now() < deadline) await sleep(5);
  options.service.child.kill('SIGKILL');
  await options.service.exited;
  const db = new pg.Client({ connectionString: options.databaseUrl });
  await db.connect();
  const inFlight = await db.query('select count(*)::int as n from webhook_deliveries where lease_expires_at is not null');
  const restarted = performance.now();
  const replacement = await options.restart();
  const restartMs = Math.round(performance.now() - restarted);
  const deliveries = await awaitDeliveries(options.receiver, acknowledged, options.deliveryTimeoutMs);
  try {
    const { rows } = await db.query("select count(*)::int as n from webhook_delivery_attempts where error like 'interrupted%'");
    return {
      tally,
      acknowledged: acknowledged.size,
      restartMs,
      deliveries,
      inFlightAtKill: inFlight.rows[0].n as number,
      interruptedAttempts: rows[0].n as number,
      replacement,
    };
  } finally {
    await db.end();
  }
};
