import 'reflect-metadata';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PARTITIONED_LOGS, type MonthlyPartitions } from '../../application/ports/monthly-partitions.js';
import type { IntegrationEvents } from '../../application/ports/provider-sales-ledger.js';
import { randomUUID } from 'node:crypto';
import { monthOf } from '../../domain/index.js';
import { TOKENS } from '../../bootstrap/tokens.js';
import { createMerchant } from '../support/merchant-mother.js';
import { createAffiliate } from '../support/campaign-mother.js';
import { createCampaign } from '../support/program-mother.js';
import { cardIntegration } from '../support/card-events.js';
import { startTestService, type TestService } from '../support/test-service.js';

const DAY = 86_400_000;

/** The logs' monthly partitions follow the service clock: made ahead of it, dropped past their retention. */
describe('monthly partitions on the service clock', () => {
  let t: TestService;
  let partitions: MonthlyPartitions;

  beforeAll(async () => {
    t = await startTestService({
      partitionMonthsAhead: 2,
      retentionDays: { clicks: 30, webhookAttempts: null, auditLog: 60, mailOutbox: null, integrationEvents: 90 },
    });
    partitions = t.service.container.resolve(TOKENS.MonthlyPartitions);
  });
  afterAll(() => t.close());

  const runJobs = async () => (await t.admin('POST', '/jobs/run')).body.data as Record<string, number>;
  const setClock = (at: number) => t.admin('POST', '/clock', { now: new Date(at).toISOString() });
  const monthsAfter = (at: number, n: number) => monthOf(new Date(Date.UTC(new Date(at).getUTCFullYear(), new Date(at).getUTCMonth() + n, 1)));

  it('makes the coming months ahead of the clock, and drops a month once all of it is past the retention', async () => {
    const m = await createMerchant(t, 'scale');
    const campaign = await createCampaign(t, m);
    const affiliate = await createAffiliate(t, m.liveKey, campaign.id);
    const start = Date.now();
    const thisMonth = monthOf(new Date(start));
    const clickAt = new Date(start).toISOString();
    for (let i = 0; i < 3; i += 1) {
      await t.sql(
        `insert into clicks (id, merchant_id, mode, campaign_id, affiliate_id, visitor_hash, created_at)
         values (gen_random_uuid(), $1, 'live', $2, $3, $4, $5)`,
        [m.id, campaign.id, affiliate.id, `visitor-${i % 2}`, clickAt],
      );
    }
    const auditRows = Number((await t.sql(`select count(*) as n from audit_log where created_at >= $1`, [`${thisMonth}T00:00:00Z`]))[0].n);
    expect(auditRows).toBeGreaterThan(0);
    // A provider's delivery, received now: its month is dropped below, its event id stays taken.
    const integration = await cardIntegration(t, m.liveKey);
    const ledger: IntegrationEvents = t.service.container.resolve(TOKENS.IntegrationEvents);
    const delivery = (at: number) => ({
      id: randomUUID(),
      integrationId: integration.id,
      tenant: { merchantId: m.id, mode: 'live' as const },
      providerEventId: 'evt_kept_for_ever',
      type: 'checkout.session.completed',
      receivedAt: new Date(at),
      payload: '{}',
      payments: null,
    });
    expect(await ledger.record(delivery(start))).toBe('first');

    // On today's clock nothing is past its retention; every log has this month and the next two.
    await setClock(start);
    await runJobs();
    for (const log of PARTITIONED_LOGS) {
      const months = await partitions.months(log);
      for (let i = 0; i <= 2; i += 1) expect(months).toContain(monthsAfter(start, i));
    }
    expect((await t.sql(`select count(*)::int as n from clicks where merchant_id = $1`, [m.id]))[0].n).toBe(3);

    // Fourteen months on: the months ahead of the new clock are made, this month's clicks and audit
    // rows are gone, the mail outbox (kept for ever) keeps its month, and the clicks live on as daily counts.
    const later = start + 430 * DAY;
    await setClock(later);
    const ran = await runJobs();
    expect(ran['monthly-partitions']).toBeGreaterThan(0);
    for (const log of PARTITIONED_LOGS) {
      const months = await partitions.months(log);
      for (let i = 0; i <= 2; i += 1) expect(months).toContain(monthsAfter(later, i));
    }
    expect(await partitions.months('clicks')).not.toContain(thisMonth);
    expect(await partitions.months('audit_log')).not.toContain(thisMonth);
    expect(await partitions.months('mail_outbox')).toContain(thisMonth);
    expect(await partitions.months('integration_events')).not.toContain(thisMonth);
    expect((await t.sql(`select count(*)::int as n from integration_events where integration_id = $1`, [integration.id]))[0].n).toBe(0);
    // The provider's retry, fourteen months on, still takes no effect: the key outlives the event's month.
    expect(await ledger.record(delivery(later))).toBe('duplicate');
    const [retry] = await t.sql(`select outcome, reason from integration_events where integration_id = $1`, [integration.id]);
    expect(retry).toEqual({ outcome: 'duplicate', reason: `event evt_kept_for_ever was already received at ${new Date(start).toISOString().slice(0, 19)}Z` });
    expect(await partitions.months('webhook_delivery_attempts')).toContain(thisMonth);
    expect((await t.sql(`select count(*)::int as n from clicks where merchant_id = $1`, [m.id]))[0].n).toBe(0);
    expect(await t.sql(`select clicks, unique_visitors from click_daily_aggregates where merchant_id = $1 and affiliate_id = $2`, [m.id, affiliate.id])).toEqual([
      { clicks: 3, unique_visitors: 2 },
    ]);
    expect(Number((await t.sql(`select count(*) as n from audit_log where created_at < $1`, [`${monthsAfter(start, 1)}T00:00:00Z`]))[0].n)).toBe(0);

    // A second run on the same clock changes nothing.
    expect((await runJobs())['monthly-partitions']).toBe(0);
  }, 60_000);

  it('two processes running the job at once make each month once and sum each dropped click month once', async () => {
    const m = await createMerchant(t, 'scale');
    const campaign = await createCampaign(t, m);
    const affiliate = await createAffiliate(t, m.liveKey, campaign.id);
    const clickAt = t.service.container.resolve(TOKENS.Clock).now().getTime();
    await t.sql(
      `insert into clicks (id, merchant_id, mode, campaign_id, affiliate_id, visitor_hash, created_at)
       select gen_random_uuid(), $1, 'live', $2, $3, 'visitor-' || g, $4 from generate_series(1, 4) g`,
      [m.id, campaign.id, affiliate.id, new Date(clickAt).toISOString()],
    );
    // The second process: its own pool on the same database, the same settings.
    const second = await startTestService({ partitionMonthsAhead: 2, retentionDays: { clicks: 30, webhookAttempts: null, auditLog: 60, mailOutbox: null, integrationEvents: 90 } }, t.db);
    try {
      const much = new Date(clickAt + 200 * DAY);
      const jobs = [t, second].map((s) => s.service.container.resolve(TOKENS.MaintainPartitions));
      const changed = await Promise.all(jobs.map((job) => job.runDue(much)));
      for (const log of PARTITIONED_LOGS) {
        const months = await partitions.months(log);
        for (let i = 0; i <= 2; i += 1) expect(months).toContain(monthsAfter(much.getTime(), i));
      }
      // Every month was made or dropped by one of them; neither failed on the other's work.
      expect(changed.reduce((n, c) => n + c, 0)).toBeGreaterThan(0);
      expect(await partitions.months('clicks')).not.toContain(monthOf(new Date(clickAt)));
      expect(await t.sql(`select clicks, unique_visitors from click_daily_aggregates where merchant_id = $1`, [m.id])).toEqual([{ clicks: 4, unique_visitors: 4 }]);
    } finally {
      await second.close();
    }
  }, 60_000);
});
