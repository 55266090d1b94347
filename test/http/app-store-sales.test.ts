import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appleNotificationBody, appleTransaction, makeChain, transactionId, type AppleApp, type TestChain } from '../support/app-store-signing.js';
import { createAffiliate, createCampaign } from '../support/campaign-mother.js';
import { click, events } from '../support/card-events.js';
import type { TestMerchant } from '../support/merchant-mother.js';
import { providerProgram } from '../support/provider-program.js';
import { startTestService, type TestService } from '../support/test-service.js';

/** StoreKit takes a UUID: the app passes the click's own id, the first 36 characters of the signed click id. */
const appAccountTokenOf = (clickId: string): string => clickId.slice(0, 36);

const LIVE_APP: AppleApp = { bundleId: 'com.example.affiliates', appAppleId: 1_234_567_890, environment: 'Production' };

describe('sales from the App Store', () => {
  let chain: TestChain;
  let stranger: TestChain;
  let t: TestService;
  let m: TestMerchant;
  let affiliate: { id: string; trackingLink: string };
  let live: string;

  beforeAll(async () => {
    [chain, stranger] = await Promise.all([makeChain(), makeChain('Stranger')]);
    t = await startTestService({ appStoreRootCertPaths: [chain.rootPath], appStoreOnlineChecks: false });
    // Recurring commissions with no month limit (the field left out).
    ({ merchant: m, affiliate } = await providerProgram(t, { recurringCommissionMonths: undefined }));
    const created = await t.api('POST', '/integrations', m.liveKey, { provider: 'app_store', bundleId: LIVE_APP.bundleId, appAppleId: LIVE_APP.appAppleId, name: 'iOS' });
    expect(created.status).toBe(201);
    live = created.body.data.id;
  });
  afterAll(() => t.close());

  const deliver = (integrationId: string, rawBody: string) =>
    t.request('POST', `/ingest/v1/${integrationId}`, { rawBody, headers: { 'content-type': 'application/json' } });
  const notify = async (type: string, transaction: Record<string, unknown>, extra: { subtype?: string; app?: AppleApp; chain?: TestChain } = {}) =>
    deliver(live, await appleNotificationBody(extra.chain ?? chain, extra.app ?? LIVE_APP, { type, subtype: extra.subtype, transaction, renewal: {} }));
  const conversion = async (id: string) => (await t.api('GET', `/conversions/${id}`, m.liveKey)).body.data;
  const latest = async () => (await events(t, m, live))[0]!;

  it('creates app_store integrations with the app identity and no secret, and says what is missing', async () => {
    const got = await t.api('GET', `/integrations/${live}`, m.liveKey);
    expect(got.body.data).toMatchObject({ provider: 'app_store', bundleId: LIVE_APP.bundleId, appAppleId: LIVE_APP.appAppleId, mode: 'live' });
    const card = await t.api('POST', '/integrations', m.liveKey, { provider: 'card', signingSecret: 'whsec_abcdefgh' });
    expect(card.body.data).toMatchObject({ bundleId: null, appAppleId: null });
    const before = await t.sql('select count(*)::int as n from integrations');
    const noApp = await t.api('POST', '/integrations', m.liveKey, { provider: 'app_store', signingSecret: 'whsec_abcdefgh' });
    expect(noApp.status).toBe(400);
    expect(noApp.body.error.details.map((d: { field: string }) => d.field).sort()).toEqual(['appAppleId', 'bundleId', 'signingSecret']);
    const bad = await t.api('POST', '/integrations', m.liveKey, { provider: 'app_store', bundleId: 'com example', appAppleId: 1 });
    expect(bad.body.error.details).toEqual([{ field: 'bundleId', message: expect.stringContaining('bundle id') }]);
    const cardWithApp = await t.api('POST', '/integrations', m.liveKey, { provider: 'card', signingSecret: 'whsec_abcdefgh', bundleId: 'com.example' });
    expect(cardWithApp.body.error.details).toEqual([{ field: 'bundleId', message: 'is only for provider app_store' }]);
    expect(await t.sql('select count(*)::int as n from integrations')).toEqual(before);
    // Sandbox needs no Apple ID; a test integration is the Sandbox's.
    expect((await t.api('POST', '/integrations', m.testKey, { provider: 'app_store', bundleId: 'com.example.affiliates' })).status).toBe(201);
    const patched = await t.api('PATCH', `/integrations/${live}`, m.liveKey, { appAppleId: null });
    expect(patched.body.error.details[0]).toMatchObject({ field: 'appAppleId' });
    expect((await t.api('PATCH', `/integrations/${live}`, m.liveKey, { signingSecret: 'whsec_abcdefgh' })).status).toBe(400);
  });

  it('a purchase carrying the click in appAccountToken is a sale: exact price from milli-units, source app_store', async () => {
    const clickId = appAccountTokenOf(await click(t, affiliate.trackingLink));
    const transaction = appleTransaction(LIVE_APP, { price: 10_990, currency: 'USD', appAccountToken: clickId.toUpperCase(), type: 'Non-Consumable' });
    const res = await notify('ONE_TIME_CHARGE', transaction);
    expect(res.status).toBe(200);
    expect(res.body.data.outcome).toBe('created');
    expect(await conversion(res.body.data.conversionId)).toMatchObject({
      amount: 10.99,
      commission: 2.2,
      currency: 'usd',
      source: 'app_store',
      conversionType: 'one_time',
      orderId: transaction.transactionId,
      clickId,
      status: 'pending',
    });
    expect(await latest()).toMatchObject({ type: 'ONE_TIME_CHARGE', outcome: 'created', reason: `attributed by click ${clickId}` });
  });

  it('a renewal chains to the first sale as recurring; refunds by percentage and whole; a reversed refund is ignored with a notice', async () => {
    const clickId = appAccountTokenOf(await click(t, affiliate.trackingLink));
    const first = appleTransaction(LIVE_APP, { price: 4_990, currency: 'EUR', appAccountToken: clickId });
    const sale = await notify('SUBSCRIBED', first, { subtype: 'INITIAL_BUY' });
    expect(sale.body.data.outcome).toBe('created');
    const renewalTx = appleTransaction(LIVE_APP, { price: 4_990, currency: 'EUR', originalTransactionId: first.originalTransactionId, transactionId: transactionId() });
    const renewal = await notify('DID_RENEW', renewalTx);
    expect(renewal.body.data.outcome).toBe('renewed');
    const recurring = await conversion(renewal.body.data.conversionId);
    expect(recurring).toMatchObject({ conversionType: 'recurring', parentConversionId: sale.body.data.conversionId, amount: 4.99, currency: 'eur', orderId: renewalTx.transactionId });

    // Half of the renewal refunded: its conversion only, never the first sale its original transaction names.
    const half = await notify('REFUND', { ...renewalTx, revocationPercentage: 50_000, revocationDate: Date.now(), revocationReason: 0, revocationType: 'REFUND_PRORATED' });
    expect(half.body.data).toEqual({ outcome: 'refunded', conversionId: recurring.id });
    expect(await conversion(recurring.id)).toMatchObject({ status: 'pending', refundedAmount: 2.5, commission: 0.5 });
    expect((await conversion(sale.body.data.conversionId)).status).toBe('pending');

    const whole = await notify('REFUND', { ...first, revocationDate: Date.now(), revocationReason: 1, revocationType: 'REFUND_FULL' });
    expect(whole.body.data).toEqual({ outcome: 'refunded', conversionId: sale.body.data.conversionId });
    expect(await conversion(sale.body.data.conversionId)).toMatchObject({ status: 'refunded', commission: 0 });

    const reversed = await notify('REFUND_REVERSED', first);
    expect(reversed.body.data).toEqual({ outcome: 'ignored', conversionId: sale.body.data.conversionId });
    expect((await latest()).reason).toContain('is refunded, a final state: a refund cannot be undone');
    expect((await conversion(sale.body.data.conversionId)).status).toBe('refunded');
    const notices = (await t.api('GET', '/notifications', m.liveKey)).body.data as { kind: string; message: string }[];
    expect(notices.find((n) => n.kind === 'provider_refund_reversed')?.message).toContain('record it again from Conversions → Record a sale in your dashboard');
  });

  it('REVOKE (Family Sharing revoked) refunds that purchase whole; a shared entitlement never made a sale', async () => {
    const clickId = appAccountTokenOf(await click(t, affiliate.trackingLink));
    const purchase = appleTransaction(LIVE_APP, { price: 2_990, currency: 'USD', appAccountToken: clickId });
    const sale = await notify('ONE_TIME_CHARGE', purchase);
    const revoked = await notify('REVOKE', { ...purchase, revocationDate: Date.now(), revocationReason: 0, revocationType: 'FAMILY_REVOKE' });
    expect(revoked.body.data).toEqual({ outcome: 'refunded', conversionId: sale.body.data.conversionId });
    expect((await conversion(sale.body.data.conversionId)).status).toBe('refunded');
    const shared = await notify('SUBSCRIBED', appleTransaction(LIVE_APP, { appAccountToken: clickId, inAppOwnershipType: 'FAMILY_SHARED' }), { subtype: 'INITIAL_BUY' });
    expect(shared.body.data.outcome).toBe('ignored');
    expect((await latest()).reason).toContain('Family Sharing entitlement');
  });

  it('an offer code attributes by the coupon registered with its offer type, case-sensitively', async () => {
    const offers = await createCampaign(t, m.liveKey, { commissionValue: 10 });
    const partner = await createAffiliate(t, m.liveKey, offers.id);
    const coupon = await t.api('POST', '/coupons', m.liveKey, { campaignId: offers.id, affiliateId: partner.id, provider: 'app_store', code: 'Summer26', appleOfferType: 3 });
    expect(coupon.status).toBe(201);
    const offer = (code: string, offerType: number) => appleTransaction(LIVE_APP, { price: 9_990, currency: 'USD', appAccountToken: undefined, offerType, offerIdentifier: code, offerDiscountType: 'PAY_UP_FRONT' });
    const res = await notify('SUBSCRIBED', offer('Summer26', 3), { subtype: 'INITIAL_BUY' });
    expect(res.body.data.outcome).toBe('created');
    expect(await conversion(res.body.data.conversionId)).toMatchObject({ affiliateId: partner.id, campaignId: offers.id, commission: 1, clickId: null });
    expect((await latest()).reason).toBe('attributed by coupon Summer26');
    expect((await notify('SUBSCRIBED', offer('SUMMER26', 3), { subtype: 'INITIAL_BUY' })).body.data.outcome).toBe('unattributed');
    expect((await notify('SUBSCRIBED', offer('Summer26', 2), { subtype: 'INITIAL_BUY' })).body.data.outcome).toBe('unattributed');
    expect((await latest()).reason).toContain('no registered coupon for Summer26 (Apple offer type 2)');
  });

  it('refuses a bad signature recording nothing; another environment or app is logged as ignored with why', async () => {
    const before = await t.sql('select count(*)::int as n from integration_events');
    const forged = await notify('ONE_TIME_CHARGE', appleTransaction(LIVE_APP, { appAccountToken: appAccountTokenOf(await click(t, affiliate.trackingLink)) }), { chain: stranger });
    expect(forged.status).toBe(400);
    expect(forged.body.error.code).toBe('invalid_signature');
    expect((await deliver(live, '{"signedPayload": 42}')).body.error.code).toBe('invalid_json');
    expect(await t.sql('select count(*)::int as n from integration_events')).toEqual(before);

    const sandbox = { ...LIVE_APP, environment: 'Sandbox' as const };
    const wrongEnvironment = await notify('ONE_TIME_CHARGE', appleTransaction(sandbox), { app: sandbox });
    expect(wrongEnvironment.body.data).toEqual({ outcome: 'ignored', conversionId: null });
    expect((await latest()).reason).toBe('ONE_TIME_CHARGE: a Sandbox-environment notification reached a live integration (Production); connect a test integration for it');
    const otherApp = { ...LIVE_APP, bundleId: 'com.example.other' };
    expect((await notify('ONE_TIME_CHARGE', appleTransaction(otherApp), { app: otherApp })).body.data.outcome).toBe('ignored');
    expect((await latest()).reason).toContain(`is for app com.example.other (Apple ID ${LIVE_APP.appAppleId}), not this integration's ${LIVE_APP.bundleId}`);
  });

  it('the same notification delivered 20 times at once makes one conversion', async () => {
    const transaction = appleTransaction(LIVE_APP, { price: 1_990, currency: 'USD', appAccountToken: appAccountTokenOf(await click(t, affiliate.trackingLink)) });
    const raw = await appleNotificationBody(chain, LIVE_APP, { type: 'ONE_TIME_CHARGE', uuid: randomUUID(), transaction });
    const answers = await Promise.all(Array.from({ length: 20 }, () => deliver(live, raw)));
    // As for the card processor: a copy starved of a pooled connection answers 5xx, which Apple retries.
    expect(answers.every((a) => a.status === 200 || a.status >= 500)).toBe(true);
    expect(answers.filter((a) => a.status === 200 && a.body.data.outcome === 'created')).toHaveLength(1);
    expect((await t.sql('select count(*)::int as n from conversions where order_id = $1', [transaction.transactionId]))[0].n).toBe(1);
    expect((await deliver(live, raw)).body.data.outcome).toBe('duplicate');
  });

  it('without root certificates configured, creating one says why and notifications answer 503', async () => {
    const bare = await startTestService({}, t.db);
    try {
      const refused = await bare.api('POST', '/integrations', m.liveKey, { provider: 'app_store', bundleId: 'com.example', appAppleId: 1 });
      expect(refused.status).toBe(400);
      expect(refused.body.error.details[0]).toMatchObject({ field: 'provider', message: expect.stringContaining('APP_STORE_ROOT_CERTS') });
      const raw = await appleNotificationBody(chain, LIVE_APP, { type: 'ONE_TIME_CHARGE', transaction: appleTransaction(LIVE_APP) });
      const res = await bare.request('POST', `/ingest/v1/${live}`, { rawBody: raw });
      expect(res.status).toBe(503);
      expect(res.body.error).toMatchObject({ code: 'verification_unavailable', message: expect.stringContaining('APP_STORE_ROOT_CERTS') });
    } finally {
      await bare.close();
    }
  });
});
