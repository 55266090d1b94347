import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCampaign, uniqueEmail } from '../support/campaign-mother.js';
import { createMerchant, type TestMerchant } from '../support/merchant-mother.js';
import { createAffiliate, postConversion } from '../support/program-mother.js';
import { startTestService, type TestService } from '../support/test-service.js';

const DAY = 86_400_000;

/** Deadlines run on the service clock: moving it (operator, TEST_CLOCK) and running the jobs is what ends things. */
describe('campaign endsAt and invitation expiry on the service clock', () => {
  let t: TestService;
  let m: TestMerchant;

  beforeAll(async () => {
    t = await startTestService();
    m = await createMerchant(t, 'scale', { invitationExpiryDays: 3 });
  });
  afterAll(() => t.close());

  const clockNow = async () => Date.parse((await t.admin('GET', '/clock')).body.data.now);
  const setClock = (at: number) => t.admin('POST', '/clock', { now: new Date(at).toISOString() });
  const runJobs = async () => (await t.admin('POST', '/jobs/run')).body.data as Record<string, number>;

  it('expires a campaign once the service clock passes endsAt, not before, and emits campaign.updated', async () => {
    const campaign = await createCampaign(t, m.liveKey);
    const affiliate = await createAffiliate(t, m.liveKey, campaign.id);
    const start = await clockNow();
    const endsAt = new Date(start + 2 * DAY).toISOString();
    expect((await t.api('PATCH', `/campaigns/${campaign.id}`, m.liveKey, { endsAt })).body.data.endsAt).toBe(endsAt);

    await setClock(start + 2 * DAY - 60_000);
    expect((await runJobs())['expire-campaigns']).toBe(0);
    expect((await t.api('GET', `/campaigns/${campaign.id}`, m.liveKey)).body.data.status).toBe('active');
    expect((await postConversion(t, m.liveKey, { campaignId: campaign.id, affiliateId: affiliate.id, amount: 10 })).status).toBe(201);

    await setClock(start + 2 * DAY + 60_000);
    expect((await runJobs())['expire-campaigns']).toBe(1);
    const after = await t.api('GET', `/campaigns/${campaign.id}`, m.liveKey);
    expect(after.body.data).toMatchObject({ status: 'expired', endsAt });
    const [event] = await t.sql(`select payload from outbox_events where type = 'campaign.updated' and payload->>'status' = 'expired' and payload->>'campaignId' = $1`, [campaign.id]);
    expect(event.payload).toMatchObject({ changed: ['status'], previous: { status: 'active' } });
    const refused = await postConversion(t, m.liveKey, { campaignId: campaign.id, affiliateId: affiliate.id, amount: 10 });
    expect(refused.body.error.details).toEqual([{ field: 'campaignId', message: 'campaign is expired, not active' }]);
    expect((await runJobs())['expire-campaigns']).toBe(0);
  });

  it("expires a pending invitation after the merchant's invitationExpiryDays from its last send, with a notice", async () => {
    const campaign = await createCampaign(t, m.liveKey);
    const email = uniqueEmail('late');
    const sent = await t.api('POST', '/affiliates/invite', m.liveKey, { email, campaignId: campaign.id });
    const sentAt = Date.parse(sent.body.data.createdAt);
    expect(Date.parse(sent.body.data.expiresAt)).toBe(sentAt + 3 * DAY);

    await setClock(sentAt + 2 * DAY);
    const resent = await t.api('POST', `/affiliates/invitations/${sent.body.data.id}/resend`, m.liveKey);
    const resentAt = Date.parse(resent.body.data.sentAt);
    expect(Date.parse(resent.body.data.expiresAt)).toBe(resentAt + 3 * DAY);

    // Past the first expiry, within the renewed one: still pending.
    await setClock(sentAt + 4 * DAY);
    expect((await runJobs())['expire-invitations']).toBe(0);
    await setClock(resentAt + 3 * DAY + 60_000);
    expect((await runJobs())['expire-invitations']).toBeGreaterThanOrEqual(1);
    const listed = await t.api('GET', '/affiliates/invitations?status=expired&limit=100', m.liveKey);
    expect(listed.body.data.map((i: { id: string }) => i.id)).toContain(sent.body.data.id);
    expect((await t.api('POST', `/affiliates/invitations/${sent.body.data.id}/resend`, m.liveKey)).body.error.code).toBe('invalid_transition');

    const notices = await t.api('GET', '/notifications', m.liveKey);
    expect(notices.body.data.find((n: { message: string }) => n.message.includes(sent.body.data.id))).toMatchObject({
      kind: 'invitation_expired',
      read: false,
    });
    // The email may be invited again once the last invitation expired.
    expect((await t.api('POST', '/affiliates/invite', m.liveKey, { email, campaignId: campaign.id })).status).toBe(201);
  });

  it('lets the email be invited again once the last invitation is past its time, before the job ran', async () => {
    const campaign = await createCampaign(t, m.liveKey);
    const email = uniqueEmail('again');
    const first = await t.api('POST', '/affiliates/invite', m.liveKey, { email, campaignId: campaign.id });
    expect((await t.api('POST', '/affiliates/invite', m.liveKey, { email, campaignId: campaign.id })).status).toBe(409);
    await setClock(Date.parse(first.body.data.expiresAt) + 60_000);
    const second = await t.api('POST', '/affiliates/invite', m.liveKey, { email, campaignId: campaign.id });
    expect(second.status).toBe(201);
    expect((await t.sql(`select status from affiliate_invitations where id = $1`, [first.body.data.id]))[0].status).toBe('expired');
  });
});
