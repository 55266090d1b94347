import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertConversion } from '../support/campaign-mother.js';
import { createMerchant, type TestMerchant } from '../support/merchant-mother.js';
import { approvedSale, payoutOf } from '../support/payout-mother.js';
import { createAffiliate, createCampaign, postConversion, signUpAffiliate, type TestCampaign } from '../support/program-mother.js';
import { startTestService, type TestService } from '../support/test-service.js';

describe('banning and unbanning affiliates (POST /affiliates/:id/ban, /unban)', () => {
  let t: TestService;
  let m: TestMerchant;
  let campaign: TestCampaign;
  let second: TestCampaign;

  beforeAll(async () => {
    t = await startTestService();
    m = await createMerchant(t, 'scale', { automaticPayouts: true });
    campaign = await createCampaign(t, m, { commissionType: 'percentage', commissionValue: 10 });
    second = await createCampaign(t, m, { commissionType: 'percentage', commissionValue: 10 });
  });
  afterAll(() => t.close());

  const ban = (id: string, reason: unknown = 'Self-referred sales', key = m.liveKey) => t.api('POST', `/affiliates/${id}/ban`, key, { reason });
  const unban = (id: string, key = m.liveKey) => t.api('POST', `/affiliates/${id}/unban`, key);
  const statusOf = async (conversionId: string) => (await t.api('GET', `/conversions/${conversionId}`, m.liveKey)).body.data.status as string;
  const memberships = async (id: string) =>
    (await t.sql(`select campaign_id, status from affiliate_memberships where affiliate_id = $1 order by campaign_id`, [id])).map((r) => [r.campaign_id, r.status]);
  const banEvents = async (id: string) =>
    t.sql(`select type, payload from outbox_events where payload->>'affiliateId' = $1 and type in ('affiliate.banned', 'affiliate.unbanned') order by occurred_at, id`, [id]);

  it('suspends every membership, rejects pending and held sales, holds approved ones (cancelling their payouts), keeps paid history', async () => {
    const a = await createAffiliate(t, m.liveKey, campaign.id);
    await t.sql(
      `insert into affiliate_memberships (id, merchant_id, mode, campaign_id, affiliate_id, status, joined_at, decided_at, updated_at)
       values (gen_random_uuid(), $1, 'live', $2, $3, 'approved', now(), now(), now())`,
      [m.id, second.id, a.id],
    );
    const pending = (await postConversion(t, m.liveKey, { campaignId: campaign.id, affiliateId: a.id, amount: 100 })).body.data.id as string;
    const held = (await postConversion(t, m.liveKey, { campaignId: campaign.id, affiliateId: a.id, amount: 50 })).body.data.id as string;
    expect((await t.api('PATCH', `/conversions/${held}`, m.liveKey, { status: 'held' })).status).toBe(200);
    const approved = await approvedSale(t, m.liveKey, campaign.id, a.id, 30);
    expect(await payoutOf(t, m.liveKey, approved)).toBeDefined();
    const paid = await insertConversion(t, { merchantId: m.id, campaignId: campaign.id, affiliateId: a.id, amount: '80.00', commission: '8.00', status: 'paid' });

    const res = await ban(a.id, '  Self-referred sales  ');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      affiliateId: a.id,
      banned: true,
      reason: 'Self-referred sales',
      suspendedMemberships: 2,
      rejectedConversions: 2,
      heldConversions: 1,
      cancelledPayouts: 1,
      skippedConversions: 0,
    });
    expect(await memberships(a.id)).toEqual([...[[campaign.id, 'suspended'], [second.id, 'suspended']]].sort((x, y) => String(x[0]).localeCompare(String(y[0]))));
    expect(await statusOf(pending)).toBe('rejected');
    expect(await statusOf(held)).toBe('rejected');
    expect(await statusOf(approved)).toBe('held');
    expect(await payoutOf(t, m.liveKey, approved)).toBeUndefined();
    expect(await statusOf(paid)).toBe('paid');

    const events = await banEvents(a.id);
    expect(events).toHaveLength(1);
    expect(events[0]?.payload).toEqual({
      affiliateId: a.id,
      reason: 'Self-referred sales',
      bannedAt: res.body.data.bannedAt,
      suspendedMemberships: 2,
      rejectedConversions: 2,
      heldConversions: 1,
      cancelledPayouts: 1,
    });
    const suspendedEvents = await t.sql(`select 1 from outbox_events where type = 'affiliate.suspended' and payload->>'affiliateId' = $1`, [a.id]);
    expect(suspendedEvents).toHaveLength(2);
    const rejectedEvents = await t.sql(`select 1 from outbox_events where type = 'conversion.rejected' and payload->>'conversionId' = any($1)`, [[pending, held]]);
    expect(rejectedEvents).toHaveLength(2);

    // Banned: no new sale, no approval, no second ban; the ban is audited.
    expect((await postConversion(t, m.liveKey, { campaignId: campaign.id, affiliateId: a.id, amount: 10 })).body.error.code).toBe('affiliate_not_approved');
    const approve = await t.api('PATCH', `/affiliates/${a.id}`, m.liveKey, { campaignId: campaign.id, status: 'approved' });
    expect(approve.status).toBe(409);
    expect(approve.body.error.code).toBe('invalid_transition');
    expect((await ban(a.id)).body.error.code).toBe('invalid_transition');
    const audit = await t.sql(`select status from audit_log where merchant_id = $1 and path = $2`, [m.id, `/api/v1/affiliates/${a.id}/ban`]);
    expect(audit.map((r) => r.status)).toEqual(expect.arrayContaining([200, 409]));

    // Unban lifts the ban; memberships stay suspended until approved again.
    const lifted = await unban(a.id);
    expect(lifted.status).toBe(200);
    expect(lifted.body.data).toMatchObject({ affiliateId: a.id, banned: false, reason: 'Self-referred sales' });
    expect((await banEvents(a.id)).map((e) => e.type)).toEqual(['affiliate.banned', 'affiliate.unbanned']);
    expect((await memberships(a.id)).map((r) => r[1])).toEqual(['suspended', 'suspended']);
    expect((await t.api('PATCH', `/affiliates/${a.id}`, m.liveKey, { campaignId: campaign.id, status: 'approved' })).status).toBe(200);
    expect((await unban(a.id)).body.error.code).toBe('invalid_transition');
  });

  it('rejects a pending membership of an affiliate that signed up', async () => {
    const s = await signUpAffiliate(t, m.id, campaign.id);
    expect(s.status).toBe('pending');
    const res = await ban(s.id);
    expect(res.body.data).toMatchObject({ suspendedMemberships: 0, rejectedConversions: 0 });
    expect((await memberships(s.id)).map((r) => r[1])).toEqual(['rejected']);
  });

  it('refuses a missing or too long reason (400) and changes nothing', async () => {
    const a = await createAffiliate(t, m.liveKey, campaign.id);
    for (const reason of ['', '   ', 'x'.repeat(501), 42]) {
      const res = await ban(a.id, reason);
      expect(res.status, JSON.stringify(reason)).toBe(400);
      expect(res.body.error.code).toBe('validation_error');
    }
    expect(await memberships(a.id)).toEqual([[campaign.id, 'approved']]);
    expect(await t.sql(`select 1 from affiliate_bans where affiliate_id = $1`, [a.id])).toEqual([]);
  });

  it("answers 404 for another merchant's affiliate and the other mode, and refuses read keys", async () => {
    const a = await createAffiliate(t, m.liveKey, campaign.id);
    const other = await createMerchant(t, 'scale');
    expect((await ban(a.id, 'x', other.liveKey)).status).toBe(404);
    expect((await ban(a.id, 'x', m.testKey)).status).toBe(404);
    expect((await ban('not-a-uuid', 'x')).status).toBe(404);
    expect((await ban(a.id, 'x', m.liveReadKey)).body.error.code).toBe('insufficient_permissions');
    expect(await memberships(a.id)).toEqual([[campaign.id, 'approved']]);
    expect((await ban(a.id)).status).toBe(200);
    expect((await unban(a.id, other.liveKey)).status).toBe(404);
    expect((await unban(a.id, m.testKey)).status).toBe(404);
    expect(await t.sql(`select 1 from affiliate_bans where affiliate_id = $1`, [a.id])).toHaveLength(1);
  });
});
