import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Migration20261130040001PartitionedIntegrationEvents } from '../../adapters/persistence/migrations/Migration20261130040001PartitionedIntegrationEvents.js';
import type { IntegrationEvents } from '../../application/ports/provider-sales-ledger.js';
import { TOKENS } from '../../bootstrap/tokens.js';
import { cardIntegration } from '../support/card-events.js';
import { createMerchant } from '../support/merchant-mother.js';
import { startTestService, type TestService } from '../support/test-service.js';

/**
 * `…PartitionedIntegrationEvents` run on the log as it was before it (a plain table keyed by `id`,
 * its partial unique index holding one effect per provider event id, rows of several months): every
 * row lands in its month, each effect-holding event gets its key, and a provider event id already
 * taken before the migration stays taken after it.
 */
describe('migration: the integration events partitioned by month, on existing rows', () => {
  let t: TestService;

  beforeAll(async () => {
    t = await startTestService();
  });
  afterAll(() => t.close());

  it('keeps every event in its month and keys each effect, so a retry stays a duplicate', async () => {
    const m = await createMerchant(t, 'scale');
    const integration = await cardIntegration(t, m.liveKey);

    // Back to the log as it was: plain, keyed by id, uniqueness in a partial index, no key table.
    await t.sql('drop table integration_event_keys');
    await t.sql('create table integration_events_plain (like integration_events including defaults including constraints)');
    await t.sql('drop table integration_events cascade');
    await t.sql('alter table integration_events_plain rename to integration_events');
    await t.sql('alter table integration_events add primary key (id)');
    await t.sql(`create unique index integration_events_effect_idx on integration_events (integration_id, provider_event_id) where outcome <> 'duplicate'`);
    await t.sql(`create index integration_events_log_idx on integration_events (integration_id, received_at desc, id desc)`);
    // Twelve events a month apart, each received once more as a duplicate a day later.
    await t.sql(
      `insert into integration_events (id, integration_id, merchant_id, mode, provider_event_id, type, received_at, outcome)
       select gen_random_uuid(), $1::uuid, $2::uuid, 'live', 'evt_' || g, 'checkout.session.completed', now() - make_interval(days => g * 30), 'ignored'
       from generate_series(0, 11) g
       union all
       select gen_random_uuid(), $1::uuid, $2::uuid, 'live', 'evt_' || g, 'checkout.session.completed', now() - make_interval(days => g * 30 - 1), 'duplicate'
       from generate_series(1, 11) g`,
      [integration.id, m.id],
    );
    const before = (await t.sql('select id from integration_events order by id')).map((r) => r.id);
    expect(before).toHaveLength(23);

    const orm = t.service.container.resolve(TOKENS.Orm);
    const migration = new Migration20261130040001PartitionedIntegrationEvents(orm.em.getDriver(), orm.config);
    migration.up();
    for (const query of migration.getQueries().map(String)) await t.sql(query);

    expect((await t.sql('select id from integration_events order by id')).map((r) => r.id)).toEqual(before);
    expect(await t.sql('select count(*)::int as n from partitions.integration_events_default')).toEqual([{ n: 0 }]);
    const [oldest] = await t.sql('select tableoid::regclass::text as part from integration_events order by received_at limit 1');
    expect(oldest.part).toMatch(/^partitions\.integration_events_\d{4}_\d{2}$/);
    const [key] = await t.sql(`select pg_get_constraintdef(oid) as def from pg_constraint where conname = 'integration_events_pkey'`);
    expect(key.def).toBe('PRIMARY KEY (id, received_at)');
    // One key per provider event id, naming its effect-holding event, not a duplicate.
    expect(
      await t.sql(`select count(*)::int as n, count(distinct k.provider_event_id)::int as ids, bool_and(e.outcome <> 'duplicate') as effects
        from integration_event_keys k join integration_events e on e.id = k.event_id and e.received_at = k.received_at`),
    ).toEqual([{ n: 12, ids: 12, effects: true }]);

    // An event id taken before the migration is a duplicate; a new one takes effect once.
    const ledger: IntegrationEvents = t.service.container.resolve(TOKENS.IntegrationEvents);
    const delivery = (providerEventId: string) => ({
      id: randomUUID(),
      integrationId: integration.id,
      tenant: { merchantId: m.id, mode: 'live' as const },
      providerEventId,
      type: 'checkout.session.completed',
      receivedAt: new Date(),
      payload: '{}',
      payments: null,
    });
    expect(await ledger.record(delivery('evt_11'))).toBe('duplicate');
    expect(await ledger.record(delivery('evt_new'))).toBe('first');
    expect(await ledger.record(delivery('evt_new'))).toBe('duplicate');
    // The key table itself refuses a second effect for the same event id.
    await expect(
      t.sql(`insert into integration_event_keys (integration_id, provider_event_id, event_id, received_at) values ($1, 'evt_new', gen_random_uuid(), now())`, [
        integration.id,
      ]),
    ).rejects.toThrow(/duplicate key/);
    // The other logs' months are still made by the rewritten function, along their own `created_at`.
    expect(await t.sql(`select ensure_month_partition('clicks', date '2031-01-01') as made`)).toEqual([{ made: true }]);
  }, 60_000);
});
