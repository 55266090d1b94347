import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseExact, pow10, toUnitsAt } from '../arbitraries/exact.js';
import { createMerchant } from '../support/merchant-mother.js';
import { createAffiliate } from '../support/program-mother.js';
import { clockOf, DAY, HOUR, payableAffiliate, payoutCampaign, runJobs } from '../support/payout-mother.js';
import { startTestService, type TestService } from '../support/test-service.js';

/**
 * The money invariant, through the real service: whatever the merchant, the payment side, the
 * operator and the payout job do, in any order, the completed payouts of an affiliate never exceed
 * the commissions it was approved for (approved or paid conversions), per currency; each completed
 * payout paid its own conversion exactly, and a paid conversion has exactly one completed payout.
 * And the other half: once the clock has run past every holding period, retry and funds check, the
 * paid conversions are exactly the eligible ones (docs/payouts.md): approved for an affiliate the
 * service pays (a login account and payout details), unless the sandbox refuses its payment's amount
 * for good, or marked paid by the operator.
 */

/** Sale amounts (= commissions: the campaign pays 100%) including the sandbox's test amounts. */
const AMOUNTS = [10, 12.34, 9.91, 19.92, 29.93, 39.94, 49.95, 59.96, 0.01];

/**
 * The sandbox's outcomes that never pay (docs/payouts.md, "Sandbox test amounts"), by the last two
 * digits of the payment's amount in minor units: funds short on every request keeps the row waiting
 * for funds; a failure on every request, or a permanent one, fails it.
 */
const NEVER_PAID = { awaiting_funds: [92n], failed: [94n, 95n] } as const;
/** Minor-unit digits of the currencies the sales use (both two). */
const twoDigitCode = (amount: string): bigint => toUnitsAt(parseExact(amount.replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, '')), 2) % pow10(2);
/** Past every holding period (a day at most), backoff (1+2+4+8 h), funds check (6 h) and settlement (10 min): three days in 6-hour steps. */
const SETTLING_STEPS = 12;

type Op =
  | { kind: 'sale'; affiliate: number; amount: number; currency: 'usd' | 'eur' }
  | { kind: 'approve' | 'reject' | 'hold' | 'refund' | 'markPaid' | 'retry'; sale: number }
  | { kind: 'refundPart'; sale: number; permille: number }
  | { kind: 'advance'; ms: number }
  | { kind: 'runJobs' };

/** Counts back from the newest sale: operations mostly touch recent sales, so they meet each other. */
const saleRef = fc.oneof({ weight: 3, arbitrary: fc.nat({ max: 2 }) }, { weight: 1, arbitrary: fc.nat({ max: 11 }) });
const opArb: fc.Arbitrary<Op> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('sale' as const), affiliate: fc.nat({ max: 2 }), amount: fc.constantFrom(...AMOUNTS), currency: fc.constantFrom('usd' as const, 'eur' as const) }) },
  { weight: 4, arbitrary: saleRef.map((sale) => ({ kind: 'approve' as const, sale })) },
  { weight: 1, arbitrary: saleRef.map((sale) => ({ kind: 'reject' as const, sale })) },
  { weight: 1, arbitrary: saleRef.map((sale) => ({ kind: 'hold' as const, sale })) },
  { weight: 1, arbitrary: saleRef.map((sale) => ({ kind: 'refund' as const, sale })) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('refundPart' as const), sale: saleRef, permille: fc.integer({ min: 1, max: 999 }) }) },
  { weight: 1, arbitrary: saleRef.map((sale) => ({ kind: 'markPaid' as const, sale })) },
  { weight: 1, arbitrary: saleRef.map((sale) => ({ kind: 'retry' as const, sale })) },
  { weight: 3, arbitrary: fc.constantFrom(10 * 60_000, HOUR, 6 * HOUR, DAY).map((ms) => ({ kind: 'advance' as const, ms })) },
  { weight: 4, arbitrary: fc.constant({ kind: 'runJobs' as const }) },
);

