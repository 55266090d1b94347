import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardEvent, cardIntegration, click, deliver, paidSession } from '../support/card-events.js';
import { createMerchant, type TestMerchant } from '../support/merchant-mother.js';
import { providerProgram } from '../support/provider-program.js';
import { startTestService, type TestService } from '../support/test-service.js';

interface LoggedEvent {
  id: string;
  providerEventId: string;
  outcome: string;
  reason: string | null;
  code: string | null;
  conversionId: string | null;
}

describe('replaying a provider sale that a limit refused', () => {
  let t: TestService;
  let m: TestMerchant;
  let stranger: TestMerchant;
  let affiliate: { id: string; trackingLink: string };
  let live: { id: string; secret: string };

  beforeAll(async () => {
    t = await startTestService();
    ({ merchant: m, affiliate } = await providerProgram(t));
    stranger = await createMerchant(t, 'scale');
    live = await cardIntegration(t, m.liveKey);
  });
  afterAll(() => t.close());

  const log = async (integrationId = live.id) => (await t.api('GET', `/integrations/${integrationId}/events?limit=100`, m.liveKey)).body.data as LoggedEvent[];
  const replay = (eventId: string, key = m.liveKey, integrationId = live.id) => t.api('POST', `/integrations/${integrationId}/events/${eventId}/replay`, key);
  const setCap = async (cap: number | null) => expect((await t.admin('PATCH', `/merchants/${m.id}`, { monthlyEarningsCap: cap })).status).toBe(200);
  const conversionsOf = async (orderId: string) => (await t.sql('select id from conversions where order_id = $1', [orderId])) as { id: string }[];

  it('keeps the refused sale; a replay after the cap is raised makes the conversion once, through the same checks and events', async () => {
    await setCap(1);
    const session = paidSession({ amountTotal: 10_000, clickId: await click(t, affiliate.trackingLink) });
    const event = cardEvent('checkout.session.completed', session);
    const first = await deliver(t, live.id, event, live.secret);
    expect(first.body.data).toEqual({ outcome: 'rejected', conversionId: null });
    const refused = (await log()).find((e) => e.providerEventId === event.id)!;
    expect(refused).toMatchObject({ outcome: 'rejected', code: 'earnings_limit_reached' });

    // While the cap still refuses it, a replay says so and changes nothing.
    const still = await replay(refused.id);
    expect(still.status).toBe(200);
    expect(still.body.data).toMatchObject({ id: refused.id, replayed: false, outcome: 'rejected', code: 'earnings_limit_reached', conversionId: null });
    expect(await conversionsOf(session.id)).toEqual([]);

    await setCap(null);
    const replayed = await replay(refused.id);
    expect(replayed.status).toBe(200);
    expect(replayed.body.data).toMatchObject({ id: refused.id, replayed: true, outcome: 'created', code: null });
    const conversionId = replayed.body.data.conversionId as string;
    expect((await t.api('GET', `/conversions/${conversionId}`, m.liveKey)).body.data).toMatchObject({ affiliateId: affiliate.id, amount: 100, commission: 20, source: 'card', orderId: session.id, status: 'pending' });
    // A risk flag (a sale seconds after its click) may come with it; the sale itself is created once.
    expect((await t.sql(`select type from outbox_events where payload->>'conversionId' = $1 and type <> 'conversion.flagged'`, [conversionId])).map((r) => r.type)).toEqual(['conversion.created']);
    expect((await log()).find((e) => e.id === refused.id)).toMatchObject({ outcome: 'created', conversionId, reason: expect.stringMatching(/^replayed: attributed by click/) });

    // Idempotent: replaying again, or the provider retrying the notification, changes nothing.
    const again = await replay(refused.id);
    expect(again.body.data).toMatchObject({ replayed: false, outcome: 'created', conversionId, reason: expect.stringContaining('nothing changed') });
    expect((await deliver(t, live.id, event, live.secret)).body.data.outcome).toBe('duplicate');
    expect(await conversionsOf(session.id)).toHaveLength(1);
  });

  it('concurrent replays of one refused sale make one conversion', async () => {
    await setCap(1);
    const session = paidSession({ amountTotal: 5_000, clickId: await click(t, affiliate.trackingLink) });
    const event = cardEvent('checkout.session.completed', session);
    expect((await deliver(t, live.id, event, live.secret)).body.data.outcome).toBe('rejected');
    const refused = (await log()).find((e) => e.providerEventId === event.id)!;
    await setCap(null);
    const answers = await Promise.all(Array.from({ length: 5 }, () => replay(refused.id)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(answers.filter((a) => a.body.data.replayed)).toHaveLength(1);
    expect(await conversionsOf(session.id)).toHaveLength(1);
  });

  it("answers 404 for another merchant's or mode's ids, and 409 not_replayable for a delivery that kept no refused sale", async () => {
    const ignoredEvent = cardEvent('payment_method.attached', { id: 'pm_123', object: 'payment_method' });
    expect((await deliver(t, live.id, ignoredEvent, live.secret)).body.data.outcome).toBe('ignored');
    const ignored = (await log()).find((e) => e.providerEventId === ignoredEvent.id)!;
    const notReplayable = await replay(ignored.id);
    expect(notReplayable.status).toBe(409);
    expect(notReplayable.body.error).toMatchObject({ code: 'not_replayable', message: expect.stringContaining('ignored') });

    const theirs = await cardIntegration(t, stranger.liveKey);
    const before = await t.sql('select count(*)::int as n from conversions');
    for (const res of [
      await replay(ignored.id, stranger.liveKey),
      await replay(ignored.id, stranger.liveKey, theirs.id),
      await replay(ignored.id, m.testKey),
      await replay(ignored.id, m.liveKey, theirs.id),
      await replay('not-an-id'),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('not_found');
    }
    expect(await t.sql('select count(*)::int as n from conversions')).toEqual(before);
  });
});
