import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCampaign, uniqueEmail } from '../support/campaign-mother.js';
import { createMerchant, type TestMerchant } from '../support/merchant-mother.js';
import { startTestService, type TestService } from '../support/test-service.js';

describe('invitations after they are sent: list, revoke, resend', () => {
  let t: TestService;
  let m: TestMerchant;
  let campaign: { id: string };

  beforeAll(async () => {
    t = await startTestService();
    m = await createMerchant(t, 'ultimate');
    campaign = await createCampaign(t, m.liveKey, { name: 'Lifecycle' });
  });
  afterAll(() => t.close());

  const invite = async (email = uniqueEmail('inv'), key = m.liveKey) => {
    const res = await t.api('POST', '/affiliates/invite', key, { email, campaignId: campaign.id });
    expect(res.status).toBe(201);
    return res.body.data as { id: string; email: string };
  };
  const stored = async (id: string) => (await t.sql(`select status, send_count, sent_at, expires_at from affiliate_invitations where id = $1`, [id]))[0];
  const mails = async (email: string) => (await t.sql(`select body from mail_outbox where recipient = $1`, [email])).length;

  it("takes the merchant's invitationExpiryDays (1 to 365) for new invitations", async () => {
    const own = await createMerchant(t, 'ultimate');
    for (const bad of [0, 366, 2.5]) {
      const res = await t.admin('PATCH', `/merchants/${own.id}`, { invitationExpiryDays: bad });
      expect(res.status).toBe(400);
      expect(res.body.error.details[0].field).toBe('invitationExpiryDays');
    }
    expect((await t.admin('PATCH', `/merchants/${own.id}`, { invitationExpiryDays: 30 })).body.data.invitationExpiryDays).toBe(30);
    const c = await createCampaign(t, own.liveKey);
    const sent = await t.api('POST', '/affiliates/invite', own.liveKey, { email: uniqueEmail('d30'), campaignId: c.id });
    expect(Date.parse(sent.body.data.expiresAt) - Date.parse(sent.body.data.createdAt)).toBe(30 * 86_400_000);
  });

  it('lists invitations newest first, filtered by status, paginated', async () => {
    const first = await invite();
    const second = await invite();
    await t.api('DELETE', `/affiliates/invitations/${first.id}`, m.liveKey);
    const all = await t.api('GET', '/affiliates/invitations?limit=100', m.liveKey);
    expect(all.status).toBe(200);
    const ids = all.body.data.map((i: { id: string }) => i.id);
    expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(first.id));
    const revoked = await t.api('GET', '/affiliates/invitations?status=revoked', m.liveKey);
    expect(revoked.body.data.map((i: { id: string }) => i.id)).toContain(first.id);
    expect(revoked.body.data.every((i: { status: string }) => i.status === 'revoked')).toBe(true);
    const paged = await t.api('GET', '/affiliates/invitations?limit=1&page=2', m.liveKey);
    expect(paged.body.pagination).toMatchObject({ page: 2, limit: 1, total: all.body.pagination.total });
    expect((await t.api('GET', '/affiliates/invitations?status=lost', m.liveKey)).status).toBe(400);
  });

  it('revokes a pending invitation (idempotent), after which the email may be invited again', async () => {
    const sent = await invite();
    const res = await t.api('DELETE', `/affiliates/invitations/${sent.id}`, m.liveKey);
    expect(res.status).toBe(200);
    expect(res.body.data.status).toBe('revoked');
    expect((await t.api('DELETE', `/affiliates/invitations/${sent.id}`, m.liveKey)).body.data.status).toBe('revoked');
    const again = await invite(sent.email);
    expect(again.id).not.toBe(sent.id);
    const resend = await t.api('POST', `/affiliates/invitations/${sent.id}/resend`, m.liveKey);
    expect(resend.status).toBe(409);
    expect(resend.body.error.code).toBe('invalid_transition');
  });

  it('resends the same record with a fresh expiry and another email', async () => {
    const sent = await invite();
    const before = await stored(sent.id);
    const res = await t.api('POST', `/affiliates/invitations/${sent.id}/resend`, m.liveKey);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: sent.id, status: 'pending', sendCount: 2 });
    expect(await mails(sent.email)).toBe(2);
    const after = await stored(sent.id);
    expect(after.send_count).toBe(2);
    expect(after.expires_at.getTime()).toBeGreaterThanOrEqual(before.expires_at.getTime());
  });

  it('counts resends against the invitation limit of 10 a minute', async () => {
    const fresh = await createMerchant(t, 'ultimate');
    const c = await createCampaign(t, fresh.liveKey);
    const first = await t.api('POST', '/affiliates/invite', fresh.liveKey, { email: uniqueEmail('rl'), campaignId: c.id });
    for (let i = 0; i < 9; i += 1) expect((await t.api('POST', `/affiliates/invitations/${first.body.data.id}/resend`, fresh.liveKey)).status).toBe(200);
    const limited = await t.api('POST', `/affiliates/invitations/${first.body.data.id}/resend`, fresh.liveKey);
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe('rate_limit_exceeded');
    expect((await stored(first.body.data.id)).send_count).toBe(10);
  });

  it("keeps modes and merchants apart (404), needs a write key, and sends no email for test invitations", async () => {
    const sent = await invite();
    const other = await createMerchant(t, 'ultimate');
    for (const key of [other.liveKey, m.testKey]) {
      expect((await t.api('DELETE', `/affiliates/invitations/${sent.id}`, key)).status).toBe(404);
      expect((await t.api('POST', `/affiliates/invitations/${sent.id}/resend`, key)).status).toBe(404);
      const listed = await t.api('GET', '/affiliates/invitations?limit=100', key);
      expect(listed.body.data.map((i: { id: string }) => i.id)).not.toContain(sent.id);
    }
    expect((await t.api('DELETE', `/affiliates/invitations/${sent.id}`, m.liveReadKey)).body.error.code).toBe('insufficient_permissions');
    expect((await t.api('DELETE', '/affiliates/invitations/nope', m.liveKey)).status).toBe(404);
    expect((await stored(sent.id)).status).toBe('pending');
    // A merchant of its own: the invitation limit of 10 a minute is spent above.
    const quiet = await createMerchant(t, 'ultimate');
    const quietCampaign = await createCampaign(t, quiet.liveKey);
    const email = uniqueEmail('t');
    const testInvite = await t.api('POST', '/affiliates/invite', quiet.testKey, { email, campaignId: quietCampaign.id });
    expect((await t.api('POST', `/affiliates/invitations/${testInvite.body.data.id}/resend`, quiet.testKey)).body.data.sendCount).toBe(2);
    expect(await mails(email)).toBe(0);
  });
});
