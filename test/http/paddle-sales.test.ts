import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { click, events } from '../support/card-events.js';
import { createAffiliate, createCampaign } from '../support/campaign-mother.js';
import type { TestMerchant } from '../support/merchant-mother.js';
import { integration, uniqueId } from '../support/mor-events.js';
import { adjustment, customerCreated, deliverPaddle, paddleSignature, transactionCompleted } from '../support/paddle-events.js';
import { providerProgram } from '../support/provider-program.js';
import { startTestService, type TestService } from '../support/test-service.js';

/** Paddle Billing (`mor_a`): Paddle's published notification bodies, signed as Paddle signs them, through the HTTP app. */
describe('sales from Paddle Billing (mor_a)', () => {
  let t: TestService;
  let m: TestMerchant;
  let campaign: { id: string };
  let affiliate: { id: string; trackingLink: string };
  let live: { id: string; secret: string };

  beforeAll(async () => {
    t = await startTestService();
    ({ merchant: m, campaign, affiliate } = await providerProgram(t));
    live = await integration(t, m.liveKey, 'mor_a', 'pdl_ntfset_01hbpjmytsa32fhr36nqgc3kgb_WvRO0eL4Bj9rgYYIBZY6wZhG4EHy9jzh');
  });
  afterAll(() => t.close());

  const conversion = async (id: string) => (await t.api('GET', `/conversions/${id}`, m.liveKey)).body.data;
  const deliver = (event: unknown, options?: { ts?: number; header?: string }) => deliverPaddle(t, live.id, event, live.secret, options);
  /** A click-attributed sale of `total` minor units (`tax` of them tax); its conversion and transaction id. */
  const sale = async (total: number, tax = 0) => {
    const event = transactionCompleted({ total, tax, clickId: await click(t, affiliate.trackingLink) });
    const res = await deliver(event);
    expect(res.body.data.outcome).toBe('created');
    return { id: res.body.data.conversionId as string, transactionId: event.data.id as string };
  };

  it('click in custom_data → a completed transaction is a pending conversion with source mor_a, net of tax, amounts from strings', async () => {
    const clickId = await click(t, affiliate.trackingLink);
    const event = transactionCompleted({ total: 65_215, tax: 5_315, clickId });
    const res = await deliver(event);
    expect(res.status).toBe(200);
    expect(res.body.data.outcome).toBe('created');
    expect(await conversion(res.body.data.conversionId)).toMatchObject({
      campaignId: campaign.id, affiliateId: affiliate.id, amount: 599, taxAmount: 53.15, commission: 119.8, currency: 'usd',
      status: 'pending', source: 'mor_a', conversionType: 'one_time', clickId, orderId: event.data.id, isTest: false,
    });
    const [logged] = await events(t, m, live.id);
    expect(logged).toMatchObject({ providerEventId: event.event_id, type: 'transaction.completed', outcome: 'created', reason: `attributed by click ${clickId}` });
    // Paddle's body does not say sandbox or live: the integration's mode stands.
    const yen = await deliver(transactionCompleted({ total: 5_000, currency: 'JPY', clickId }));
    expect(await conversion(yen.body.data.conversionId)).toMatchObject({ amount: 5000, currency: 'jpy' });
  });

  it('customer.created with custom_data.click_id links the customer; its renewal (origin subscription_recurring) is a recurring conversion of the first sale', async () => {
    const clickId = await click(t, affiliate.trackingLink);
    const customer = customerCreated({ clickId });
    expect((await deliver(customer)).body.data.outcome).toBe('customer_linked');
    const first = await deliver(transactionCompleted({ total: 5_000, customerId: customer.data.id }));
    expect(first.body.data.outcome).toBe('created');
    const parent = await conversion(first.body.data.conversionId);
    expect(parent).toMatchObject({ amount: 50, commission: 10, conversionType: 'one_time', clickId });
    const renewalEvent = transactionCompleted({ total: 5_000, customerId: customer.data.id, renewalOf: uniqueId('sub') });
    expect(renewalEvent.data.origin).toBe('subscription_recurring');
    const renewal = await deliver(renewalEvent);
    expect(renewal.body.data.outcome).toBe('renewed');
    expect(await conversion(renewal.body.data.conversionId)).toMatchObject({ amount: 50, commission: 10, conversionType: 'recurring', parentConversionId: parent.id, orderId: renewalEvent.data.id, source: 'mor_a' });
  });

  it('refund adjustments count once each, however often reported: a partial one scales the commission, a full one ends it', async () => {
    const s = await sale(11_000, 1_000); // net 100, commission 20
    const refund = adjustment({ transactionId: s.transactionId, action: 'refund', amount: 2_750 }); // a quarter of what was paid
    const partial = await deliver(refund);
    expect(partial.body.data).toEqual({ outcome: 'refunded', conversionId: s.id });
    expect(await conversion(s.id)).toMatchObject({ status: 'pending', refundedAmount: 25, commission: 15 });
    // The same adjustment under another notification (created, then updated, both approved) changes nothing.
    const again = await deliver({ ...refund, event_id: uniqueId('evt'), event_type: 'adjustment.created' });
    expect(again.body.data.outcome).toBe('ignored');
    expect((await events(t, m, live.id))[0]!.reason).toBe(`refund ${refund.data.id} was already applied`);
    // Not approved yet: nothing happens.
    const pending = await deliver(adjustment({ transactionId: s.transactionId, action: 'refund', amount: 1_000, status: 'pending_approval', eventType: 'adjustment.created' }));
    expect(pending.body.data.outcome).toBe('ignored');
    expect(await conversion(s.id)).toMatchObject({ refundedAmount: 25 });
    const whole = await deliver(adjustment({ transactionId: s.transactionId, action: 'refund', amount: 8_250, type: 'full' }));
    expect(whole.body.data.outcome).toBe('refunded');
    expect(await conversion(s.id)).toMatchObject({ status: 'refunded', refundedAmount: 100, commission: 0 });
    const outbox = await t.sql(`select type from outbox_events where payload->>'conversionId' = $1 order by id`, [s.id]);
    // conversion.flagged: the click is seconds old (fast_conversion).
    expect(outbox.map((r) => r.type)).toEqual(['conversion.created', 'conversion.flagged', 'conversion.updated', 'conversion.updated']);
  });

  it('a chargeback warning holds the conversion, the chargeback refunds it whole; a reversal releases a held one', async () => {
    const s = await sale(5_000);
    const warning = await deliver(adjustment({ transactionId: s.transactionId, action: 'chargeback_warning', amount: 5_000, type: 'full' }));
    expect(warning.body.data).toEqual({ outcome: 'held', conversionId: s.id });
    const lost = await deliver(adjustment({ transactionId: s.transactionId, action: 'chargeback', amount: 5_000, type: 'full' }));
    expect(lost.body.data.outcome).toBe('refunded');
    expect(await conversion(s.id)).toMatchObject({ status: 'refunded', commission: 0 });
    const reversed = await deliver(adjustment({ transactionId: s.transactionId, action: 'chargeback_reverse', amount: 5_000, type: 'full' }));
    expect(reversed.body.data.outcome).toBe('ignored');

    const other = await sale(3_000);
    expect((await deliver(adjustment({ transactionId: other.transactionId, action: 'chargeback_warning', amount: 3_000 }))).body.data.outcome).toBe('held');
    const withdrawn = await deliver(adjustment({ transactionId: other.transactionId, action: 'chargeback_warning_reverse', amount: 3_000 }));
    expect(withdrawn.body.data).toEqual({ outcome: 'released', conversionId: other.id });
    expect(await conversion(other.id)).toMatchObject({ status: 'pending' });
    const credit = await deliver(adjustment({ transactionId: other.transactionId, action: 'credit', amount: 500 }));
    expect(credit.body.data.outcome).toBe('ignored');
  });

  it('a coupon-only sale is attributed by the Paddle discount id first, else by its code (case-insensitive)', async () => {
    const couponCampaign = await createCampaign(t, m.liveKey, { commissionValue: 15 });
    const partner = await createAffiliate(t, m.liveKey, couponCampaign.id);
    const discountId = uniqueId('dsc');
    expect((await t.api('POST', '/coupons', m.liveKey, { campaignId: couponCampaign.id, affiliateId: partner.id, code: 'PADDLE15', provider: 'mor_a', merchantAdiscountId: discountId })).status).toBe(201);
    const byId = await deliver(transactionCompleted({ total: 4_000, discountId }));
    expect(byId.body.data.outcome).toBe('created');
    expect(await conversion(byId.body.data.conversionId)).toMatchObject({ affiliateId: partner.id, commission: 6, clickId: null });
    expect((await events(t, m, live.id))[0]!.reason).toBe(`attributed by coupon ${discountId}`);

    expect((await t.api('POST', '/coupons', m.liveKey, { campaignId: couponCampaign.id, affiliateId: partner.id, code: 'autumn20', provider: 'mor_a' })).status).toBe(201);
    const byCode = await deliver(transactionCompleted({ total: 2_000, discountId: uniqueId('dsc'), discountCode: 'Autumn20' }));
    expect(byCode.body.data.outcome).toBe('created');
    expect(await conversion(byCode.body.data.conversionId)).toMatchObject({ affiliateId: partner.id, commission: 3 });
    // A discount no coupon names attributes nothing.
    const unknown = await deliver(transactionCompleted({ total: 2_000, discountId: uniqueId('dsc') }));
    expect(unknown.body.data.outcome).toBe('unattributed');
  });

  it('refuses bad, missing, malformed and stale signatures with 400, recording nothing; any h1 of a rotation may match', async () => {
    const before = await t.sql('select count(*)::int as n from integration_events');
    const event = transactionCompleted({ total: 1_000, clickId: await click(t, affiliate.trackingLink) });
    const wrong = await deliverPaddle(t, live.id, event, 'pdl_ntfset_wrong_secret');
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.code).toBe('invalid_signature');
    const stale = await deliver(event, { ts: Math.floor(Date.now() / 1000) - 6 });
    expect(stale.status).toBe(400);
    expect(stale.body.error.message).toContain('old');
    for (const header of ['', 'ts=abc;h1=00', 'h1=abcdef', `ts=${Math.floor(Date.now() / 1000)};h1=not-hex`]) {
      const res = await deliver(event, { header });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('invalid_signature');
    }
    const rawBody = JSON.stringify(event);
    const tampered = await t.request('POST', `/ingest/v1/${live.id}`, { rawBody: rawBody.replace('"1000"', '"100000"'), headers: { 'paddle-signature': paddleSignature(rawBody, live.secret) } });
    expect(tampered.status).toBe(400);
    const malformed = await t.request('POST', `/ingest/v1/${live.id}`, { rawBody: '{"event_id": ', headers: { 'paddle-signature': paddleSignature('{"event_id": ', live.secret) } });
    expect(malformed.body.error.code).toBe('invalid_json');
    expect(await t.sql('select count(*)::int as n from integration_events')).toEqual(before);

    // During a secret rotation Paddle signs with the old and the new secret; the matching one may come first.
    const ts = Math.floor(Date.now() / 1000);
    const rotating = `${paddleSignature(rawBody, live.secret, ts)};h1=${'0'.repeat(64)}`;
    expect((await deliver(event, { header: rotating })).body.data.outcome).toBe('created');
  });

  it('the same notification delivered 20 times at once makes one conversion; the others are duplicates', async () => {
    const event = transactionCompleted({ total: 7_000, clickId: await click(t, affiliate.trackingLink) });
    const answers = await Promise.all(Array.from({ length: 20 }, () => deliver(event)));
    // On a starved machine a copy may wait too long for a pooled connection and answer 5xx (the provider retries).
    expect(answers.every((a) => a.status === 200 || a.status >= 500)).toBe(true);
    expect(answers.filter((a) => a.status === 200 && a.body.data.outcome === 'created')).toHaveLength(1);
    expect((await t.sql('select count(*)::int as n from conversions where order_id = $1', [event.data.id]))[0].n).toBe(1);
    const logged = (await events(t, m, live.id)).filter((e) => e.providerEventId === event.event_id);
    expect(logged.map((e) => e.outcome).sort()).toEqual(['created', ...Array(answers.filter((a) => a.status === 200).length - 1).fill('duplicate')]);
  });
});
