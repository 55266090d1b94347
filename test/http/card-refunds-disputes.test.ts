import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardEvent, cardIntegration, click, deliver, dispute, events, newId, paidSession, refundedCharge } from '../support/card-events.js';
import { createAffiliate, createCampaign } from '../support/campaign-mother.js';
import { createMerchant, type TestMerchant } from '../support/merchant-mother.js';
import { payableAffiliate, runJobs } from '../support/payout-mother.js';
import { startTestService, type TestService } from '../support/test-service.js';

describe('refunds and disputes from the card processor', () => {
  let t: TestService;
  let m: TestMerchant;
  let affiliate: { id: string; trackingLink: string };
  let live: { id: string; secret: string };

  beforeAll(async () => {
    t = await startTestService({ payoutLiveSandbox: true });
    m = await createMerchant(t, 'scale');
    const campaign = await createCampaign(t, m.liveKey, { commissionValue: 10 });
    affiliate = await createAffiliate(t, m.liveKey, campaign.id);
    live = await cardIntegration(t, m.liveKey);
  });
  afterAll(() => t.close());

  const conversion = async (id: string) => (await t.api('GET', `/conversions/${id}`, m.liveKey)).body.data;
  /** A card sale of `total` cents (with `tax` cents of it tax) attributed by a click; its id and payment intent. */
  const sale = async (total: number, tax = 0) => {
    const session = paidSession({ amountTotal: total, tax, clickId: await click(t, affiliate.trackingLink) });
    const res = await deliver(t, live.id, cardEvent('checkout.session.completed', session), live.secret);
    expect(res.body.data.outcome).toBe('created');
    return { id: res.body.data.conversionId as string, paymentIntent: session.payment_intent as string };
  };
  const refund = (paymentIntent: string, amount: number, refunded: number) =>
    deliver(t, live.id, cardEvent('charge.refunded', refundedCharge({ paymentIntent, amount, refunded })), live.secret);

  it('a partial refund scales the commission; the running total refunds only what is new; the whole refund ends it', async () => {
    const s = await sale(11_000, 1_000); // net 100, commission 10
    const partial = await refund(s.paymentIntent, 11_000, 2_750); // a quarter of the payment
    expect(partial.body.data).toEqual({ outcome: 'refunded', conversionId: s.id });
    expect(await conversion(s.id)).toMatchObject({ status: 'pending', refundedAmount: 25, commission: 7.5 });
    // The same running total again (a retry under another event id) changes nothing.
    const again = await refund(s.paymentIntent, 11_000, 2_750);
    expect(again.body.data.outcome).toBe('ignored');
    expect((await events(t, m, live.id))[0]!.reason).toBe('25 of the sale was already refunded; this notification reports 25');
    const whole = await refund(s.paymentIntent, 11_000, 11_000);
    expect(whole.body.data.outcome).toBe('refunded');
    expect(await conversion(s.id)).toMatchObject({ status: 'refunded', refundedAmount: 100, commission: 0 });
    // The seconds-old click flags the sale (fast_conversion, conversion.flagged); the refunds are what is counted here.
    const updates = await t.sql(`select type from outbox_events where payload->>'conversionId' = $1 and type <> 'conversion.flagged' order by id`, [s.id]);
    expect(updates.map((r) => r.type)).toEqual(['conversion.created', 'conversion.updated', 'conversion.updated']);
  });

  it('a refund of a payment no sale was recorded for is ignored with the reason', async () => {
    const res = await refund('pi_unknown_payment', 1_000, 1_000);
    expect(res.body.data.outcome).toBe('ignored');
    expect((await events(t, m, live.id))[0]!.reason).toContain('no conversion was recorded for payment');
  });

  it('a dispute holds the conversion; won, it returns to the state before the hold', async () => {
    const s = await sale(5_000);
    await t.api('PATCH', `/conversions/${s.id}`, m.liveKey, { status: 'approved' });
    const disputeId = newId('dp');
    const opened = await deliver(t, live.id, cardEvent('charge.dispute.created', dispute({ paymentIntent: s.paymentIntent, status: 'needs_response', id: disputeId })), live.secret);
    expect(opened.body.data).toEqual({ outcome: 'held', conversionId: s.id });
    expect((await conversion(s.id)).status).toBe('held');
    const won = await deliver(t, live.id, cardEvent('charge.dispute.closed', dispute({ paymentIntent: s.paymentIntent, status: 'won', id: disputeId })), live.secret);
    expect(won.body.data).toEqual({ outcome: 'released', conversionId: s.id });
    expect((await conversion(s.id)).status).toBe('approved');
    expect((await events(t, m, live.id))[0]!.reason).toBe(`dispute ${disputeId} won: back to approved`);
  });

  it('a lost dispute refunds the whole sale', async () => {
    const s = await sale(5_000);
    const disputeId = newId('dp');
    await deliver(t, live.id, cardEvent('charge.dispute.created', dispute({ paymentIntent: s.paymentIntent, status: 'needs_response', id: disputeId })), live.secret);
    const lost = await deliver(t, live.id, cardEvent('charge.dispute.closed', dispute({ paymentIntent: s.paymentIntent, status: 'lost', id: disputeId })), live.secret);
    expect(lost.body.data).toEqual({ outcome: 'refunded', conversionId: s.id });
    expect(await conversion(s.id)).toMatchObject({ status: 'refunded', commission: 0, refundedAmount: 50 });
  });

  it('a refund after payout leaves the paid conversion as it is and claws the commission back', async () => {
    const payer = await createMerchant(t, 'scale', { automaticPayouts: true, payoutHoldingDays: 0 });
    const campaign = await createCampaign(t, payer.liveKey, { commissionValue: 10, autoApproveAffiliates: true });
    const partner = await payableAffiliate(t, payer.id, campaign.id, 'connect');
    const integration = await cardIntegration(t, payer.liveKey);
    const listed = await t.api('GET', `/affiliates?campaignId=${campaign.id}`, payer.liveKey);
    const clickId = await click(t, listed.body.data.find((a: { id: string }) => a.id === partner.id).trackingLink);
    const session = paidSession({ amountTotal: 20_000, clickId });
    const created = await deliver(t, integration.id, cardEvent('checkout.session.completed', session), integration.secret);
    const id = created.body.data.conversionId as string;
    await t.api('PATCH', `/conversions/${id}`, payer.liveKey, { status: 'approved' });
    await runJobs(t);
    expect((await t.api('GET', `/conversions/${id}`, payer.liveKey)).body.data).toMatchObject({ status: 'paid', commission: 20 });

    const res = await deliver(t, integration.id, cardEvent('charge.refunded', refundedCharge({ paymentIntent: session.payment_intent, amount: 20_000, refunded: 5_000 })), integration.secret);
    expect(res.body.data).toEqual({ outcome: 'refunded', conversionId: id });
    expect((await events(t, payer, integration.id))[0]!.reason).toBe("refund of 50 after payout: commission 5 is taken back from the affiliate's next payment");
    expect((await t.api('GET', `/conversions/${id}`, payer.liveKey)).body.data).toMatchObject({ status: 'paid', commission: 20, refundedAmount: null });
    const owed = await t.sql('select sum(amount)::text as owed from commission_adjustments where affiliate_id = $1', [partner.id]);
    expect(owed[0].owed).toBe('5.000000');
  });
});
