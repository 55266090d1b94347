import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Decimal, type PayoutOutcome } from '../../../domain/index.js';
import type { ScriptedAnswer } from '../../fakes/fake-payout-providers.js';
import { DUE_AT, EUR, HOUR, payoutJobWorld, USD } from './payout-job-world.js';

const sale = fc.record({
  affiliate: fc.integer({ min: 0, max: 2 }),
  cents: fc.integer({ min: 1, max: 50_000 }),
  currency: fc.constantFrom(USD, EUR),
  approved: fc.boolean(),
});

/** What the provider may answer a new request; fewer than the retry limit, so every row is paid in the end. */
const answer: fc.Arbitrary<ScriptedAnswer> = fc.constantFrom<ScriptedAnswer>(
  { kind: 'failed', reason: 'provider_unavailable', retryable: true },
  { kind: 'insufficient_funds' },
  { kind: 'in_transit', reference: '', checkAfter: null },
  'throw',
  'lost',
);

const referenceOf = (outcome: PayoutOutcome) => ('reference' in outcome ? outcome.reference : null);

describe('the payout job, through any sales, provider answers and runs (in-memory stores)', () => {
  it('never pays a row twice, and in the end pays exactly the approved commissions', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(sale, { minLength: 1, maxLength: 8 }),
        fc.array(answer, { maxLength: 3 }),
        // Hours between runs (0: a re-run at the same moment).
        fc.array(fc.constantFrom(0, 0.01, 1, 7, 30), { minLength: 1, maxLength: 5 }),
        fc.integer({ min: 1, max: 3 }),
        async (sales, answers, gaps, batchSize) => {
          const w = await payoutJobWorld({ batchSize });
          const affiliates = [w.affiliate(), w.affiliate(), w.affiliate()];
          const made = [];
          for (const s of sales) made.push(await w.sale(affiliates[s.affiliate]!, new Decimal(s.cents).div(100).toFixed(), { currency: s.currency, status: s.approved ? 'approved' : 'pending' }));
          w.provider.answer(...answers);

          let now = DUE_AT.getTime();
          for (const gap of gaps) {
            now += gap * HOUR;
            await w.job.runDue(new Date(now));
          }
          // Then transfers in transit arrive, and the job runs until nothing is left to do.
          for (let round = 0; round < 8; round += 1) {
            for (const t of w.provider.transfers()) if (referenceOf(t.outcome)) w.provider.settle(referenceOf(t.outcome)!);
            now += 48 * HOUR;
            await w.job.runDue(new Date(now));
          }

          const completed = w.completedTransfers();
          const paidRows = completed.flatMap((t) => t.request.payoutIds);
          expect(new Set(paidRows).size).toBe(paidRows.length);
          const approved = made.filter((c) => c.status === 'approved');
          const owed = approved.reduce((total, c) => total.plus(c.commission), new Decimal(0));
          const paid = completed.reduce((total, t) => total.plus(t.request.amount), new Decimal(0));
          expect(paid.toFixed()).toBe(owed.toFixed());
          for (const c of approved) expect((await w.conversionOf(c.id)).status).toBe('paid');
          expect(paidRows.sort()).toEqual(approved.map((c) => w.rowOf(c.id)!.id).sort());
        },
      ),
      { numRuns: 80 },
    );
  });
});
