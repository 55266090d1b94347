import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { click, events } from '../support/card-events.js';
import { createAffiliate, createCampaign } from '../support/campaign-mother.js';
import type { TestMerchant } from '../support/merchant-mother.js';
import { integration } from '../support/mor-events.js';
import { deliverPolar, disputedRefund, order, polarCustomer, polarEvent, polarHeaders, schemaErrors } from '../support/polar-events.js';
import { providerProgram } from '../support/provider-program.js';
import { startTestService, type TestService } from '../support/test-service.js';

/** Polar (`mor_c`): payloads built from Polar's webhook schemas (checked with ajv), signed by Standard Webhooks. */
describe('sales from Polar (mor_c)', () => {
  let t: TestService;
  let m: TestMerchant;
  let campaign: { id: string };
  let affiliate: { id: string; trackingLink: string };
  let live: { id: string; secret: string };

  beforeAll(async () => {
    t = await startTestService();
    ({ merchant: m, campaign, affiliate } = await providerProgram(t));
    // A secret as Polar's dashboard shows it (not base64: the adapter encodes it, as Polar's SDK does).
    live = await integration(t, m.liveKey, 'mor_c', `polar_whs_${randomUUID().replaceAll('-', '')}`);
  });
  afterAll(() => t.close());

  const conversion = async (id: string) => (await t.api('GET', `/conversions/${id}`, m.liveKey)).body.data;
  const deliver = (event: unknown, fields?: Parameters<typeof deliverPolar>[4]) => deliverPolar(t, live.id, event, live.secret, fields);
  const paid = async (net: number, tax = 0) => {
    const o = order({ net, tax, clickId: await click(t, affiliate.trackingLink) });
    const res = await deliver(polarEvent('order.paid', o));
    expect(res.body.data.outcome).toBe('created');
    return { id: res.body.data.conversionId as string, order: o };
  };

  it('the payloads the tests send conform to Polar’s schemas, and a broken one does not', () => {
    expect(schemaErrors('order.paid', { type: 'order.paid', timestamp: new Date().toISOString(), data: order({ net: 100 }) })).toEqual([]);
    expect(schemaErrors('order.paid', { type: 'order.paid', timestamp: new Date().toISOString(), data: { ...order({ net: 100 }), net_amount: '100' } })).not.toEqual([]);
  });

  it('metadata.click_id → order.paid is a pending conversion with source mor_c, net of tax; the webhook-id is the event id', async () => {
    const clickId = await click(t, affiliate.trackingLink);
    const o = order({ net: 10_000, tax: 2_000, clickId });
    const res = await deliver(polarEvent('order.paid', o), { id: 'msg_order_paid_1' });
    expect(res.status).toBe(200);
    expect(res.body.data.outcome).toBe('created');
    expect(await conversion(res.body.data.conversionId)).toMatchObject({
      campaignId: campaign.id, affiliateId: affiliate.id, amount: 100, taxAmount: 20, commission: 20, currency: 'usd',
      status: 'pending', source: 'mor_c', conversionType: 'one_time', clickId, orderId: o.id, customerEmail: 'buyer@example.net',
    });
    expect((await events(t, m, live.id))[0]).toMatchObject({ providerEventId: 'msg_order_paid_1', type: 'order.paid', outcome: 'created' });
  });

  it('customer.created with metadata.click_id links the customer; a subscription_cycle order is a recurring conversion of the first', async () => {
    const clickId = await click(t, affiliate.trackingLink);
    const c = polarCustomer(clickId);
    expect((await deliver(polarEvent('customer.created', c))).body.data.outcome).toBe('customer_linked');
    const subscriptionId = randomUUID();
    const first = await deliver(polarEvent('order.paid', order({ net: 5_000, customerId: c.id, billingReason: 'subscription_create', subscriptionId })));
    expect(first.body.data.outcome).toBe('created');
    const cycle = order({ net: 5_000, customerId: c.id, billingReason: 'subscription_cycle', subscriptionId });
    const renewal = await deliver(polarEvent('order.paid', cycle));
    expect(renewal.body.data.outcome).toBe('renewed');
    expect(await conversion(renewal.body.data.conversionId)).toMatchObject({ amount: 50, commission: 10, conversionType: 'recurring', parentConversionId: first.body.data.conversionId, orderId: cycle.id });
  });

  it('order.refunded carries the running refunded total: a partial refund scales the commission, the whole one ends it', async () => {
    const s = await paid(10_000, 1_000); // net 100, commission 20
    const partial = await deliver(polarEvent('order.refunded', { ...s.order, ...order({ net: 10_000, tax: 1_000, refunded: 2_500, refundedTax: 250 }, s.order.id) }));
    expect(partial.body.data).toEqual({ outcome: 'refunded', conversionId: s.id });
    expect(await conversion(s.id)).toMatchObject({ status: 'pending', refundedAmount: 25, commission: 15 });
    const whole = await deliver(polarEvent('order.refunded', order({ net: 10_000, tax: 1_000, refunded: 10_000, refundedTax: 1_000 }, s.order.id)));
    expect(whole.body.data.outcome).toBe('refunded');
    expect(await conversion(s.id)).toMatchObject({ status: 'refunded', refundedAmount: 100, commission: 0 });
  });

  it('a refund tied to a dispute: open holds the conversion, lost refunds it whole, won releases it', async () => {
    const s = await paid(5_000);
    const disputeId = randomUUID();
    const opened = await deliver(polarEvent('refund.created', disputedRefund(s.order.id, 'needs_response', 5_000, disputeId)));
    expect(opened.body.data).toEqual({ outcome: 'held', conversionId: s.id });
    const lost = await deliver(polarEvent('refund.created', disputedRefund(s.order.id, 'lost', 5_000, disputeId)));
    expect(lost.body.data.outcome).toBe('refunded');
    expect(await conversion(s.id)).toMatchObject({ status: 'refunded', commission: 0 });
    const other = await paid(3_000);
    await deliver(polarEvent('refund.created', disputedRefund(other.order.id, 'early_warning', 3_000)));
    const won = await deliver(polarEvent('refund.created', disputedRefund(other.order.id, 'won', 3_000)));
    expect(won.body.data).toEqual({ outcome: 'released', conversionId: other.id });
  });

  it('a coupon-only order is attributed by the Polar discount id, else by its code (case-insensitive)', async () => {
    const couponCampaign = await createCampaign(t, m.liveKey, { commissionValue: 15 });
    const partner = await createAffiliate(t, m.liveKey, couponCampaign.id);
    const discountId = randomUUID();
    expect((await t.api('POST', '/coupons', m.liveKey, { campaignId: couponCampaign.id, affiliateId: partner.id, code: 'POLAR15', provider: 'mor_c', morCDiscountId: discountId })).status).toBe(201);
    const byId = await deliver(polarEvent('order.paid', order({ net: 4_000, discount: { id: discountId, code: null } })));
    expect(byId.body.data.outcome).toBe('created');
    expect(await conversion(byId.body.data.conversionId)).toMatchObject({ affiliateId: partner.id, commission: 6, clickId: null });
    expect((await t.api('POST', '/coupons', m.liveKey, { campaignId: couponCampaign.id, affiliateId: partner.id, code: 'frost5', provider: 'mor_c' })).status).toBe(201);
    const byCode = await deliver(polarEvent('order.paid', order({ net: 2_000, discount: { id: randomUUID(), code: 'Frost5' } })));
    expect(byCode.body.data.outcome).toBe('created');
    expect(await conversion(byCode.body.data.conversionId)).toMatchObject({ affiliateId: partner.id, commission: 3 });
  });

  it('refuses a wrong secret, a missing header, a stale or future timestamp and a tampered body with 400, recording nothing', async () => {
    const before = await t.sql('select count(*)::int as n from integration_events');
    const event = polarEvent('order.paid', order({ net: 1_000, clickId: await click(t, affiliate.trackingLink) }));
    const rawBody = JSON.stringify(event);
    const wrong = await deliverPolar(t, live.id, event, 'polar_whs_wrong');
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.code).toBe('invalid_signature');
    const { 'webhook-signature': _dropped, ...unsigned } = polarHeaders(rawBody, live.secret);
    expect((await deliver(event, { headers: unsigned })).status).toBe(400);
    const stale = await deliver(event, { timestamp: new Date(Date.now() - 6 * 60_000) });
    expect(stale.status).toBe(400);
    expect(stale.body.error.message).toContain('too old');
    expect((await deliver(event, { timestamp: new Date(Date.now() + 6 * 60_000) })).status).toBe(400);
    // Secret used as-is (not base64-encoded) is not what Polar signs with.
    const raw = await t.request('POST', `/ingest/v1/${live.id}`, { rawBody, headers: polarHeaders(rawBody, Buffer.from(live.secret, 'base64').toString('latin1')) });
    expect(raw.status).toBe(400);
    const tampered = await t.request('POST', `/ingest/v1/${live.id}`, { rawBody: rawBody.replace('"net_amount":1000', '"net_amount":100000'), headers: polarHeaders(rawBody, live.secret) });
    expect(tampered.status).toBe(400);
    expect(await t.sql('select count(*)::int as n from integration_events')).toEqual(before);
  });

  it('the same webhook delivered 20 times at once makes one conversion; the others are duplicates', async () => {
    const o = order({ net: 7_000, clickId: await click(t, affiliate.trackingLink) });
    const event = polarEvent('order.paid', o);
    const rawBody = JSON.stringify(event);
    const headers = polarHeaders(rawBody, live.secret);
    const answers = await Promise.all(Array.from({ length: 20 }, () => t.request('POST', `/ingest/v1/${live.id}`, { rawBody, headers })));
    expect(answers.every((a) => a.status === 200 || a.status >= 500)).toBe(true);
    expect(answers.filter((a) => a.status === 200 && a.body.data.outcome === 'created')).toHaveLength(1);
    expect((await t.sql('select count(*)::int as n from conversions where order_id = $1', [o.id]))[0].n).toBe(1);
    const logged = (await events(t, m, live.id)).filter((e) => e.providerEventId === headers['webhook-id']);
    expect(logged.map((e) => e.outcome).sort()).toEqual(['created', ...Array(answers.filter((a) => a.status === 200).length - 1).fill('duplicate')]);
  });
});
