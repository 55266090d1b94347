import { statementsSentDuring } from '../support/sent-statements.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCampaign, slice3Counts, uniqueEmail } from '../support/campaign-mother.js';
import { createMerchant, type TestMerchant } from '../support/merchant-mother.js';
import { PortalBrowser, visibleText } from '../support/portal-browser.js';
import { latestSignInLink, signedInBrowser } from '../support/portal-mother.js';
import { startTestService, type TestService } from '../support/test-service.js';

/** The fields of a create answer that do not depend on the email or the new record's id. */
const shapeOf = (res: { status: number; body: any }) => {
  const { id: _id, email: _email, name: _name, trackingLink, joinedAt: _joinedAt, ...rest } = res.body.data;
  return { status: res.status, keys: Object.keys(res.body.data).sort(), rest, trackingLinkBase: String(trackingLink).replace(/[^/]+$/, '') };
};

/**
 * The request's statement texts (values travel as parameters), without the rate limiter's window
 * merges, which run on the pool on their own schedule.
 */
const statementTexts = (statements: string[]) =>
  statements.map((s) => s.replace(/\s+/g, ' ')).filter((s) => !s.includes('rate_limit_windows'));

describe('an affiliate belongs to one merchant: the same email elsewhere is a stranger', () => {
  let t: TestService;
  let a: TestMerchant;
  let b: TestMerchant;
  let campaignA: { id: string; trackingCode: string };
  let campaignB: { id: string; trackingCode: string };

  beforeAll(async () => {
    t = await startTestService();
    a = await createMerchant(t, 'scale', { businessName: 'Alpha' });
    b = await createMerchant(t, 'scale', { businessName: 'Beta' });
    campaignA = await createCampaign(t, a.liveKey, { name: 'Alpha deals', autoApproveAffiliates: true });
    campaignB = await createCampaign(t, b.liveKey, { name: 'Beta deals', autoApproveAffiliates: true });
  });
  afterAll(async () => t?.close());

  const create = (key: string, campaignId: string, email: string, name?: string) =>
    t.api('POST', '/affiliates', key, { email, campaignId, ...(name ? { name } : {}) });

  it("answers B's create with A's affiliate's email exactly as for a new email, with the same work", async () => {
    const shared = uniqueEmail('shared');
    const atA = await create(a.liveKey, campaignA.id, shared, 'Ada at Alpha');
    expect(atA.status).toBe(201);

    const fresh = uniqueEmail('fresh');
    let freshRes: any;
    let sharedRes: any;
    const freshWork = await statementsSentDuring(async () => {
      freshRes = await create(b.liveKey, campaignB.id, fresh);
    });
    const sharedWork = await statementsSentDuring(async () => {
      sharedRes = await create(b.liveKey, campaignB.id, shared.toUpperCase());
    });
    expect(sharedRes.status).toBe(201);
    expect(shapeOf(sharedRes)).toEqual(shapeOf(freshRes));
    // Named after its email (B gave no name): nothing of A's record shows.
    expect(sharedRes.body.data).toMatchObject({ name: shared.toUpperCase(), email: shared.toUpperCase(), payoutMethod: null, payoutEmail: null });
    // The same statements, in the same order: the other merchant's affiliate costs no extra look-up.
    expect(statementTexts(sharedWork)).toEqual(statementTexts(freshWork));

    // Both exist independently, each seen by its own merchant only.
    const idA = atA.body.data.id;
    const idB = sharedRes.body.data.id;
    expect(idB).not.toBe(idA);
    expect((await t.api('GET', `/affiliates/${idA}`, a.liveKey)).body.data).toMatchObject({ name: 'Ada at Alpha', email: shared });
    expect((await t.api('GET', `/affiliates/${idB}`, b.liveKey)).body.data).toMatchObject({ name: shared.toUpperCase() });
    expect((await t.api('GET', `/affiliates/${idA}`, b.liveKey)).status).toBe(404);
    expect((await t.api('GET', `/affiliates/${idB}`, a.liveKey)).status).toBe(404);
    const listA = (await t.api('GET', '/affiliates?limit=100', a.liveKey)).body.data.map((row: { id: string }) => row.id);
    expect(listA).toContain(idA);
    expect(listA).not.toContain(idB);
  });

  it("keeps 409 duplicate inside one merchant's program, and B's record blocks nothing at A", async () => {
    const email = uniqueEmail('twice');
    expect((await create(b.liveKey, campaignB.id, email)).status).toBe(201);
    expect((await create(a.liveKey, campaignA.id, email)).status).toBe(201);
    const before = await slice3Counts(t);
    for (const [key, campaignId] of [
      [a.liveKey, campaignA.id],
      [b.liveKey, campaignB.id],
    ] as const) {
      const again = await create(key, campaignId, email.toUpperCase());
      expect(again.status).toBe(409);
      expect(again.body.error).toEqual({
        code: 'duplicate',
        message: 'An affiliate with this email already exists',
        details: [{ field: 'email', message: 'is already registered' }],
      });
    }
    expect(await slice3Counts(t)).toEqual(before);
  });

  it('gives one 201 and one 409 to two concurrent creates of one email at one merchant, whatever another merchant holds', async () => {
    const email = uniqueEmail('race');
    expect((await create(a.liveKey, campaignA.id, email)).status).toBe(201);
    const answers = await Promise.all([create(b.liveKey, campaignB.id, email), create(b.liveKey, campaignB.id, email)]);
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409]);
    const rows = await t.sql('select merchant_id from affiliates where lower(email) = lower($1) order by merchant_id', [email]);
    expect(rows.map((r) => r.merchant_id).sort()).toEqual([a.id, b.id].sort());
  });

  it('invites, at B, the email of an affiliate of A as any new email, and the accepted invitation makes a record of B', async () => {
    const email = uniqueEmail('invited');
    const atA = await create(a.liveKey, campaignA.id, email, 'Ivy at Alpha');
    const hidden = await createCampaign(t, b.liveKey, { name: 'Beta by invitation', isPublic: false });
    const invited = await t.api('POST', '/affiliates/invite', b.liveKey, { email, campaignId: hidden.id });
    expect(invited.status).toBe(201);
    const browser = new PortalBrowser(t);
    await browser.get(`/portal/m/${b.id}/invitations/${invited.body.data.id}`);
    expect((await browser.post(`/portal/m/${b.id}/invitations/${invited.body.data.id}/accept`)).status).toBe(200);
    const rows = await t.sql<{ id: string; merchant_id: string; name: string; headless: boolean }>(
      'select id, merchant_id, name, headless from affiliates where lower(email) = lower($1) order by merchant_id',
      [email],
    );
    expect(rows).toHaveLength(2);
    const atB = rows.find((r) => r.merchant_id === b.id)!;
    const stillA = rows.find((r) => r.merchant_id === a.id)!;
    expect(atB.id).not.toBe(atA.body.data.id);
    // Accepting at B gives B's record a login; A's API-made record stays headless.
    expect(atB).toMatchObject({ headless: false, name: email });
    expect(stillA).toMatchObject({ id: atA.body.data.id, headless: true, name: 'Ivy at Alpha' });
  });

  it('signs the person in to each portal separately, each with its own record', async () => {
    const email = uniqueEmail('both');
    const join = async (merchantId: string, trackingCode: string, name: string) => {
      const browser = new PortalBrowser(t);
      await browser.get(`/portal/m/${merchantId}/c/${trackingCode}`);
      expect((await browser.post(`/portal/m/${merchantId}/c/${trackingCode}/join`, { email, name })).status).toBe(200);
    };
    await join(a.id, campaignA.trackingCode, 'Bo Alpha');
    await join(b.id, campaignB.trackingCode, 'Bo Beta');
    const [idA] = (await t.sql('select id from affiliates where merchant_id = $1 and lower(email) = lower($2)', [a.id, email])).map((r) => r.id);
    const [idB] = (await t.sql('select id from affiliates where merchant_id = $1 and lower(email) = lower($2)', [b.id, email])).map((r) => r.id);
    expect(idA).toBeDefined();
    expect(idB).toBeDefined();
    expect(idA).not.toBe(idB);

    const atA = await signedInBrowser(t, a.id, email);
    const homeA = visibleText((await atA.get(`/portal/m/${a.id}/home`)).text);
    expect(homeA).toContain('Alpha deals');
    expect(homeA).not.toContain('Beta deals');
    const sessions = await t.sql<{ subject_id: string; merchant_id: string }>(
      `select subject_id, merchant_id from web_sessions where subject_kind = 'affiliate' and subject_id = any($1::uuid[])`,
      [[idA, idB]],
    );
    expect(sessions).toEqual([{ subject_id: idA, merchant_id: a.id }]);
    // Alpha's session is no session at Beta: Beta's portal asks for its own sign-in.
    const crossed = await atA.get(`/portal/m/${b.id}/home`);
    expect(crossed.status).toBe(303);
    expect(crossed.location).toBe(`/portal/m/${b.id}/sign-in`);

    const atB = await signedInBrowser(t, b.id, email);
    expect(await latestSignInLink(t, email)).toContain(`/portal/m/${b.id}/sign-in/`);
    const homeB = visibleText((await atB.get(`/portal/m/${b.id}/home`)).text);
    expect(homeB).toContain('Beta deals');
    expect(homeB).not.toContain('Alpha deals');
    const bSessions = await t.sql(`select merchant_id from web_sessions where subject_kind = 'affiliate' and subject_id = $1`, [idB]);
    expect(bSessions).toEqual([{ merchant_id: b.id }]);
  });

  it("sends no sign-in link at a merchant where the email has no login account, whatever another merchant's record", async () => {
    const email = uniqueEmail('loginless');
    // A login account at A (joined through A's portal); at B only a headless record made through the API.
    const browser = new PortalBrowser(t);
    await browser.get(`/portal/m/${a.id}/c/${campaignA.trackingCode}`);
    await browser.post(`/portal/m/${a.id}/c/${campaignA.trackingCode}/join`, { email, name: 'Cy' });
    expect((await create(b.liveKey, campaignB.id, email)).status).toBe(201);
    const links = async () =>
      (await t.sql(`select count(*)::int as n from mail_outbox where kind = 'sign_in_link' and lower(recipient) = lower($1)`, [email]))[0].n;
    const before = await links();
    const asking = new PortalBrowser(t);
    await asking.get(`/portal/m/${b.id}/sign-in`);
    const asked = await asking.post(`/portal/m/${b.id}/sign-in`, { email });
    const stranger = new PortalBrowser(t);
    await stranger.get(`/portal/m/${b.id}/sign-in`);
    const unknown = await stranger.post(`/portal/m/${b.id}/sign-in`, { email: uniqueEmail('nobody') });
    expect(asked.status).toBe(200);
    // The same page as for an address nobody has.
    expect(visibleText(asked.text).replace(email, 'EMAIL')).toBe(visibleText(unknown.text).replace(/nobody-[^\s]+@example\.com/, 'EMAIL'));
    expect(await links()).toBe(before);
  });

  it('keeps payout details and names set at A away from B, in the API and in the portal', async () => {
    const email = uniqueEmail('payee');
    const browserA = new PortalBrowser(t);
    await browserA.get(`/portal/m/${a.id}/c/${campaignA.trackingCode}`);
    await browserA.post(`/portal/m/${a.id}/c/${campaignA.trackingCode}/join`, { email, name: 'Dee Alpha' });
    const browserB = new PortalBrowser(t);
    await browserB.get(`/portal/m/${b.id}/c/${campaignB.trackingCode}`);
    await browserB.post(`/portal/m/${b.id}/c/${campaignB.trackingCode}/join`, { email, name: 'Dee Beta' });

    const portalA = await signedInBrowser(t, a.id, email);
    await portalA.get(`/portal/m/${a.id}/payout-details`);
    const saved = await portalA.post(`/portal/m/${a.id}/payout-details`, { method: 'wallet_a', email: 'dee.wallet@alpha-pay.example' });
    expect(saved.status).toBeLessThan(400);

    const [idA] = (await t.sql('select id from affiliates where merchant_id = $1 and lower(email) = lower($2)', [a.id, email])).map((r) => r.id);
    const [idB] = (await t.sql('select id from affiliates where merchant_id = $1 and lower(email) = lower($2)', [b.id, email])).map((r) => r.id);
    expect((await t.api('GET', `/affiliates/${idA}`, a.liveKey)).body.data).toMatchObject({
      name: 'Dee Alpha',
      payoutMethod: 'wallet_a',
      payoutEmail: 'dee.wallet@alpha-pay.example',
    });
    const atB = (await t.api('GET', `/affiliates/${idB}`, b.liveKey)).body.data;
    expect(atB).toMatchObject({ name: 'Dee Beta', payoutMethod: null, payoutEmail: null });
    const listB = await t.api('GET', '/affiliates?limit=100', b.liveKey);
    expect(JSON.stringify(listB.body)).not.toContain('alpha-pay.example');
    expect(JSON.stringify(listB.body)).not.toContain('Dee Alpha');

    const portalB = await signedInBrowser(t, b.id, email);
    const detailsB = (await portalB.get(`/portal/m/${b.id}/payout-details`)).text;
    expect(detailsB).not.toContain('alpha-pay.example');
    expect(visibleText((await portalB.get(`/portal/m/${b.id}/home`)).text)).not.toContain('Dee Alpha');

    // Each merchant hears about its own affiliate's payout details only.
    const completions = await t.sql(`select merchant_id, payload from outbox_events where type = 'affiliate.payout_details_completed' and payload->>'affiliateId' = any($1::text[])`, [[idA, idB]]);
    expect(completions.map((e) => e.merchant_id)).toEqual([a.id]);
  });

  it('keeps the modes apart: a test affiliate at A blocks nothing in live mode at A or anywhere at B', async () => {
    const email = uniqueEmail('modes');
    expect((await create(a.testKey, campaignA.id, email)).status).toBe(201);
    expect((await create(a.liveKey, campaignA.id, email)).status).toBe(201);
    expect((await create(b.testKey, campaignB.id, email)).status).toBe(201);
    expect((await create(a.testKey, campaignA.id, email)).status).toBe(409);
  });
});
