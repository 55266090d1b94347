import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { click, events } from '../support/card-events.js';
import { createAffiliate, createCampaign } from '../support/campaign-mother.js';
import { lemonSqueezyEventId } from '../../adapters/providers/lemon-squeezy/lemon-squeezy-event-id.js';
import { deliverLemon, lemonCustomerId, orderCreated, orderRefunded, subscriptionPaymentSuccess } from '../support/lemon-squeezy-events.js';
import type { TestMerchant } from '../support/merchant-mother.js';
import { hexHmac, integration } from '../support/mor-events.js';
import { providerProgram } from '../support/provider-program.js';
import { startTestService, type TestService } from '../support/test-service.js';

/**
 * Lemon Squeezy (`mor_b`). It publishes no complete example payload, so the bodies here follow its
 * documented shape field by field (see test/support/lemon-squeezy-events.ts), signed as its docs
 * say: `X-Signature` = hex HMAC-SHA256 of the raw body under the signing secret.
 */
describe('sales from Lemon Squeezy (mor_b)', () => {
  let t: TestService;
  let m: TestMerchant;
  let campaign: { id: string };
  let affiliate: { id: string; trackingLink: string };
  let live: { id: string; secret: string };

  beforeAll(async () => {
    t = await startTestService();
    ({ merchant: m, campaign, affiliate } = await providerProgram(t));
    live = await integration(t, m.liveKey, 'mor_b');
  });
  afterAll(() => t.close());

  const conversion = async (id: string) => (await t.api('GET', `/conversions/${id}`, m.liveKey)).body.data;
  const deliver = (event: unknown, signature?: string) => deliverLemon(t, live.id, event, live.secret, signature);

  it('meta.custom_data.click_id → order_created is a pending conversion with source mor_b, net of tax; the event id is derived', async () => {
    const clickId = await click(t, affiliate.trackingLink);
    const order = orderCreated({ total: 12_000, tax: 2_000, clickId });
    const res = await deliver(order);
    expect(res.status).toBe(200);
    expect(res.body.data.outcome).toBe('created');
    expect(await conversion(res.body.data.conversionId)).toMatchObject({
      campaignId: campaign.id, affiliateId: affiliate.id, amount: 100, taxAmount: 20, commission: 20, currency: 'usd',
      status: 'pending', source: 'mor_b', conversionType: 'one_time', clickId, orderId: `orders/${order.data.id}`,
    });
    const [logged] = await events(t, m, live.id);
    expect(logged).toMatchObject({ type: 'order_created', outcome: 'created', providerEventId: `order_created|orders/${order.data.id}|${order.data.attributes.updated_at}` });
  });

  it('derives one event id per notification: a resend is the same, a later refund of the same order another', () => {
    const order = orderCreated({ total: 1_000 });
    const id = lemonSqueezyEventId('order_created', order.data);
    expect(lemonSqueezyEventId('order_created', JSON.parse(JSON.stringify(order.data)))).toBe(id);
    const first = orderRefunded(order, 300, 1);
    const second = orderRefunded(order, 600, 2);
    expect(lemonSqueezyEventId('order_refunded', first.data)).not.toBe(lemonSqueezyEventId('order_refunded', second.data));
    expect(lemonSqueezyEventId('order_refunded', first.data)).toContain('refunded:300');
  });

  it('meta.test_mode decides the mode: a test-mode order reaching a live integration is ignored', async () => {
    const res = await deliver(orderCreated({ total: 1_000, clickId: await click(t, affiliate.trackingLink), testMode: true }));
    expect(res.body.data.outcome).toBe('ignored');
    expect((await events(t, m, live.id))[0]!.reason).toBe('a test-mode event reached a live integration; connect a test integration for it');
  });

  it('subscription_payment_success after the first is a recurring conversion of the order; the initial one adds nothing', async () => {
    const clickId = await click(t, affiliate.trackingLink);
    const customerId = lemonCustomerId();
    const subscriptionId = lemonCustomerId();
    const first = await deliver(orderCreated({ total: 5_000, customerId, clickId }));
    expect(first.body.data.outcome).toBe('created');
    const initial = await deliver(subscriptionPaymentSuccess({ total: 5_000, customerId, subscriptionId, billingReason: 'initial', clickId }));
    expect(initial.body.data.outcome).toBe('ignored');
    const invoice = subscriptionPaymentSuccess({ total: 5_000, customerId, subscriptionId, billingReason: 'renewal', clickId });
    const renewal = await deliver(invoice);
    expect(renewal.body.data.outcome).toBe('renewed');
    expect(await conversion(renewal.body.data.conversionId)).toMatchObject({
      amount: 50, commission: 10, conversionType: 'recurring', parentConversionId: first.body.data.conversionId, orderId: `subscription-invoices/${invoice.data.id}`, source: 'mor_b',
    });
  });

  it('order_refunded carries the running refunded total: a partial refund scales the commission, the whole one ends it', async () => {
    const order = orderCreated({ total: 11_000, tax: 1_000, clickId: await click(t, affiliate.trackingLink) }); // net 100, commission 20
    const created = await deliver(order);
    const id = created.body.data.conversionId as string;
    const partial = await deliver(orderRefunded(order, 2_750, 1));
    expect(partial.body.data).toEqual({ outcome: 'refunded', conversionId: id });
    expect(await conversion(id)).toMatchObject({ status: 'pending', refundedAmount: 25, commission: 15 });
    const whole = await deliver(orderRefunded(order, 11_000, 2));
    expect(whole.body.data.outcome).toBe('refunded');
    expect(await conversion(id)).toMatchObject({ status: 'refunded', refundedAmount: 100, commission: 0 });
  });

  it('a coupon-only order is attributed by the Lemon Squeezy discount id, else by its code (case-insensitive)', async () => {
    const couponCampaign = await createCampaign(t, m.liveKey, { commissionValue: 15 });
    const partner = await createAffiliate(t, m.liveKey, couponCampaign.id);
    const discountId = 700_000 + Math.floor(Math.random() * 100_000);
    expect((await t.api('POST', '/coupons', m.liveKey, { campaignId: couponCampaign.id, affiliateId: partner.id, code: 'LEMON15', provider: 'mor_b', morBDiscountId: String(discountId) })).status).toBe(201);
    const byId = await deliver(orderCreated({ total: 4_000, discount: { id: discountId, code: 'SOMETHINGELSE', amount: 400 } }));
    expect(byId.body.data.outcome).toBe('created');
    expect(await conversion(byId.body.data.conversionId)).toMatchObject({ affiliateId: partner.id, commission: 6, clickId: null });
    expect((await events(t, m, live.id))[0]!.reason).toBe(`attributed by coupon ${discountId} / SOMETHINGELSE`);
    expect((await t.api('POST', '/coupons', m.liveKey, { campaignId: couponCampaign.id, affiliateId: partner.id, code: 'zest10', provider: 'mor_b' })).status).toBe(201);
    const byCode = await deliver(orderCreated({ total: 2_000, discount: { id: discountId + 1, code: 'Zest10', amount: 200 } }));
    expect(byCode.body.data.outcome).toBe('created');
    expect(await conversion(byCode.body.data.conversionId)).toMatchObject({ affiliateId: partner.id, commission: 3 });
  });

  it('refuses a wrong, missing or non-hex X-Signature and a tampered body with 400, recording nothing', async () => {
    const before = await t.sql('select count(*)::int as n from integration_events');
    const order = orderCreated({ total: 1_000, clickId: await click(t, affiliate.trackingLink) });
    const rawBody = JSON.stringify(order);
    for (const signature of ['', 'z'.repeat(64), 'ab'.repeat(16), hexHmac('another-secret', rawBody)]) {
      const res = await deliver(order, signature);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('invalid_signature');
    }
    const tampered = await t.request('POST', `/ingest/v1/${live.id}`, {
      rawBody: rawBody.replace('"total":1000', '"total":100000'),
      headers: { 'x-signature': hexHmac(live.secret, rawBody) },
    });
    expect(tampered.status).toBe(400);
    expect(await t.sql('select count(*)::int as n from integration_events')).toEqual(before);
  });

  it('the same notification delivered 20 times at once makes one conversion; the others are duplicates', async () => {
    const order = orderCreated({ total: 7_000, clickId: await click(t, affiliate.trackingLink) });
    const answers = await Promise.all(Array.from({ length: 20 }, () => deliver(order)));
    expect(answers.every((a) => a.status === 200 || a.status >= 500)).toBe(true);
    expect(answers.filter((a) => a.status === 200 && a.body.data.outcome === 'created')).toHaveLength(1);
    expect((await t.sql('select count(*)::int as n from conversions where order_id = $1', [`orders/${order.data.id}`]))[0].n).toBe(1);
    const eventId = lemonSqueezyEventId('order_created', order.data);
    const logged = (await events(t, m, live.id)).filter((e) => e.providerEventId === eventId);
    expect(logged.map((e) => e.outcome).sort()).toEqual(['created', ...Array(answers.filter((a) => a.status === 200).length - 1).fill('duplicate')]);
  });
});
