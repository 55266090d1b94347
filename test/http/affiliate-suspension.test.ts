import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMerchant, type TestMerchant } from '../support/merchant-mother.js';
import { createAffiliate, createCampaign, postConversion, signUpAffiliate, type TestCampaign } from '../support/program-mother.js';
import { startTestService, type TestService } from '../support/test-service.js';

describe('suspending and reinstating affiliates (PATCH /affiliates/:id)', () => {
  let t: TestService;
  let m: TestMerchant;
  let campaign: TestCampaign;

  beforeAll(async () => {
    t = await startTestService();
    m = await createMerchant(t, 'scale');
    campaign = await createCampaign(t, m, { targetUrl: 'https://shop.example.com/landing' });
  });
  afterAll(() => t.close());

  const move = (id: string, status: string, key = m.liveKey, campaignId = campaign.id) =>
    t.api('PATCH', `/affiliates/${id}`, key, { campaignId, status });
  const membership = async (id: string) =>
    (await t.sql(`select status, version from affiliate_memberships where affiliate_id = $1 and campaign_id = $2`, [id, campaign.id]))[0];
  const events = async (id: string) =>
    (await t.sql(`select type, payload from outbox_events where payload->>'affiliateId' = $1 and type like 'affiliate.%' order by occurred_at, id`, [id])).map(
      (e) => [e.type, e.payload.previousStatus, e.payload.status],
    );
  const listed = async (query = '') =>
    ((await t.api('GET', `/affiliates?limit=100&campaignId=${campaign.id}${query}`, m.liveKey)).body.data as { id: string; status: string }[]).map((r) => r.id);

  it('suspends an approved affiliate: event, listed only with ?status=suspended, no new earnings; reinstating restores it', async () => {
    const a = await createAffiliate(t, m.liveKey, campaign.id);
    const suspended = await move(a.id, 'suspended');
    expect(suspended.status).toBe(200);
    expect(suspended.body.data).toMatchObject({ id: a.id, campaignId: campaign.id, status: 'suspended' });
    expect(await events(a.id)).toEqual([['affiliate.suspended', 'approved', 'suspended']]);
    expect(await listed()).not.toContain(a.id);
    expect(await listed('&status=approved')).not.toContain(a.id);
    expect(await listed('&status=suspended')).toEqual([a.id]);

    const refused = await postConversion(t, m.liveKey, { campaignId: campaign.id, affiliateId: a.id, amount: 10 });
    expect(refused.status).toBe(400);
    expect(refused.body.error.code).toBe('affiliate_not_approved');

    const path = new URL(a.trackingLink).pathname;
    const visit = await t.request('GET', path);
    expect(visit.status).toBe(302);
    expect(visit.headers.get('location')).toBe('https://shop.example.com/landing');
    expect(await t.sql(`select 1 from clicks where affiliate_id = $1`, [a.id])).toEqual([]);

    const reinstated = await move(a.id, 'approved');
    expect(reinstated.body.data.status).toBe('approved');
    expect((await events(a.id)).at(-1)).toEqual(['affiliate.approved', 'suspended', 'approved']);
    expect((await postConversion(t, m.liveKey, { campaignId: campaign.id, affiliateId: a.id, amount: 10 })).status).toBe(201);
    expect((await t.request('GET', path)).headers.get('location')).toContain('click_id=');
  });

  it('keeps what a suspended affiliate earned', async () => {
    const a = await createAffiliate(t, m.liveKey, campaign.id);
    const sale = await postConversion(t, m.liveKey, { campaignId: campaign.id, affiliateId: a.id, amount: 100 });
    await move(a.id, 'suspended');
    const detail = await t.api('GET', `/conversions/${sale.body.data.id}`, m.liveKey);
    expect(detail.body.data).toMatchObject({ status: 'pending', commission: 10 });
  });

  it('approves a rejected affiliate after all', async () => {
    const s = await signUpAffiliate(t, m.id, campaign.id);
    await move(s.id, 'rejected');
    const res = await move(s.id, 'approved');
    expect(res.status).toBe(200);
    expect(res.body.data.status).toBe('approved');
    expect((await events(s.id)).map((e) => e[0])).toEqual(['affiliate.joined', 'affiliate.rejected', 'affiliate.approved']);
  });

  it('refuses moves the machine lacks (409) and bad input (400), changing nothing', async () => {
    const pending = await signUpAffiliate(t, m.id, campaign.id);
    const approved = await createAffiliate(t, m.liveKey, campaign.id);
    const cases: [string, string][] = [
      [pending.id, 'suspended'],
      [approved.id, 'approved'],
      [approved.id, 'rejected'],
    ];
    for (const [id, status] of cases) {
      const before = await membership(id);
      const res = await move(id, status);
      expect(res.status, `${status}`).toBe(409);
      expect(res.body.error.code).toBe('invalid_transition');
      expect(await membership(id)).toEqual(before);
    }
    await move(approved.id, 'suspended');
    for (const status of ['suspended', 'rejected']) expect((await move(approved.id, status)).status).toBe(409);
    const bad = await move(approved.id, 'banned');
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('validation_error');
    expect((await membership(approved.id)).status).toBe('suspended');
  });

  it("answers 404 for another merchant's affiliate and for the other mode; a read key is refused", async () => {
    const a = await createAffiliate(t, m.liveKey, campaign.id);
    const other = await createMerchant(t, 'scale');
    expect((await move(a.id, 'suspended', other.liveKey)).status).toBe(404);
    expect((await move(a.id, 'suspended', m.testKey)).status).toBe(404);
    expect((await move(a.id, 'suspended', m.liveReadKey)).body.error.code).toBe('insufficient_permissions');
    expect((await membership(a.id)).status).toBe('approved');
    const testAffiliate = await createAffiliate(t, m.testKey, campaign.id);
    expect((await move(testAffiliate.id, 'suspended', m.testKey)).body.data.status).toBe('suspended');
    expect((await move(testAffiliate.id, 'approved', m.liveKey)).status).toBe(404);
  });

  it("takes a suspended affiliate off its teams' rosters, and it cannot be added back while suspended", async () => {
    const a = await createAffiliate(t, m.liveKey, campaign.id);
    const team = await t.api('POST', '/teams', m.liveKey, { name: 'Closers' });
    expect(team.status).toBe(201);
    const teamId = team.body.data.id;
    expect((await t.api('POST', `/teams/${teamId}/campaigns`, m.liveKey, { campaignId: campaign.id })).status).toBe(200);
    expect((await t.api('POST', `/teams/${teamId}/members`, m.liveKey, { affiliateIds: [a.id] })).body.data.added).toBe(1);
    await move(a.id, 'suspended');
    const detail = await t.api('GET', `/teams/${teamId}`, m.liveKey);
    expect(detail.body.data.members).toEqual([]);
    expect(await t.sql(`select team_id from affiliate_memberships where affiliate_id = $1`, [a.id])).toEqual([{ team_id: null }]);
    const again = await t.api('POST', `/teams/${teamId}/members`, m.liveKey, { affiliateIds: [a.id] });
    expect(again.body.data.results).toEqual([{ affiliateId: a.id, outcome: 'skipped', reason: 'suspended' }]);
  });
});