describe('payouts never pay more than was approved (property, through the service)', () => {
  let t: TestService;
  beforeAll(async () => {
    t = await startTestService({ payoutLiveSandbox: true });
  });
  afterAll(() => t.close());

  const checkInvariant = async (merchantId: string) => {
    const over = await t.sql(
      `with paid as (
         select affiliate_id, currency, sum(amount) as total from payouts
         where merchant_id = $1 and status = 'completed' group by affiliate_id, currency),
       approved as (
         select affiliate_id, currency, sum(commission) as total from conversions
         where merchant_id = $1 and status in ('approved', 'paid') group by affiliate_id, currency)
       select paid.affiliate_id, paid.currency, paid.total::text as paid, coalesce(approved.total, 0)::text as approved
       from paid left join approved using (affiliate_id, currency)
       where paid.total > coalesce(approved.total, 0)`,
      [merchantId],
    );
    expect(over).toEqual([]);
    // Row by row: a completed payout paid its conversion, exactly its commission; a paid conversion has one completed payout.
    const mismatched = await t.sql(
      `select c.id, c.status, c.commission::text, p.status as payout_status, p.amount::text as payout_amount
       from conversions c left join payouts p on p.conversion_id = c.id
       where c.merchant_id = $1
         and ((p.status = 'completed') <> (c.status = 'paid') or (p.status = 'completed' and p.amount <> c.commission)
              or (p.id is not null and c.status not in ('approved', 'paid')))`,
      [merchantId],
    );
    expect(mismatched).toEqual([]);
    const doubles = await t.sql(
      `select payout_id from sandbox_payout_transfers where merchant_id = $1 and status in ('in_transit', 'completed')
       group by payout_id having count(*) > 1`,
      [merchantId],
    );
    expect(doubles).toEqual([]);
  };

  /**
   * Paid = eligible. `servicePays`: the affiliates with a login account and payout details;
   * `markedPaid`: conversions whose payout the operator marked paid.
   */
  const checkPaidAreEligible = async (merchantId: string, servicePays: ReadonlySet<string>, markedPaid: ReadonlySet<string>) => {
    const rows = await t.sql<{
      id: string;
      status: string;
      affiliate_id: string;
      payout_status: string | null;
      failure_reason: string | null;
      payment_amount: string | null;
      owes: boolean;
    }>(
      `select c.id, c.status, c.affiliate_id, p.status as payout_status, p.failure_reason, pay.amount::text as payment_amount,
              exists (select 1 from commission_adjustments a
                      where a.merchant_id = c.merchant_id and a.affiliate_id = c.affiliate_id and a.currency = c.currency) as owes
       from conversions c left join payouts p on p.conversion_id = c.id left join payout_payments pay on pay.id = p.payment_id
       where c.merchant_id = $1`,
      [merchantId],
    );
    const refusedForGood = (row: (typeof rows)[number]): boolean => {
      if (row.payout_status === 'awaiting_funds' || row.payout_status === 'failed') {
        const codes: readonly bigint[] = NEVER_PAID[row.payout_status];
        return row.payment_amount !== null && codes.includes(twoDigitCode(row.payment_amount));
      }
      // Clawbacks the affiliate owes in that currency took the whole payment: the rows wait for more.
      return row.payout_status === 'scheduled' && row.failure_reason === 'below_minimum_payout' && row.owes;
    };
    const eligible = rows.filter(
      (row) =>
        (row.status === 'approved' || row.status === 'paid') &&
        (markedPaid.has(row.id) || (servicePays.has(row.affiliate_id) && !refusedForGood(row))),
    );
    const paid = rows.filter((row) => row.status === 'paid');
    const listed = (list: typeof rows) => list.map((r) => `${r.id} ${r.status} ${r.payout_status} ${r.failure_reason} ${r.payment_amount}`).sort();
    expect(listed(paid)).toEqual(listed(eligible));
  };

  it('holds for any sequence of sales, approvals, refunds, holds, rejections, manual actions, time and job runs', async () => {
    let runs = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 5, maxLength: 40 }), fc.constantFrom(0, 1), async (ops, holdingDays) => {
        runs += 1;
        const merchant = await createMerchant(t, 'scale', { automaticPayouts: true, payoutHoldingDays: holdingDays });
        const campaign = await payoutCampaign(t, merchant);
        const affiliates = [
          await payableAffiliate(t, merchant.id, campaign.id, 'connect'),
          await payableAffiliate(t, merchant.id, campaign.id, 'wallet_a'),
          await createAffiliate(t, merchant.liveKey, campaign.id),
        ];
        const sales: string[] = [];
        const markedPaid = new Set<string>();
        const pick = (back: number) => (sales.length === 0 ? null : sales[sales.length - 1 - (back % sales.length)]!);
        const payoutIdOf = async (conversionId: string) =>
          (await t.sql(`select id from payouts where conversion_id = $1`, [conversionId]))[0]?.id as string | undefined;

        for (const op of ops) {
          let status = 200;
          if (op.kind === 'sale') {
            const res = await t.api('POST', '/conversions', merchant.liveKey, {
              campaignId: campaign.id,
              affiliateId: affiliates[op.affiliate]!.id,
              amount: op.amount,
              currency: op.currency,
            });
            status = res.status;
            if (res.status === 201) sales.push(res.body.data.id);
          } else if (op.kind === 'advance') {
            await clockOf(t).advance(op.ms);
          } else if (op.kind === 'runJobs') {
            await runJobs(t);
            await checkInvariant(merchant.id);
          } else {
            const id = pick(op.sale);
            if (id === null) continue;
            if (op.kind === 'approve' || op.kind === 'reject') {
              status = (await t.api('PATCH', `/conversions/${id}`, merchant.liveKey, { status: op.kind === 'approve' ? 'approved' : 'rejected' })).status;
            } else if (op.kind === 'hold' || op.kind === 'refund') {
              status = (await t.admin('POST', `/conversions/${id}/${op.kind}`)).status;
            } else if (op.kind === 'refundPart') {
              const [c] = await t.sql(`select amount::numeric - coalesce(refunded_amount, 0) as remaining from conversions where id = $1`, [id]);
              const cents = Math.floor((Number(c.remaining) * 100 * op.permille) / 1000);
              status = cents > 0 ? (await t.admin('POST', `/conversions/${id}/refund`, { amount: cents / 100 })).status : 200;
            } else {
              const payoutId = await payoutIdOf(id);
              if (!payoutId) continue;
              const action = op.kind === 'markPaid' ? 'mark-paid' : 'retry';
              status = (await t.admin('POST', `/payouts/${payoutId}/${action}`, op.kind === 'markPaid' ? { payoutMethod: 'transfer_b' } : undefined)).status;
              if (op.kind === 'markPaid' && status === 200) markedPaid.add(id);
            }
          }
          // Refusals are fine (409 for moves the machines forbid, 400 for refunds of nothing); errors are not.
          expect(status, JSON.stringify(op)).toBeLessThan(500);
        }
        await runJobs(t);
        await checkInvariant(merchant.id);
        for (let step = 0; step < SETTLING_STEPS; step += 1) {
          await clockOf(t).advance(6 * HOUR);
          await runJobs(t);
        }
        await checkInvariant(merchant.id);
        await checkPaidAreEligible(merchant.id, new Set([affiliates[0]!.id, affiliates[1]!.id]), markedPaid);
      }),
      { numRuns: 40 },
    );
    expect(runs).toBe(40);
  }, 300_000);
});
