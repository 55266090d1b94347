import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMerchant, type TestMerchant } from '../support/merchant-mother.js';
import { createAffiliate, createCampaign, postConversion } from '../support/program-mother.js';
import { startTestService, type TestService } from '../support/test-service.js';

describe('PATCH /campaigns/:id', () => {
  let t: TestService;
  let m: TestMerchant;

  beforeAll(async () => {
    t = await startTestService();
    m = await createMerchant(t, 'ultimate');
  });
  afterAll(() => t.close());

  const patch = (id: string, body: unknown, key = m.liveKey) => t.api('PATCH', `/campaigns/${id}`, key, body);
  const stored = async (id: string) => (await t.sql(`select * from campaigns where id = $1`, [id]))[0];
  const campaignEvents = async (id: string) =>
    (await t.sql(`select mode, payload from outbox_events where type = 'campaign.updated' and payload->>'campaignId' = $1 order by occurred_at, id`, [id])).map(
      (e) => ({ mode: e.mode, ...e.payload }),
    );

  it('changes the rate for new sales only: existing conversions and their later partial refunds keep the old terms', async () => {
    const campaign = await createCampaign(t, m, { commissionType: 'percentage', commissionValue: 10 });
    const a = await createAffiliate(t, m.liveKey, campaign.id);
    const before = await postConversion(t, m.liveKey, { campaignId: campaign.id, affiliateId: a.id, amount: 200 });
    expect(before.body.data.commission).toBe(20);

    const res = await patch(campaign.id, { commissionValue: 30 });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: campaign.id, commissionType: 'percentage', commissionValue: 30, status: 'active' });
    expect(res.body.data.recentConversions).toHaveLength(1);
    const [event] = await campaignEvents(campaign.id);
    expect(event).toMatchObject({ mode: 'live', commissionValue: '30.00', changed: ['commissionValue'], previous: { commissionValue: '10.00' } });

    const after = await postConversion(t, m.liveKey, { campaignId: campaign.id, affiliateId: a.id, amount: 200 });
    expect(after.body.data.commission).toBe(60);
    expect((await t.api('GET', `/conversions/${before.body.data.id}`, m.liveKey)).body.data.commission).toBe(20);
    const refunded = await t.api('POST', `/conversions/${before.body.data.id}/refund`, m.liveKey, { amount: 50 });
    expect(refunded.body.data.commission).toBe(15);
    const [terms] = await t.sql(`select commission_rule, commission_rate_type, commission_rate_value::text from conversions where id = $1`, [before.body.data.id]);
    expect(terms).toEqual({ commission_rule: 'campaign', commission_rate_type: 'percentage', commission_rate_value: '10.000000' });
  });

  it('pauses and resumes: an inactive campaign redirects without a click and refuses new sales, then takes them again', async () => {
    const campaign = await createCampaign(t, m, { targetUrl: 'https://shop.example.com/p' });
    const a = await createAffiliate(t, m.liveKey, campaign.id);
    expect((await patch(campaign.id, { status: 'inactive' })).body.data.status).toBe('inactive');
    const refused = await postConversion(t, m.liveKey, { campaignId: campaign.id, affiliateId: a.id, amount: 10 });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({ code: 'validation_error', details: [{ field: 'campaignId', message: 'campaign is inactive, not active' }] });
    const visit = await t.request('GET', new URL(a.trackingLink).pathname);
    expect(visit.status).toBe(302);
    expect(visit.headers.get('location')).toBe('https://shop.example.com/p');
    expect(await t.sql(`select 1 from clicks where campaign_id = $1`, [campaign.id])).toEqual([]);
    expect((await patch(campaign.id, { status: 'active' })).body.data.status).toBe('active');
    expect((await postConversion(t, m.liveKey, { campaignId: campaign.id, affiliateId: a.id, amount: 10 })).status).toBe(201);
  });

  it('ends a campaign for good: expired is final, its links still redirect', async () => {
    const campaign = await createCampaign(t, m, { targetUrl: 'https://shop.example.com/e' });
    const a = await createAffiliate(t, m.liveKey, campaign.id);
    expect((await patch(campaign.id, { status: 'expired' })).body.data.status).toBe('expired');
    for (const status of ['active', 'inactive']) {
      const res = await patch(campaign.id, { status });
      expect(res.status).toBe(409);
      expect(res.body.error.code).toBe('invalid_transition');
    }
    expect((await patch(campaign.id, { targetUrl: 'https://shop.example.com/new' })).body.data.targetUrl).toBe('https://shop.example.com/new');
    expect((await t.request('GET', new URL(a.trackingLink).pathname)).headers.get('location')).toBe('https://shop.example.com/new');
    expect((await postConversion(t, m.liveKey, { campaignId: campaign.id, affiliateId: a.id, amount: 10 })).body.error.details[0].field).toBe('campaignId');
  });

  it('sets and clears endsAt, and answers a repeat of the current values without an event', async () => {
    const campaign = await createCampaign(t, m);
    const endsAt = new Date(Date.now() + 30 * 86_400_000).toISOString();
    expect((await patch(campaign.id, { endsAt })).body.data.endsAt).toBe(endsAt);
    expect((await patch(campaign.id, { endsAt: null, name: 'Renamed' })).body.data).toMatchObject({ endsAt: null, name: 'Renamed' });
    const events = await campaignEvents(campaign.id);
    expect(events.map((e) => e.changed)).toEqual([['endsAt'], ['name', 'endsAt']]);
    expect((await patch(campaign.id, { name: 'Renamed', endsAt: null })).status).toBe(200);
    expect(await campaignEvents(campaign.id)).toHaveLength(2);
  });

  it('changes the recurring term and the attribution window', async () => {
    const campaign = await createCampaign(t, m);
    const res = await patch(campaign.id, { recurringCommissionMonths: 12, attributionWindowDays: 60, enableRecurringCommissions: true });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ recurringCommissionMonths: 12, attributionWindowDays: 60, enableRecurringCommissions: true });
    expect((await patch(campaign.id, { recurringCommissionMonths: null })).body.data.recurringCommissionMonths).toBeNull();
    expect((await t.api('GET', `/campaigns/${campaign.id}`, m.liveKey)).body.data).toMatchObject({ recurringCommissionMonths: null, attributionWindowDays: 60 });
  });

  it.each([
    [{ attributionWindowDays: 0 }, 'attributionWindowDays'],
    [{ recurringCommissionMonths: 121 }, 'recurringCommissionMonths'],
    [{ unknownField: 1 }, 'unknownField'],
    [{ name: 'x' }, 'name'],
    [{ commissionValue: 101 }, 'commissionValue'],
    [{ commissionType: 'fixed', commissionValue: -1 }, 'commissionValue'],
    [{ autoApproveCommissionsAfterDays: 5 }, 'autoApproveCommissionsAfterDays'],
    [{ targetUrl: 'ftp://x.example.com' }, 'targetUrl'],
    [{ status: 'archived' }, 'status'],
    [{ endsAt: '2020-01-01T00:00:00Z' }, 'endsAt'],
    [{ endsAt: 'next tuesday' }, 'endsAt'],
    [{ isPublic: 'yes' }, 'isPublic'],
  ])('refuses %j with 400 validation_error naming the field, changing nothing', async (body, field) => {
    const campaign = await createCampaign(t, m);
    const before = await stored(campaign.id);
    const res = await patch(campaign.id, body);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_error');
    expect(res.body.error.details.map((d: { field: string }) => d.field)).toContain(field);
    expect(await stored(campaign.id)).toEqual(before);
    expect(await campaignEvents(campaign.id)).toEqual([]);
  });

  it('gates: Pro plan, test keys and read keys are refused; other merchants see 404', async () => {
    const campaign = await createCampaign(t, m);
    const before = await stored(campaign.id);
    expect((await patch(campaign.id, { name: 'Nope' }, m.testKey)).body.error.code).toBe('test_mode_unsupported');
    expect((await patch(campaign.id, { name: 'Nope' }, m.liveReadKey)).body.error.code).toBe('insufficient_permissions');
    const pro = await createMerchant(t, 'professional');
    expect((await patch(campaign.id, { name: 'Nope' }, pro.liveKey)).body.error.code).toBe('plan_insufficient');
    const other = await createMerchant(t, 'scale');
    expect((await patch(campaign.id, { name: 'Nope' }, other.liveKey)).status).toBe(404);
    expect((await patch('not-a-uuid', { name: 'Nope' })).status).toBe(404);
    expect(await stored(campaign.id)).toEqual(before);
  });

  it('needs Manage payouts on team-member keys to change automatic approval, not for other fields', async () => {
    const campaign = await createCampaign(t, m);
    const key = await t.admin('POST', `/merchants/${m.id}/keys`, { mode: 'live', write: true, createdBy: 'team_member' });
    const member = key.body.data.key as string;
    const refused = await patch(campaign.id, { autoApproveCommissionsAfterDays: 30 }, member);
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('insufficient_permissions');
    expect((await patch(campaign.id, { name: 'Member rename' }, member)).status).toBe(200);
    expect((await patch(campaign.id, { autoApproveCommissionsAfterDays: 30 })).body.data.autoApproveCommissionsAfterDays).toBe(30);
  });
});
