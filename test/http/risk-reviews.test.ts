import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAffiliate, createCampaign } from '../support/campaign-mother.js';
import { createMerchant, type TestMerchant } from '../support/merchant-mother.js';
import { startTestService, type TestService } from '../support/test-service.js';

describe('GET /risk/reviews: the review queue', () => {
  let t: TestService;
  let m: TestMerchant;
  let campaign: { id: string; name: string };
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t = await startTestService();
    m = await createMerchant(t, 'scale');
    campaign = await createCampaign(t, m.liveKey, { commissionValue: 10 });
    const a = await createAffiliate(t, m.liveKey, campaign.id);
    const b = await createAffiliate(t, m.liveKey, campaign.id);
    const clean = await createAffiliate(t, m.liveKey, campaign.id);
    ids.a = a.id;
    ids.b = b.id;
    const sale = (affiliateId: string, body: Record<string, unknown> = {}) =>
      t.api('POST', '/conversions', m.liveKey, { campaignId: campaign.id, affiliateId, amount: 40, ...body }).then((r) => r.body.data.id as string);
    ids.flagged = await sale(a.id, { customerEmail: 'buyer@mailinator.com' });
    ids.clean = await sale(clean.id);
    ids.heldByHand = await sale(a.id);
    expect((await t.api('PATCH', `/conversions/${ids.heldByHand}`, m.liveKey, { status: 'held' })).status).toBe(200);
    // Two affiliates paid to one address: the second is flagged when it saves it.
    expect((await t.admin('POST', `/affiliates/${a.id}/payout-details`, { method: 'wallet_a', email: 'same@example.com' })).status).toBe(200);
    expect((await t.admin('POST', `/affiliates/${b.id}/payout-details`, { method: 'wallet_a', email: 'same@example.com' })).status).toBe(200);
    ids.banned = clean.id;
    expect((await t.api('POST', `/affiliates/${clean.id}/ban`, m.liveKey, { reason: 'Coupon spam' })).status).toBe(200);
  });
  afterAll(() => t.close());

  const reviews = (query = '', key = m.liveKey) => t.api('GET', `/risk/reviews${query}`, key);
  const keys = (body: any) => (body.data as { kind: string; id: string }[]).map((r) => `${r.kind}:${r.id}`);

  it('lists flagged and held sales and flagged or banned affiliates, newest first, with the flags in words and their evidence', async () => {
    const res = await reviews();
    expect(res.status).toBe(200);
    const listed = keys(res.body);
    expect(listed).toEqual(
      expect.arrayContaining([`conversion:${ids.flagged}`, `affiliate:${ids.b}`, `affiliate:${ids.banned}`]),
    );
    expect(listed).not.toContain(`conversion:${ids.clean}`);
    expect(listed).not.toContain(`affiliate:${ids.a}`);
    const times = (res.body.data as { flaggedAt: string }[]).map((r) => Date.parse(r.flaggedAt));
    expect([...times].sort((x, y) => y - x)).toEqual(times);
    const flagged = res.body.data.find((r: { id: string }) => r.id === ids.flagged);
    expect(flagged).toMatchObject({
      kind: 'conversion',
      status: 'pending',
      affiliate: { id: ids.a },
      campaign: { id: campaign.id, name: campaign.name },
      amount: 40,
      commission: 4,
      currency: 'usd',
      source: 'api',
    });
    expect(flagged.flags).toEqual([expect.objectContaining({ code: 'disposable_email', action: 'flag', evidence: [ids.flagged, 'mailinator.com'] })]);
    expect(flagged.flags[0].message).toMatch(/mailinator\.com/);
    const affiliate = res.body.data.find((r: { id: string }) => r.id === ids.b);
    expect(affiliate).toMatchObject({ kind: 'affiliate', status: 'flagged', campaign: null, amount: null, ban: null });
    expect(affiliate.flags[0]).toMatchObject({ code: 'shared_payout_details', evidence: [ids.b, ids.a] });
    const banned = res.body.data.find((r: { id: string }) => r.id === ids.banned);
    expect(banned).toMatchObject({ status: 'banned', flags: [], ban: { reason: 'Coupon spam' } });
    expect(res.body.data.find((r: { id: string }) => r.id === ids.heldByHand)).toMatchObject({ kind: 'conversion', status: 'held', flags: [] });
  });

  it('filters by kind, signal and status, and pages with a total', async () => {
    expect(keys((await reviews('?kind=affiliate')).body).sort()).toEqual([`affiliate:${ids.b}`, `affiliate:${ids.banned}`].sort());
    expect(keys((await reviews('?signal=disposable_email')).body)).toEqual([`conversion:${ids.flagged}`]);
    expect(keys((await reviews('?status=banned')).body)).toEqual([`affiliate:${ids.banned}`]);
    expect(keys((await reviews('?kind=conversion&status=pending')).body)).toEqual([`conversion:${ids.flagged}`]);
    const page = await reviews('?limit=1&page=2');
    expect(page.body.data).toHaveLength(1);
    expect(page.body.pagination).toMatchObject({ page: 2, limit: 1, total: 4, totalPages: 4 });
    expect((await reviews('?limit=1&page=9')).body.pagination).toMatchObject({ total: 4 });
    for (const bad of ['?kind=merchant', '?signal=nope', '?status=lost', '?limit=0']) {
      const res = await reviews(bad);
      expect(res.status, bad).toBe(400);
      expect(res.body.error.code).toBe('validation_error');
    }
  });

  it('tells the merchant of a flagged sale once, with what fired and where to review it', async () => {
    const notices = await t.api('GET', '/notifications?limit=100', m.liveKey);
    const flagged = (notices.body.data as { kind: string; message: string }[]).filter((n) => n.kind === 'flagged_sale');
    expect(flagged).toHaveLength(1);
    expect(flagged[0]?.message).toMatch(/^A sale of 40\.00 USD by .+ was flagged by your risk checks: The customer's email is at mailinator\.com/);
    expect(flagged[0]?.message).toContain('Review it on the Review page of your dashboard (/dashboard/review)');
  });

  it("shows another merchant nothing of it, and the test mode only its own", async () => {
    const other = await createMerchant(t, 'scale');
    expect((await reviews('', other.liveKey)).body).toMatchObject({ data: [], pagination: { total: 0 } });
    expect((await reviews('', m.testKey)).body.data).toEqual([]);
  });
});
