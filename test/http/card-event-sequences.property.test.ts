import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardEvent, cardIntegration, click, deliver, dispute, newId, paidSession, refundedCharge } from '../support/card-events.js';
import { createCampaign } from '../support/campaign-mother.js';
import { createMerchant, type TestMerchant } from '../support/merchant-mother.js';
import { payableAffiliate, runJobs } from '../support/payout-mother.js';
import { startTestService, type TestService } from '../support/test-service.js';

/** One order's possible notifications, as the card processor sends them. */
interface OrderScript {
  readonly total: number;
  readonly tax: number;
}

type Step =
  | { kind: 'checkout'; order: number; twin: boolean }
  | { kind: 'refund'; order: number; share: number }
  | { kind: 'dispute'; order: number; outcome: 'opened' | 'won' | 'lost' }
  | { kind: 'pay' }
  | { kind: 'repeat'; back: number };

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('checkout' as const), order: fc.nat(2), twin: fc.boolean() }),
  fc.record({ kind: fc.constant('refund' as const), order: fc.nat(2), share: fc.integer({ min: 1, max: 4 }) }),
  fc.record({ kind: fc.constant('dispute' as const), order: fc.nat(2), outcome: fc.constantFrom('opened' as const, 'won' as const, 'lost' as const) }),
  fc.constant({ kind: 'pay' as const }),
  fc.record({ kind: fc.constant('repeat' as const), back: fc.nat(5) }),
);

/**
 * Random sequences of card notifications (sales told twice, by the session and its invoice; running
 * refund totals; disputes; payouts in between; deliveries repeated and out of order): one conversion
 * per order id, the commission never above the campaign's 10% of the sale, clawbacks never above
 * the commission that was paid.
 */
describe('card notification sequences (property)', () => {
  let t: TestService;
  let m: TestMerchant;
  let trackingLink: string;
  let integration: { id: string; secret: string };

  beforeAll(async () => {
    t = await startTestService({ payoutLiveSandbox: true });
    m = await createMerchant(t, 'scale', { automaticPayouts: true, payoutHoldingDays: 0 });
    const campaign = await createCampaign(t, m.liveKey, { commissionValue: 10, autoApproveAffiliates: true });
    const affiliate = await payableAffiliate(t, m.id, campaign.id, 'connect');
    const listed = await t.api('GET', `/affiliates?campaignId=${campaign.id}`, m.liveKey);
    trackingLink = listed.body.data.find((a: { id: string }) => a.id === affiliate.id).trackingLink;
    integration = await cardIntegration(t, m.liveKey);
  });
  afterAll(() => t.close());

  it('keeps one conversion per order, commissions within the rules and clawbacks within what was paid', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ total: fc.integer({ min: 100, max: 50_000 }), tax: fc.integer({ min: 0, max: 99 }) }), { minLength: 3, maxLength: 3 }),
        fc.array(stepArb, { minLength: 1, maxLength: 9 }),
        async (orders: OrderScript[], steps: Step[]) => {
          const clickId = await click(t, trackingLink);
          const sessions = orders.map((o) => ({ ...paidSession({ amountTotal: o.total, tax: o.tax, clickId, invoice: newId('in') }), refunded: 0 }));
          const sent: unknown[] = [];
          const send = async (event: unknown) => {
            sent.push(event);
            const res = await deliver(t, integration.id, event, integration.secret);
            expect(res.status).toBe(200);
          };
          for (const step of steps) {
            if (step.kind === 'pay') {
              // The merchant approves what is pending; the payout job pays it.
              const pending = await t.sql(`select id from conversions where merchant_id = $1 and status = 'pending'`, [m.id]);
              for (const p of pending) await t.api('PATCH', `/conversions/${p.id}`, m.liveKey, { status: 'approved', confirmAboveSale: true });
              await runJobs(t);
              continue;
            }
            if (step.kind === 'repeat') {
              const earlier = sent[sent.length - 1 - step.back];
              if (earlier) await send(earlier);
              continue;
            }
            const s = sessions[step.order]!;
            const o = orders[step.order]!;
            if (step.kind === 'checkout') {
              const invoice = { ...cardEvent('invoice.paid', {}).data.object, id: s.invoice, object: 'invoice', amount_paid: o.total, total: o.total, total_excluding_tax: o.total - o.tax, currency: 'usd', customer: null, billing_reason: 'manual' };
              await send(step.twin ? cardEvent('invoice.paid', invoice) : cardEvent('checkout.session.completed', s));
            } else if (step.kind === 'refund') {
              s.refunded = Math.min(o.total, s.refunded + Math.ceil((o.total * step.share) / 4));
              await send(cardEvent('charge.refunded', refundedCharge({ paymentIntent: s.payment_intent, amount: o.total, refunded: s.refunded })));
            } else {
              const d = dispute({ paymentIntent: s.payment_intent, status: step.outcome === 'opened' ? 'needs_response' : step.outcome, id: `dp_${s.id}` });
              await send(cardEvent(step.outcome === 'opened' ? 'charge.dispute.created' : 'charge.dispute.closed', d));
            }
          }
          const orderIds = sessions.map((s) => s.invoice);
          const rows = await t.sql(
            `select c.order_id, c.amount::text, c.original_commission::text, c.commission::text, c.status,
               (select coalesce(sum(a.amount), 0)::text from commission_adjustments a where a.conversion_id = c.id) as clawed
             from conversions c where c.merchant_id = $1 and c.order_id = any($2::text[])`,
            [m.id, orderIds],
          );
          expect(new Set(rows.map((r) => r.order_id)).size).toBe(rows.length);
          for (const r of rows) {
            const amount = Number(r.amount);
            expect(Number(r.original_commission)).toBeLessThanOrEqual(Math.round(amount * 10) / 100 + 1e-9);
            expect(Number(r.commission)).toBeLessThanOrEqual(Number(r.original_commission));
            expect(Number(r.clawed)).toBeLessThanOrEqual(r.status === 'paid' ? Number(r.commission) : 0);
          }
        },
      ),
      { numRuns: 12 },
    );
  });
});
