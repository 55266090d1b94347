import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardEvent, cardIntegration, click, customer, deliver, events, newId, paidInvoice, paidSession } from '../support/card-events.js';
import { createAffiliate, createCampaign } from '../support/campaign-mother.js';
import type { TestMerchant } from '../support/merchant-mother.js';
import { clockOf } from '../support/payout-mother.js';
import { providerProgram } from '../support/provider-program.js';
import { startTestService, type TestService } from '../support/test-service.js';

describe('sales from the card processor', () => {
  let t: TestService;
  let m: TestMerchant;
  let campaign: { id: string };
  let affiliate: { id: string; trackingLink: string };
  let live: { id: string; secret: string };
  let test: { id: string; secret: string };

  beforeAll(async () => {
    t = await startTestService();
    ({ merchant: m, campaign, affiliate } = await providerProgram(t));
    live = await cardIntegration(t, m.liveKey);
    test = await cardIntegration(t, m.testKey);
  });
  afterAll(() => t.close());

  const conversion = async (id: string) => (await t.api('GET', `/conversions/${id}`, m.liveKey)).body.data;

  it('click → paid checkout → a pending conversion with source card, net of tax, and conversion.created', async () => {
    const clickId = await click(t, affiliate.trackingLink);
    const event = cardEvent('checkout.session.completed', paidSession({ amountTotal: 12_000, tax: 2_000, clickId }));
    const res = await deliver(t, live.id, event, live.secret);
    expect(res.status).toBe(200);
    expect(res.body.data.outcome).toBe('created');
    const c = await conversion(res.body.data.conversionId);
    expect(c).toMatchObject({ campaignId: campaign.id, affiliateId: affiliate.id, amount: 100, taxAmount: 20, commission: 20, currency: 'usd', status: 'pending', source: 'card', conversionType: 'one_time', clickId, orderId: event.data.object.id, isTest: false });
    const outbox = await t.sql(`select type from outbox_events where payload->>'conversionId' = $1`, [c.id]);
    // The click is seconds old: the sale is flagged (fast_conversion), not held (default rule: flag).
    expect(outbox.map((r) => r.type)).toEqual(['conversion.created', 'conversion.flagged']);
    const [logged] = await events(t, m, live.id);
    expect(logged).toMatchObject({ providerEventId: event.id, type: 'checkout.session.completed', outcome: 'created', conversionId: c.id, reason: `attributed by click ${clickId}` });
  });

  it('converts by the currency exponent: JPY has no minor unit, KWD three', async () => {
    const clickId = await click(t, affiliate.trackingLink);
    const yen = await deliver(t, live.id, cardEvent('checkout.session.completed', paidSession({ amountTotal: 5_000, currency: 'jpy', clickId })), live.secret);
    expect(await conversion(yen.body.data.conversionId)).toMatchObject({ amount: 5000, commission: 1000, currency: 'jpy' });
    const dinar = await deliver(t, live.id, cardEvent('checkout.session.completed', paidSession({ amountTotal: 12_345, currency: 'kwd', clickId })), live.secret);
    expect(await conversion(dinar.body.data.conversionId)).toMatchObject({ amount: 12.345, commission: 2.469, currency: 'kwd' });
  });

  it('customer linked by metadata.click_id → first invoice is the sale, the next a recurring renewal of it', async () => {
    const clickId = await click(t, affiliate.trackingLink);
    const cus = customer({ clickId });
    const linked = await deliver(t, live.id, cardEvent('customer.created', cus), live.secret);
    expect(linked.body.data.outcome).toBe('customer_linked');
    const subscription = newId('sub');
    const first = await deliver(t, live.id, cardEvent('invoice.paid', paidInvoice({ total: 5_000, customer: cus.id, billingReason: 'subscription_create', subscription })), live.secret);
    expect(first.body.data.outcome).toBe('created');
    const parent = await conversion(first.body.data.conversionId);
    expect(parent).toMatchObject({ amount: 50, commission: 10, conversionType: 'one_time', clickId, source: 'card' });
    const renewalInvoice = paidInvoice({ total: 5_000, customer: cus.id, billingReason: 'subscription_cycle', subscription });
    const renewal = await deliver(t, live.id, cardEvent('invoice.paid', renewalInvoice), live.secret);
    expect(renewal.body.data.outcome).toBe('renewed');
    expect(await conversion(renewal.body.data.conversionId)).toMatchObject({ amount: 50, commission: 10, conversionType: 'recurring', parentConversionId: parent.id, orderId: renewalInvoice.id });
  });

  it('a renewal earns nothing without recurring commissions or after recurringCommissionMonths, and says why', async () => {
    const oneOff = await createCampaign(t, m.liveKey, { commissionValue: 10 });
    const other = await createAffiliate(t, m.liveKey, oneOff.id);
    const cus = customer({ clickId: await click(t, other.trackingLink) });
    await deliver(t, live.id, cardEvent('customer.created', cus), live.secret);
    const subscription = newId('sub');
    expect((await deliver(t, live.id, cardEvent('invoice.paid', paidInvoice({ total: 1_000, customer: cus.id, billingReason: 'subscription_create', subscription })), live.secret)).body.data.outcome).toBe('created');
    const renewal = await deliver(t, live.id, cardEvent('invoice.paid', paidInvoice({ total: 1_000, customer: cus.id, billingReason: 'subscription_cycle', subscription })), live.secret);
    expect(renewal.body.data).toEqual({ outcome: 'ignored', conversionId: null });
    const logged = (await events(t, m, live.id))[0]!;
    expect(logged.reason).toContain('enableRecurringCommissions is false');

    const limited = await createCampaign(t, m.liveKey, { commissionValue: 10, enableRecurringCommissions: true, recurringCommissionMonths: 1 });
    const third = await createAffiliate(t, m.liveKey, limited.id);
    const c2 = customer({ clickId: await click(t, third.trackingLink) });
    await deliver(t, live.id, cardEvent('customer.created', c2), live.secret);
    const sub2 = newId('sub');
    await deliver(t, live.id, cardEvent('invoice.paid', paidInvoice({ total: 1_000, customer: c2.id, billingReason: 'subscription_create', subscription: sub2 })), live.secret);
    await clockOf(t).advance(32 * 86_400_000);
    const late = await deliver(t, live.id, cardEvent('invoice.paid', paidInvoice({ total: 1_000, customer: c2.id, billingReason: 'subscription_cycle', subscription: sub2 })), live.secret);
    expect(late.body.data.outcome).toBe('ignored');
    expect((await events(t, m, live.id))[0]!.reason).toContain('pays renewals for 1 months');
  });

  it('a coupon-only sale is attributed by the promotion code id', async () => {
    const couponCampaign = await createCampaign(t, m.liveKey, { commissionValue: 15 });
    const partner = await createAffiliate(t, m.liveKey, couponCampaign.id);
    const promo = `promo_${newId('x')}`;
    const coupon = await t.api('POST', '/coupons', m.liveKey, { campaignId: couponCampaign.id, affiliateId: partner.id, code: 'SPRING15', cardPromotionCodeId: promo });
    expect(coupon.status).toBe(201);
    const res = await deliver(t, live.id, cardEvent('checkout.session.completed', paidSession({ amountTotal: 4_000, promotionCode: promo })), live.secret);
    expect(res.body.data.outcome).toBe('created');
    expect(await conversion(res.body.data.conversionId)).toMatchObject({ affiliateId: partner.id, campaignId: couponCampaign.id, commission: 6, clickId: null });
    expect((await events(t, m, live.id))[0]!.reason).toBe(`attributed by coupon ${promo}`);
  });

  it('says precisely why a sale is not attributed, and why a create check rejects it', async () => {
    const unknownClick = '0192f0c4-6c1e-7d2a-9b1e-2f3a4b5c6d7e';
    const res = await deliver(t, live.id, cardEvent('checkout.session.completed', paidSession({ amountTotal: 1_000, clickId: unknownClick, promotionCode: 'promo_nobody' })), live.secret);
    expect(res.body.data).toEqual({ outcome: 'unattributed', conversionId: null });
    const [logged] = await events(t, m, live.id);
    expect(logged!.reason).toBe(`click ${unknownClick} is not one of this merchant's clicks; no customer linked to an affiliate; no registered coupon for promo_nobody`);

    const old = await click(t, affiliate.trackingLink);
    await clockOf(t).advance(31 * 86_400_000);
    await deliver(t, live.id, cardEvent('checkout.session.completed', paidSession({ amountTotal: 1_000, clickId: old })), live.secret);
    expect((await events(t, m, live.id))[0]!.reason).toContain("outside the campaign's 30-day attribution window");

    const paused = await createCampaign(t, m.liveKey, { commissionValue: 5 });
    const pausedAffiliate = await createAffiliate(t, m.liveKey, paused.id);
    const clickId = await click(t, pausedAffiliate.trackingLink);
    await t.sql(`update affiliate_memberships set status = 'rejected' where affiliate_id = $1`, [pausedAffiliate.id]);
    const rejected = await deliver(t, live.id, cardEvent('checkout.session.completed', paidSession({ amountTotal: 1_000, clickId })), live.secret);
    expect(rejected.body.data.outcome).toBe('rejected');
    expect((await events(t, m, live.id))[0]).toMatchObject({ outcome: 'rejected', code: 'affiliate_not_approved' });
  });

  it('a sale on a paused or ended campaign is logged rejected with the create check that refused it', async () => {
    for (const status of ['inactive', 'expired'] as const) {
      const stopped = await createCampaign(t, m.liveKey, { commissionValue: 10 });
      const partner = await createAffiliate(t, m.liveKey, stopped.id);
      const clickId = await click(t, partner.trackingLink);
      expect((await t.api('PATCH', `/campaigns/${stopped.id}`, m.liveKey, { status })).status).toBe(200);
      const before = await t.sql(`select count(*)::int as n from conversions where campaign_id = $1`, [stopped.id]);
      const res = await deliver(t, live.id, cardEvent('checkout.session.completed', paidSession({ amountTotal: 2_000, clickId })), live.secret);
      expect(res.body.data).toEqual({ outcome: 'rejected', conversionId: null });
      expect((await events(t, m, live.id))[0]).toMatchObject({ outcome: 'rejected', code: 'validation_error', reason: expect.stringContaining(`campaign is ${status}`) });
      expect(await t.sql(`select count(*)::int as n from conversions where campaign_id = $1`, [stopped.id])).toEqual(before);
    }
  });

  it('a database failure while recording answers 5xx and keeps nothing, so the provider retry records the sale once', async () => {
    const clickId = await click(t, affiliate.trackingLink);
    const event = cardEvent('checkout.session.completed', paidSession({ amountTotal: 3_000, clickId }));
    // The failure strikes after the delivery row was written, inside the same transaction.
    await t.sql(`create function fail_conversion_insert() returns trigger language plpgsql as $$ begin raise exception 'simulated disk failure'; end $$`);
    await t.sql(`create trigger fail_conversion_insert before insert on conversions for each row execute function fail_conversion_insert()`);
    try {
      const failed = await deliver(t, live.id, event, live.secret);
      expect(failed.status).toBeGreaterThanOrEqual(500);
      expect(await t.sql(`select count(*)::int as n from integration_events where provider_event_id = $1`, [event.id])).toEqual([{ n: 0 }]);
    } finally {
      await t.sql(`drop trigger fail_conversion_insert on conversions`);
      await t.sql(`drop function fail_conversion_insert()`);
    }
    const retried = await deliver(t, live.id, event, live.secret);
    expect(retried.status).toBe(200);
    expect(retried.body.data.outcome).toBe('created');
    expect(await t.sql(`select count(*)::int as n from conversions where click_id = $1`, [clickId])).toEqual([{ n: 1 }]);
  });

  it('test events reach only test integrations; a mode mismatch is recorded as ignored', async () => {
    const clickId = await click(t, affiliate.trackingLink);
    const testEvent = cardEvent('checkout.session.completed', paidSession({ amountTotal: 1_000, clickId }), { livemode: false });
    const res = await deliver(t, live.id, testEvent, live.secret);
    expect(res.body.data).toEqual({ outcome: 'ignored', conversionId: null });
    expect((await events(t, m, live.id))[0]!.reason).toBe('a test-mode event reached a live integration; connect a test integration for it');
    // The live click is not the test mode's either.
    const inTest = await deliver(t, test.id, testEvent, test.secret);
    expect(inTest.body.data.outcome).toBe('unattributed');
    expect((await events(t, m, test.id, m.testKey))[0]!.reason).toContain('belongs to live mode');
  });

  it('refuses bad and stale signatures, malformed JSON, unknown and inactive integrations, recording nothing', async () => {
    const before = await t.sql('select count(*)::int as n from integration_events');
    const event = cardEvent('checkout.session.completed', paidSession({ amountTotal: 1_000 }));
    expect((await deliver(t, live.id, event, 'whsec_wrong_secret')).body.error.code).toBe('invalid_signature');
    const stale = await deliver(t, live.id, event, live.secret, Math.floor(Date.now() / 1000) - 301);
    expect(stale.status).toBe(400);
    expect(stale.body.error.code).toBe('invalid_signature');
    const unsigned = await t.request('POST', `/ingest/v1/${live.id}`, { rawBody: JSON.stringify(event) });
    expect(unsigned.status).toBe(400);
    const { default: Stripe } = await import('stripe');
    const header = new Stripe('sk_test_unused').webhooks.generateTestHeaderString({ payload: '{"id": ', secret: live.secret });
    const malformed = await t.request('POST', `/ingest/v1/${live.id}`, { rawBody: '{"id": ', headers: { 'stripe-signature': header } });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.code).toBe('invalid_json');
    expect((await deliver(t, '0192f0c4-6c1e-7d2a-9b1e-2f3a4b5c6d7e', event, live.secret)).status).toBe(404);
    expect((await deliver(t, 'nope', event, live.secret)).status).toBe(404);
    const paused = await cardIntegration(t, m.liveKey, 'paused');
    await t.api('PATCH', `/integrations/${paused.id}`, m.liveKey, { active: false });
    expect((await deliver(t, paused.id, event, paused.secret)).status).toBe(404);
    expect(await t.sql('select count(*)::int as n from integration_events')).toEqual(before);
  });

  it('the same event delivered 20 times at once makes one conversion; the others are logged as duplicates', async () => {
    const clickId = await click(t, affiliate.trackingLink);
    const event = cardEvent('checkout.session.completed', paidSession({ amountTotal: 7_000, clickId }));
    const answers = await Promise.all(Array.from({ length: 20 }, () => deliver(t, live.id, event, live.secret)));
    // Copies wait for the first one's transaction holding a pooled connection; on a starved machine a
    // copy may time out waiting for a connection and answer 5xx, which the provider retries.
    expect(answers.every((a) => a.status === 200 || a.status >= 500)).toBe(true);
    expect(answers.filter((a) => a.status === 200 && a.body.data.outcome === 'created')).toHaveLength(1);
    const rows = await t.sql('select count(*)::int as n from conversions where order_id = $1', [event.data.object.id]);
    expect(rows[0].n).toBe(1);
    const logged = (await events(t, m, live.id)).filter((e) => e.providerEventId === event.id);
    const answered = answers.filter((a) => a.status === 200).length;
    expect(logged.map((e) => e.outcome).sort()).toEqual(['created', ...Array(answered - 1).fill('duplicate')]);
    // The provider's retry of a copy that failed finds the effect already there.
    expect((await deliver(t, live.id, event, live.secret)).body.data.outcome).toBe('duplicate');
    // The session and its invoice name one sale: the invoice adds nothing.
    const invoiceId = newId('in');
    const session = await deliver(t, live.id, cardEvent('checkout.session.completed', paidSession({ amountTotal: 2_000, clickId, invoice: invoiceId })), live.secret);
    const invoice = { ...paidInvoice({ total: 2_000, customer: newId('cus'), billingReason: 'manual' }), id: invoiceId };
    const again = await deliver(t, live.id, cardEvent('invoice.paid', invoice), live.secret);
    expect(session.body.data.outcome).toBe('created');
    expect(again.body.data).toEqual({ outcome: 'duplicate', conversionId: session.body.data.conversionId });
    expect((await events(t, m, live.id))[0]!.reason).toBe(`order ${invoiceId} already has a conversion`);
  });
});
