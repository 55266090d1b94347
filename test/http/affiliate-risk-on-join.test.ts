import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAffiliate, createCampaign } from '../support/campaign-mother.js';
import { createMerchant, type TestMerchant } from '../support/merchant-mother.js';
import { startTestService, type TestService } from '../support/test-service.js';

/** The affiliate's signals run as it joins, is created or invited, not only when it saves payout details. */
describe('affiliate risk checks on join, create and invite', () => {
  let t: TestService;
  let m: TestMerchant;
  let campaign: { id: string };

  beforeAll(async () => {
    t = await startTestService();
    m = await createMerchant(t, 'scale');
    campaign = await createCampaign(t, m.liveKey, { autoApproveAffiliates: true });
  });
  afterAll(() => t.close());

  const flaggedEvents = async (affiliateId: string) =>
    (await t.sql(`select payload from outbox_events where type = 'affiliate.flagged' and payload->>'affiliateId' = $1`, [affiliateId])).map((r) => r.payload);
  const riskOf = async (affiliateId: string, key = m.liveKey) => (await t.api('GET', `/affiliates/${affiliateId}`, key)).body.data.risk;
  const signUp = (email: string, campaignId = campaign.id, mode = 'live') =>
    t.admin('POST', `/merchants/${m.id}/affiliate-signups`, { email, campaignId, mode });

  it('flags a throwaway address at sign-up, with affiliate.flagged naming the affiliate and its flags', async () => {
    const res = await signUp(`joiner-${Date.now()}@mailinator.com`);
    expect(res.status).toBe(201);
    const id = res.body.data.affiliateId as string;
    const events = await flaggedEvents(id);
    expect(events).toHaveLength(1);
    expect(events[0]).toEqual({ affiliateId: id, flags: [expect.objectContaining({ code: 'disposable_email', evidence: [id, 'mailinator.com'] })] });
    expect((await riskOf(id)).flags.map((f: { code: string }) => f.code)).toEqual(['disposable_email']);
    // Signing up again (already a member) changes nothing and sends no second event.
    await signUp(events[0].flags.length ? (await t.sql(`select email from affiliates where id = $1`, [id]))[0].email : '');
    expect(await flaggedEvents(id)).toHaveLength(1);
  });

  it('flags one created through POST /affiliates, and an invited affiliate of the merchant; a clean one gets no event', async () => {
    const created = await t.api('POST', '/affiliates', m.liveKey, { email: `made-${Date.now()}@mailinator.com`, campaignId: campaign.id });
    expect(created.status).toBe(201);
    expect((await flaggedEvents(created.body.data.id)).map((e) => e.flags[0].code)).toEqual(['disposable_email']);

    const clean = await createAffiliate(t, m.liveKey, campaign.id);
    expect(await flaggedEvents(clean.id)).toEqual([]);
    expect((await riskOf(clean.id)).flags).toEqual([]);

    // An existing affiliate invited to another campaign is checked again: a disposable address is flagged.
    const other = await createCampaign(t, m.liveKey);
    const existing = await signUp(`invitee-${Date.now()}@mailinator.com`);
    const id = existing.body.data.affiliateId as string;
    await t.sql(`delete from risk_flags where subject_id = $1`, [id]);
    const email = (await t.sql(`select email from affiliates where id = $1`, [id]))[0].email;
    expect((await t.api('POST', '/affiliates/invite', m.liveKey, { email, campaignId: other.id })).status).toBe(201);
    expect((await flaggedEvents(id)).length).toBe(2);
  });

  it('test mode skips the checks', async () => {
    const res = await signUp(`tester-${Date.now()}@mailinator.com`, campaign.id, 'test');
    expect(res.status).toBe(201);
    expect(await flaggedEvents(res.body.data.affiliateId)).toEqual([]);
  });

  it('a banned affiliate joining an auto-approving campaign waits pending, and cannot be approved while banned', async () => {
    const first = await signUp(`banned-${Date.now()}@example.com`);
    const id = first.body.data.affiliateId as string;
    expect(first.body.data.status).toBe('approved');
    expect((await t.api('POST', `/affiliates/${id}/ban`, m.liveKey, { reason: 'Fake sales' })).status).toBe(200);
    const other = await createCampaign(t, m.liveKey, { autoApproveAffiliates: true });
    const email = (await t.sql(`select email from affiliates where id = $1`, [id]))[0].email;
    const again = await signUp(email, other.id);
    expect(again.body.data).toMatchObject({ affiliateId: id, status: 'pending' });
    expect((await t.api('PATCH', `/affiliates/${id}`, m.liveKey, { campaignId: other.id, status: 'approved' })).body.error.code).toBe('invalid_transition');
  });
});
