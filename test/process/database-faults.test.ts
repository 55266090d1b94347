import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChaosMerchant, type ChaosMerchant } from '../../chaos/lib/fixtures.js';
import { cutConnections } from '../../chaos/scenarios/cut-connections.js';
import { startServiceProcess, type ServiceProcess } from '../support/service-process.js';
import { createScratchDatabase, type ScratchDatabase } from '../support/test-database.js';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.js';

const ADMIN = 'faults-admin-token';

/**
 * The service's database sessions are terminated in rounds while sales are posted, read back and
 * their webhooks delivered (to a receiver slow enough that deliveries are in flight at each cut).
 */
describe('database connections cut under load with webhooks', () => {
  let db: ScratchDatabase;
  let receiver: WebhookReceiver;
  let service: ServiceProcess;
  let merchants: ChaosMerchant[];

  beforeAll(async () => {
    db = await createScratchDatabase();
    receiver = await startWebhookReceiver();
    receiver.reply = () => ({ status: 200, body: 'ok', delayMs: 20 + Math.floor(Math.random() * 200) });
    service = await startServiceProcess({
      DATABASE_URL: db.url,
      ADMIN_TOKEN: ADMIN,
      WEBHOOK_DEV_ALLOWED_HOSTS: receiver.host,
      WEBHOOK_POLL_INTERVAL_MS: '100',
      DB_POOL_MAX: '5',
      LOG_LEVEL: 'fatal',
    });
    merchants = [];
    for (let i = 0; i < 3; i += 1) merchants.push(await createChaosMerchant(service.base, ADMIN, `faults-${i}`, receiver.url()));
  }, 120_000);
  afterAll(async () => {
    service.child.kill('SIGKILL');
    await service.exited;
    await receiver.close();
    await db.drop();
  });

  it('recovers by itself within a few seconds, keeps every acknowledged sale and delivers every webhook', async () => {
    const result = await cutConnections({
      base: service.base,
      databaseUrl: db.url,
      merchants,
      receiver,
      rounds: 4,
      intervalMs: [1_500, 3_000],
      clients: 6,
      deliveryTimeoutMs: 60_000,
    });
    expect(result.backendsTerminated).toBeGreaterThan(0);
    expect(result.acknowledged).toBeGreaterThan(20);
    expect(result.recoveryMs, JSON.stringify(result)).not.toBeNull();
    expect(result.recoveryMs!).toBeLessThan(5_000);
    expect(result.missingWrites).toBe(0);
    expect(result.deliveries.lost, JSON.stringify(result.deliveries)).toBe(0);
    // No request waited out its 15 s deadline: a cut costs the requests it hits an error, nothing more.
    expect(result.tally.byStatus['0'] ?? 0).toBe(0);
  }, 180_000);
});
