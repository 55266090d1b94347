import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  answerAwardPayout,
  DEFAULT_PAYOUT_POLICY,
  Decimal,
  minorUnitDigits,
  netPayment,
  startAwardAttempt,
  toMinorUnits,
  UNQUEUED_AWARD_PAYOUT,
  type Award,
  type AwardPayoutSchedule,
  type CurrencyCode,
  type PayoutOutcome,
} from '../../domain/index.js';
import { CURRENCIES } from '../arbitraries/money.js';
import { anAward } from '../mothers/team.mother.js';

const asDecimal = (minor: number, currency: CurrencyCode) => new Decimal(minor).div(new Decimal(10).pow(minorUnitDigits(currency)));

/** One affiliate's due money: commissions and team bonus awards in several currencies, in minor units. */
const lineArb = fc.record({
  kind: fc.constantFrom('commission' as const, 'award' as const),
  currency: fc.constantFrom(...CURRENCIES),
  minor: fc.integer({ min: 1, max: 5_000_000 }),
});

describe('a payment carries commissions and bonus awards together', () => {
  it('sends, per currency, exactly the sum of its commissions and awards minus the clawback netted; never mixes currencies', () => {
    fc.assert(
      fc.property(fc.array(lineArb, { maxLength: 20 }), fc.dictionary(fc.constantFrom(...CURRENCIES), fc.integer({ min: 0, max: 8_000_000 })), (lines, owedMinor) => {
        // One payment per currency, as the payout job groups them.
        for (const currency of new Set(lines.map((l) => l.currency))) {
          const mine = lines.filter((l) => l.currency === currency);
          const commissions = mine.filter((l) => l.kind === 'commission').map((l) => l.minor);
          const awards = mine.filter((l) => l.kind === 'award').map((l) => l.minor);
          const owed = owedMinor[currency] ?? 0;
          const amounts = netPayment(
            commissions.map((m) => asDecimal(m, currency)),
            asDecimal(owed, currency),
            awards.map((m) => asDecimal(m, currency)),
          );
          // The model: exact integers of this currency only.
          const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
          const gross = sum(commissions) + sum(awards);
          expect(toMinorUnits(amounts.gross, currency)._unsafeUnwrap()).toBe(gross);
          expect(toMinorUnits(amounts.bonus, currency)._unsafeUnwrap()).toBe(sum(awards));
          expect(toMinorUnits(amounts.clawback, currency)._unsafeUnwrap()).toBe(Math.min(gross, owed));
          // The transfer: what the provider receives, in the minor unit by the currency's exponent.
          expect(toMinorUnits(amounts.amount, currency)._unsafeUnwrap()).toBe(gross - Math.min(gross, owed));
          expect(amounts.amount.plus(amounts.clawback).eq(amounts.gross)).toBe(true);
          expect(amounts.bonus.lte(amounts.gross)).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });
});

const outcomeArb: fc.Arbitrary<PayoutOutcome> = fc.oneof(
  fc.constant<PayoutOutcome>({ kind: 'completed', reference: 'tr_1', cardPaymentId: null }),
  fc.constant<PayoutOutcome>({ kind: 'in_transit', reference: 'tr_1', checkAfter: null }),
  fc.constant<PayoutOutcome>({ kind: 'insufficient_funds' }),
  fc.boolean().map<PayoutOutcome>((retryable) => ({ kind: 'failed', reason: retryable ? 'provider_unavailable' : 'account_closed', retryable })),
);

describe('an award with the provider', () => {
  it('reads paid, with bonus.paid, only when the provider confirmed; retries with the payout backoff and fails after the limit', () => {
    fc.assert(
      fc.property(fc.array(outcomeArb, { minLength: 1, maxLength: 15 }), (outcomes) => {
        const t0 = Date.UTC(2031, 0, 1);
        let award: Award = anAward('awd_1', { goalId: 'g', teamId: 't', merchantId: 'm', periodKey: '2031-01', windowEndsAt: new Date(t0), closedAt: new Date(t0) }, 'aff_1', {
          status: 'approved',
        });
        let schedule: AwardPayoutSchedule = UNQUEUED_AWARD_PAYOUT;
        let failures = 0;
        let clock = t0;
        for (const outcome of outcomes) {
          clock += 60_000;
          const now = new Date(clock);
          if (award.status === 'approved') {
            const started = startAwardAttempt(award, schedule, { method: 'connect', paymentId: `pay_${clock}`, now })._unsafeUnwrap();
            expect(started.change.events).toEqual([]);
            award = started.change.award;
            schedule = started.schedule;
          }
          if (award.status !== 'processing') break;
          const step = answerAwardPayout(award, schedule, outcome, { now })._unsafeUnwrap();
          const paid = step.change.award.status === 'paid';
          expect(paid).toBe(outcome.kind === 'completed');
          expect(step.change.events.map((e) => e.type)).toEqual(paid ? ['bonus.paid'] : []);
          if (outcome.kind === 'failed') failures += 1;
          expect(step.schedule.failedAttempts).toBe(failures);
          if (outcome.kind === 'failed') {
            const gaveUp = !outcome.retryable || failures >= DEFAULT_PAYOUT_POLICY.maxFailedAttempts;
            expect(step.change.award.status).toBe(gaveUp ? 'failed' : 'approved');
            expect(step.change.award.failureReason).toBe(outcome.reason);
            if (!gaveUp) expect(step.schedule.nextAttemptAt!.getTime()).toBeGreaterThan(clock);
          }
          if (outcome.kind === 'insufficient_funds') {
            expect(step.change.award).toMatchObject({ status: 'approved', failureReason: 'insufficient_funds' });
            expect(step.schedule.nextAttemptAt!.getTime()).toBe(clock + DEFAULT_PAYOUT_POLICY.fundsRecheckDelayMs);
          }
          if (outcome.kind === 'in_transit') expect(step.change.changed).toBe(false);
          if (paid) expect(step.change.award).toMatchObject({ paidAt: now, cardTransferId: 'tr_1', failureReason: null });
          award = step.change.award;
          schedule = step.schedule;
        }
        // Money leaves at most once: a paid award refuses any further answer.
        if (award.status === 'paid') expect(answerAwardPayout(award, schedule, outcomes[0]!, { now: new Date(clock) }).isErr()).toBe(true);
      }),
      { numRuns: 400 },
    );
  });
});
