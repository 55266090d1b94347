import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAffiliate, createCampaign, slice3Counts, uniqueEmail } from '../support/campaign-mother.js';
import { createMerchant, type TestMerchant } from '../support/merchant-mother.js';
import { startTestService, type TestService } from '../support/test-service.js';

describe('POST /affiliates/invite', () => {
  let t: TestService;
  let m: TestMerchant;
  let campaign: { id: string; trackingCode: string; name: string };

  beforeAll(async () => {
    t = await startTestService();
    m = await createMerchant(t, 'ultimate');
    campaign = await createCampaign(t, m.liveKey, { name: 'Invite campaign' });
  });
  afterAll(() => t.close());

  it('records a pending invitation and emails it through the mail outbox (live key)', async () => {
    const email = uniqueEmail('invitee');
    const res = await t.api('POST', '/affiliates/invite', m.liveKey, { email, name: 'Ivy', campaignId: campaign.id });
    expect(res.status).toBe(201);
    expect(res.body.data).toEqual({
      id: expect.any(String),
      email,
      name: 'Ivy',
      campaignId: campaign.id,
      status: 'pending',
      isTest: false,
      createdAt: expect.any(String),
      expiresAt: new Date(Date.parse(res.body.data.createdAt) + 14 * 86_400_000).toISOString(),
      sentAt: res.body.data.createdAt,
      sendCount: 1,
    });
    const mails = await t.sql('select merchant_id, kind, recipient, subject, body, sent_at from mail_outbox where recipient = $1', [email]);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ merchant_id: m.id, kind: 'affiliate_invitation', sent_at: null });
    expect(mails[0].subject).toContain('Invite campaign');
    expect(mails[0].body).toContain(`/portal/m/${m.id}/invitations/${res.body.data.id}`);
    const [row] = await t.sql('select mode, status, campaign_id from affiliate_invitations where id = $1', [res.body.data.id]);
    expect(row).toEqual({ mode: 'live', status: 'pending', campaign_id: campaign.id });
  });

  it('tags test-key invitations isTest and sends no email', async () => {
    const email = uniqueEmail('test-invitee');
    const res = await t.api('POST', '/affiliates/invite', m.testKey, { email, campaignId: campaign.id });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ isTest: true, status: 'pending', name: null });
    expect(await t.sql('select 1 from mail_outbox where recipient = $1', [email])).toEqual([]);
  });

  it('answers 409 duplicate for a second pending invitation or an existing member, writing nothing', async () => {
    const email = uniqueEmail('twice');
    expect((await t.api('POST', '/affiliates/invite', m.liveKey, { email, campaignId: campaign.id })).status).toBe(201);
    const member = await createAffiliate(t, m.liveKey, campaign.id);
    const before = await slice3Counts(t);
    for (const again of [email.toUpperCase(), member.email]) {
      const res = await t.api('POST', '/affiliates/invite', m.liveKey, { email: again, campaignId: campaign.id });
      expect(res.status).toBe(409);
      expect(res.body.error.code).toBe('duplicate');
    }
    expect(await slice3Counts(t)).toEqual(before);
  });

  it("answers 404 for another merchant's campaign, 400 naming the field for bad input, and writes nothing", async () => {
    const other = await createMerchant(t, 'scale');
    const theirs = await createCampaign(t, other.liveKey);
    const before = await slice3Counts(t);
    const notFound = await t.api('POST', '/affiliates/invite', m.liveKey, { email: uniqueEmail(), campaignId: theirs.id });
    expect(notFound.status).toBe(404);
    expect(notFound.body.error.code).toBe('not_found');
    for (const [body, field] of [
      [{ email: 'nope', campaignId: campaign.id }, 'email'],
      [{ campaignId: campaign.id }, 'email'],
      [{ email: uniqueEmail() }, 'campaignId'],
    ] as const) {
      const res = await t.api('POST', '/affiliates/invite', m.liveKey, body);
      expect(res.status).toBe(400);
      expect(res.body.error.details.map((d: { field: string }) => d.field)).toContain(field);
    }
    expect(await slice3Counts(t)).toEqual(before);
  });

  it('enforces the plan affiliate limit with 403 affiliate_limit_reached', async () => {
    const limited = await createMerchant(t, 'scale', { affiliateLimit: 1 });
    const c = await createCampaign(t, limited.liveKey);
    const first = await t.api('POST', '/affiliates/invite', limited.liveKey, { email: uniqueEmail(), campaignId: c.id });
    expect(first.status).toBe(201);
    await createAffiliate(t, limited.liveKey, c.id);
    const before = await slice3Counts(t);
    const res = await t.api('POST', '/affiliates/invite', limited.liveKey, { email: uniqueEmail(), campaignId: c.id });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('affiliate_limit_reached');
    expect(await slice3Counts(t)).toEqual(before);
  });

  it('needs a write key', async () => {
    const res = await t.api('POST', '/affiliates/invite', m.liveReadKey, { email: uniqueEmail(), campaignId: campaign.id });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('insufficient_permissions');
  });

  it('has its own limit of 10 a minute per merchant (429 with Retry-After), apart from other routes', async () => {
    const merchant = await createMerchant(t, 'scale');
    const c = await createCampaign(t, merchant.liveKey);
    for (let i = 0; i < 10; i += 1) {
      const res = await t.api('POST', '/affiliates/invite', merchant.testKey, { email: uniqueEmail(), campaignId: c.id });
      expect(res.status).toBe(201);
      expect(res.headers.get('x-ratelimit-limit')).toBe('10');
    }
    const before = await slice3Counts(t);
    // Live and test keys count apart: the test key's eleventh invite is refused.
    const refused = await t.api('POST', '/affiliates/invite', merchant.testKey, { email: uniqueEmail(), campaignId: c.id });
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe('rate_limit_exceeded');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await slice3Counts(t)).toEqual(before);
    // Other routes keep the plan's limit.
    const other = await t.api('POST', '/affiliates', merchant.liveKey, { email: uniqueEmail(), campaignId: c.id });
    expect(other.status).toBe(201);
    expect(other.headers.get('x-ratelimit-limit')).toBe('1000');
    // Another merchant's invite budget is its own.
    expect((await t.api('POST', '/affiliates/invite', m.testKey, { email: uniqueEmail(), campaignId: campaign.id })).status).toBe(201);
  });
});
