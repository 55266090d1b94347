import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventOutbox } from '../../application/ports/event-outbox.js';
import type { JobQueue, } from '../../application/ports/jobs.js';
import type { UnitOfWork } from '../../application/ports/unit-of-work.js';
import type { RequestScope } from '../../adapters/persistence/mikro-orm-request-scope.js';
import { TOKENS } from '../../bootstrap/tokens.js';
import { createMerchant, type TestMerchant } from '../support/merchant-mother.js';
import { startTestService, type TestService } from '../support/test-service.js';

describe('transactional outbox and job queue', () => {
  let t: TestService;
  let merchant: TestMerchant;
  let uow: UnitOfWork;
  let outbox: EventOutbox;
  let queue: JobQueue;
  let scope: RequestScope;

  beforeAll(async () => {
    t = await startTestService();
    merchant = await createMerchant(t, 'scale');
    const c = t.service.container;
    uow = c.resolve(TOKENS.UnitOfWork);
    outbox = c.resolve(TOKENS.EventOutbox);
    queue = c.resolve(TOKENS.JobQueue);
    scope = c.resolve(TOKENS.RequestScope);
  });
  afterAll(() => t.close());

  const event = (type: string) => ({
    merchantId: merchant.id,
    mode: 'live' as const,
    type,
    payload: { amount: '10.00' },
    occurredAt: new Date('2026-11-22T10:00:00Z'),
  });

  it('records events, with their mode, in the transaction that commits', async () => {
    await scope(() => uow.transaction(() => outbox.record([event('test.committed')])));
    const rows = await t.sql(`select mode, payload, dispatched_at from outbox_events where type = 'test.committed'`);
    expect(rows).toEqual([{ mode: 'live', payload: { amount: '10.00' }, dispatched_at: null }]);
  });

  it('drops the events of a transaction that rolls back', async () => {
    await expect(
      scope(() =>
        uow.transaction(async () => {
          await outbox.record([event('test.rolled_back')]);
          throw new Error('the change failed');
        }),
      ),
    ).rejects.toThrow('the change failed');
    expect(await t.sql(`select 1 from outbox_events where type = 'test.rolled_back'`)).toEqual([]);
  });

  it('refuses to record outside a transaction', async () => {
    await expect(scope(() => outbox.record([event('test.outside')]))).rejects.toThrow(/inside UnitOfWork.transaction/);
  });

  it('enqueues a job with the transaction: committed jobs exist, rolled-back ones do not', async () => {
    await scope(() => uow.transaction(() => queue.enqueue('test-queue', { n: 1 })));
    await expect(
      scope(() =>
        uow.transaction(async () => {
          await queue.enqueue('test-queue', { n: 2 });
          throw new Error('rollback');
        }),
      ),
    ).rejects.toThrow('rollback');
    const jobs = await t.sql(`select data from pgboss.job where name = 'test-queue' order by created_on`);
    expect(jobs.map((j) => j.data)).toEqual([{ n: 1 }]);
  });

  it('POST /admin/v1/jobs/run runs each registered job once at the service clock and reports counts', async () => {
    const seen: Date[] = [];
    const registry = t.service.container.resolve(TOKENS.JobRegistry);
    registry.register({ name: 'probe', runDue: async (now) => (seen.push(now), 3) });
    await t.admin('POST', '/clock', { now: '2030-01-01T00:00:00.000Z' });
    const res = await t.admin('POST', '/jobs/run');
    expect(res.status).toBe(200);
    // Other modules register their own jobs too; this one ran once with its count.
    expect(res.body.data).toMatchObject({ probe: 3 });
    expect(seen).toHaveLength(1);
    expect(seen[0]!.getTime()).toBeGreaterThanOrEqual(Date.parse('2030-01-01T00:00:00.000Z'));
    expect(() => registry.register({ name: 'probe', runDue: async () => 0 })).toThrow(/twice/);
  });
});
