import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCampaign, uniqueEmail } from '../support/campaign-mother.js';
import { cardEvent, cardIntegration, deliver } from '../support/card-events.js';
import { createMerchant, type TestMerchant } from '../support/merchant-mother.js';
import { approvedSale, payoutOf, runJobs } from '../support/payout-mother.js';
import { PortalBrowser, visibleText } from '../support/portal-browser.js';
import { signedInBrowser } from '../support/portal-mother.js';
import { startStripeStub, type StripeStub } from '../support/provider-stubs/stripe-stub.js';
import { startTestService, type TestService } from '../support/test-service.js';

const SECRET = 'sk_live_51PortalConnectSecret0000001';

/** An affiliate connects payouts from the portal, against a local stub of the card processor's API. */
describe('connecting payouts from the portal', () => {
  let stub: StripeStub;
  let t: TestService;
  let m: TestMerchant;
  let campaign: { id: string; trackingCode: string };
  /** A public campaign that approves joiners at once and pays the whole sale as commission. */
  const payingCampaign = (merchant: TestMerchant) => createCampaign(t, merchant.liveKey, { commissionValue: 100, autoApproveAffiliates: true });

  beforeAll(async () => {
    stub = await startStripeStub();
    stub.keys.add(SECRET);
    t = await startTestService({ payoutApiBases: { stripe: stub.base, paypal: null, wise: null } });
    m = await createMerchant(t, 'scale', { businessName: 'Connect Co', automaticPayouts: true, payoutHoldingDays: 0 });
    campaign = await payingCampaign(m);
    expect((await t.api('PUT', '/payout-providers/connect', m.liveKey, { secretKey: SECRET })).status).toBe(200);
  });
  afterAll(async () => {
    await t?.close();
    await stub?.close();
  });

  /** An affiliate who joined the merchant's campaign in the portal and is signed in there. */
  const joinAndSignIn = async (merchant: TestMerchant, trackingCode: string) => {
    const email = uniqueEmail('connector');
    const joiner = new PortalBrowser(t);
    await joiner.get(`/portal/m/${merchant.id}/c/${trackingCode}`);
    expect((await joiner.post(`/portal/m/${merchant.id}/c/${trackingCode}/join`, { email, name: 'Cora Nect' })).status).toBe(200);
    const [affiliate] = await t.sql('select id from affiliates where lower(email) = lower($1)', [email]);
    return { id: affiliate.id as string, browser: await signedInBrowser(t, merchant.id, email) };
  };
  const completedEvents = (affiliateId: string) =>
    t.sql(`select payload from outbox_events where type = 'affiliate.payout_details_completed' and payload->>'affiliateId' = $1`, [affiliateId]);
  const payoutMethodOf = async (affiliateId: string) => (await t.sql('select payout_method from affiliates where id = $1', [affiliateId]))[0].payout_method;

  it('start in the portal → the processor\'s link → account.updated → details complete once, and payouts go to the account', async () => {
    const { id, browser } = await joinAndSignIn(m, campaign.trackingCode);
    const base = `/portal/m/${m.id}`;
    const details = await browser.get(`${base}/payout-details`);
    expect(visibleText(details.text)).toContain('Connect payouts');
    expect(visibleText(details.text)).not.toContain('Stripe (connected account) PayPal');

    // The form saves email methods only: `connect` alone would be details without an account.
    const forged = await browser.post(`${base}/payout-details`, { method: 'connect' });
    expect(forged.status).toBe(400);
    expect(visibleText(forged.text)).toContain('A connected account is set up with "Connect payouts".');
    expect(await payoutMethodOf(id)).toBeNull();

    const started = await browser.post(`${base}/payout-details/connect`);
    expect(started.status).toBe(303);
    const accountId = [...stub.accounts.values()].find((a) => (a.email as string | undefined)?.startsWith('connector'))?.id as string;
    expect(started.location).toBe(`https://connect.stripe.com/setup/e/${accountId}/stub`);
    expect(stub.accounts.get(accountId)).toMatchObject({ type: 'express' });
    expect(stub.accountLinks.at(-1)).toEqual({
      account: accountId,
      type: 'account_onboarding',
      returnUrl: `http://localhost:3000${base}/payout-details/connect/return`,
      refreshUrl: `http://localhost:3000${base}/payout-details/connect/refresh`,
    });
    // The browser may follow the form's redirect to the processor.
    expect(started.headers.get('content-security-policy')).toContain("form-action 'self' https://connect.stripe.com");
    // Nothing is complete before the processor says so.
    expect(await payoutMethodOf(id)).toBeNull();
    expect(await completedEvents(id)).toEqual([]);
    expect(visibleText((await browser.get(`${base}/payout-details/connect/return`)).text)).toContain('Almost there');
    expect(visibleText((await browser.get(`${base}/payout-details/connect/refresh`)).text)).toContain('Continue connecting');

    const integration = await cardIntegration(t, m.liveKey);
    const account = { ...stub.accounts.get(accountId)!, payouts_enabled: false };
    expect((await deliver(t, integration.id, cardEvent('account.updated', account), integration.secret)).status).toBe(200);
    expect(await payoutMethodOf(id)).toBeNull();
    for (let i = 0; i < 2; i += 1) {
      expect((await deliver(t, integration.id, cardEvent('account.updated', { ...account, payouts_enabled: true }), integration.secret)).status).toBe(200);
    }
    expect(await payoutMethodOf(id)).toBe('connect');
    expect((await completedEvents(id)).map((e) => e.payload)).toEqual([expect.objectContaining({ affiliateId: id, payoutMethod: 'connect' })]);
    expect(visibleText((await browser.get(`${base}/payout-details/connect/return`)).text)).toContain('Your account is connected');
    const after = visibleText((await browser.get(`${base}/payout-details`)).text);
    expect(after).toContain('Your connected account is ready: your payouts go to it.');
    expect(after).not.toContain('Connect payouts');

    // Audited with the affiliate as the actor.
    const audit = await t.sql(`select actor, merchant_id, status from audit_log where path = $1`, [`${base}/payout-details/connect`]);
    expect(audit).toEqual([{ actor: `affiliate:${id}`, merchant_id: m.id, status: 303 }]);

    // A sale is paid to the connected account.
    const sale = await approvedSale(t, m.liveKey, campaign.id, id, 20);
    await runJobs(t);
    expect(await payoutOf(t, m.liveKey, sale)).toMatchObject({ status: 'completed' });
    expect([...stub.transfers.values()].filter((tr) => tr.destination === accountId).map((tr) => tr.amount)).toEqual([2000]);
  });

  it('refuses a forged form, answers another merchant\'s portal with its sign-in, and says so when the merchant has no connect credentials', async () => {
    const { id, browser } = await joinAndSignIn(m, campaign.trackingCode);
    const accounts = stub.accounts.size;
    expect((await browser.post(`/portal/m/${m.id}/payout-details/connect`, {}, { csrf: null })).status).toBe(403);
    expect((await browser.post(`/portal/m/${m.id}/payout-details/connect`, {}, { origin: 'https://evil.example' })).status).toBe(403);

    const other = await createMerchant(t, 'scale', { businessName: 'No Connect' });
    const otherCampaign = await payingCampaign(other);
    const elsewhere = await browser.post(`/portal/m/${other.id}/payout-details/connect`);
    expect([302, 303]).toContain(elsewhere.status);
    expect(elsewhere.location).toContain(`/portal/m/${other.id}/sign-in`);
    expect(stub.accounts.size).toBe(accounts);

    const there = await joinAndSignIn(other, otherCampaign.trackingCode);
    // The page offers no connected account; a forged post is refused with the reason.
    expect(visibleText((await there.browser.get(`/portal/m/${other.id}/payout-details`)).text)).not.toContain('Connect payouts');
    const refused = await there.browser.post(`/portal/m/${other.id}/payout-details/connect`);
    expect(refused.status).toBe(409);
    expect(visibleText(refused.text)).toContain('Payouts to a connected account are not available in this program yet.');
    expect(stub.accounts.size).toBe(accounts);
    expect(await t.sql('select 1 from affiliate_connected_accounts where affiliate_id = any($1::uuid[])', [[id, there.id]])).toEqual([]);
  });
});
