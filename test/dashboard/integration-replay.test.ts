import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardEvent, cardIntegration, click, deliver, paidSession } from '../support/card-events.js';
import { signedInUser, type DashboardBrowser } from '../support/dashboard-browser.js';
import { createMerchant, type TestMerchant } from '../support/merchant-mother.js';
import { providerProgram } from '../support/provider-program.js';
import { startTestService, type TestService } from '../support/test-service.js';

describe("the integration events page's Replay button", () => {
  let t: TestService;
  let m: TestMerchant;
  let owner: DashboardBrowser;
  let affiliate: { id: string; trackingLink: string };

  beforeAll(async () => {
    t = await startTestService();
    ({ merchant: m, affiliate } = await providerProgram(t));
    owner = (await signedInUser(t, m.id)).browser;
  }, 120_000);
  afterAll(() => t?.close());

  it('is offered for a sale the cap refused; replaying makes the conversion once and the button goes', async () => {
    const integration = await cardIntegration(t, m.liveKey);
    await t.admin('PATCH', `/merchants/${m.id}`, { monthlyEarningsCap: 1 });
    const session = paidSession({ amountTotal: 10_000, clickId: await click(t, affiliate.trackingLink) });
    expect((await deliver(t, integration.id, cardEvent('checkout.session.completed', session), integration.secret)).body.data.outcome).toBe('rejected');
    const [logged] = (await t.api('GET', `/integrations/${integration.id}/events`, m.liveKey)).body.data;
    expect(logged).toMatchObject({ outcome: 'rejected', replayable: true });
    const action = `/dashboard/integrations/${integration.id}/events/${logged.id}/replay`;

    const before = await owner.get(`/dashboard/integrations/${integration.id}`);
    expect(before.html).toContain(`action="${action}"`);
    expect(before.html).toContain('>Replay<');

    // Still capped: the page says it is still refused, nothing is made.
    const still = await owner.post(action);
    expect(still.status).toBe(303);
    expect(decodeURIComponent(still.location!)).toContain('still refused');

    await t.admin('PATCH', `/merchants/${m.id}`, { monthlyEarningsCap: null });
    const replayed = await owner.post(action);
    expect(replayed.status).toBe(303);
    expect(decodeURIComponent(replayed.location!)).toContain('Replayed: conversion');
    expect(await t.sql('select count(*)::int as n from conversions where order_id = $1', [session.id])).toEqual([{ n: 1 }]);
    const after = await owner.get(`/dashboard/integrations/${integration.id}`);
    expect(after.html).not.toContain(`action="${action}"`);
    expect(after.html).toContain('replayed: attributed by click');

    // A second post (a double click) changes nothing.
    expect(decodeURIComponent((await owner.post(action)).location!)).toContain('Nothing changed');
    expect(await t.sql('select count(*)::int as n from conversions where order_id = $1', [session.id])).toEqual([{ n: 1 }]);
  });

  it("answers 404 for another merchant's delivery", async () => {
    const other: TestMerchant = await createMerchant(t, 'scale');
    const theirs = await cardIntegration(t, other.liveKey);
    expect((await owner.post(`/dashboard/integrations/${theirs.id}/events/0192f0c4-6c1e-7d2a-9b1e-000000000000/replay`)).status).toBe(404);
  });
});
