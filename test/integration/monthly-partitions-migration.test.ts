import 'reflect-metadata';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Migration20261129080001MonthlyPartitions } from '../../adapters/persistence/migrations/Migration20261129080001MonthlyPartitions.js';
import { TOKENS } from '../../bootstrap/tokens.js';
import { createAffiliate } from '../support/campaign-mother.js';
import { createMerchant } from '../support/merchant-mother.js';
import { createCampaign } from '../support/program-mother.js';
import { startTestService, type TestService } from '../support/test-service.js';

const LOGS = ['clicks', 'webhook_delivery_attempts', 'audit_log', 'mail_outbox'] as const;

/**
 * `…MonthlyPartitions` run on tables as they were before it (plain tables keyed by `id`, holding
 * rows of several months): every row is kept and lands in its month, the click totals are not
 * counted twice, and the keys, foreign keys and triggers are back.
 */
describe('migration: the logs partitioned by month, on existing rows', () => {
  let t: TestService;

  beforeAll(async () => {
    t = await startTestService();
  });
  afterAll(() => t.close());

  it('keeps every row, in its month, and counts no click twice', async () => {
    const m = await createMerchant(t, 'scale');
    const campaign = await createCampaign(t, m);
    const affiliate = await createAffiliate(t, m.liveKey, campaign.id);
    await t.sql(
      `insert into clicks (id, merchant_id, mode, campaign_id, affiliate_id, visitor_hash, created_at)
       select gen_random_uuid(), $1, 'live', $2, $3, 'v' || g, now() - make_interval(days => g * 20) from generate_series(0, 9) g`,
      [m.id, campaign.id, affiliate.id],
    );
    const [sub] = await t.sql(
      `insert into webhook_subscriptions (id, merchant_id, mode, url, events, secret, active, created_at, updated_at)
       values (gen_random_uuid(), $1, 'live', 'https://hooks.example.com/a', '["conversion.created"]', repeat('ab', 32), true, now(), now()) returning id`,
      [m.id],
    );
    const [delivery] = await t.sql(
      `insert into webhook_deliveries (id, subscription_id, merchant_id, mode, event_type, body, status, created_at, updated_at)
       values (gen_random_uuid(), $1, $2, 'live', 'conversion.created', '{}', 'failed', now(), now()) returning id`,
      [sub.id, m.id],
    );
    await t.sql(
      `insert into webhook_delivery_attempts (id, delivery_id, subscription_id, event_type, url, attempt, trigger, succeeded, duration_ms, created_at)
       select gen_random_uuid(), $1, $2, 'conversion.created', 'https://hooks.example.com/a', g + 1, 'automatic', false, 5, now() - make_interval(days => g * 40)
       from generate_series(0, 3) g`,
      [delivery.id, sub.id],
    );
    await t.sql(
      `insert into mail_outbox (id, merchant_id, kind, recipient, subject, body, created_at, updated_at)
       select gen_random_uuid(), $1, 'notice', 'a@example.com', 's', 'b', now() - make_interval(days => g * 50), now() from generate_series(0, 2) g`,
      [m.id],
    );

    // Back to the tables as they were: plain, keyed by id, no partitions, triggers or foreign keys.
    for (const log of LOGS) {
      await t.sql(`create table ${log}_plain (like ${log} including defaults including constraints)`);
      await t.sql(`insert into ${log}_plain select * from ${log}`);
      await t.sql(`drop table ${log} cascade`);
      await t.sql(`alter table ${log}_plain rename to ${log}`);
      await t.sql(`alter table ${log} add primary key (id)`);
    }
    const before = Object.fromEntries(
      await Promise.all(LOGS.map(async (log) => [log, (await t.sql(`select id from ${log} order by id`)).map((r) => r.id)] as const)),
    );
    const totals = await t.sql(`select day, clicks from click_daily_totals where merchant_id = $1 order by day`, [m.id]);
    expect(totals.reduce((n, r) => n + r.clicks, 0)).toBe(10);

    const orm = t.service.container.resolve(TOKENS.Orm);
    const migration = new Migration20261129080001MonthlyPartitions(orm.em.getDriver(), orm.config);
    migration.up();
    // The schema, the function and the aggregate table are already there; the tables are rebuilt.
    const rebuild = migration.getQueries().map(String).slice(4);
    expect(rebuild[0]).toMatch(/^alter table clicks rename/);
    for (const query of rebuild) await t.sql(query);

    for (const log of LOGS) {
      expect((await t.sql(`select id from ${log} order by id`)).map((r) => r.id)).toEqual(before[log]);
      expect(await t.sql(`select count(*)::int as n from partitions.${log}_default`)).toEqual([{ n: 0 }]);
      const [key] = await t.sql(`select pg_get_constraintdef(oid) as def from pg_constraint where conname = $1`, [`${log}_pkey`]);
      expect(key.def).toBe('PRIMARY KEY (id, created_at)');
    }
    expect(await t.sql(`select day, clicks from click_daily_totals where merchant_id = $1 order by day`, [m.id])).toEqual(totals);
    // The oldest click, 180 days back, has its month.
    const [oldest] = await t.sql(`select tableoid::regclass::text as part from clicks order by created_at limit 1`);
    expect(oldest.part).toMatch(/^partitions\.clicks_\d{4}_\d{2}$/);
    await expect(t.sql(`delete from audit_log`)).rejects.toThrow();
    await expect(
      t.sql(`insert into clicks (id, merchant_id, mode, campaign_id, affiliate_id, visitor_hash, created_at) values (gen_random_uuid(), $1, 'live', gen_random_uuid(), $2, 'x', now())`, [
        m.id,
        affiliate.id,
      ]),
    ).rejects.toThrow(/foreign key/);
  }, 60_000);
});
