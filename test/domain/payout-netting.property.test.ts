import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Decimal, minorUnitDigits, netPayment, paymentDecision, toDecimalString, toMinorUnits, type CurrencyCode } from '../../domain/index.js';
import { currencyArb } from '../arbitraries/money.js';

/** Amounts in minor units (integers), so the model is exact integer arithmetic, independent of decimal.js. */
const minorArb = fc.integer({ min: 0, max: 5_000_000 });
const asDecimal = (minor: number, currency: CurrencyCode) => new Decimal(minor).div(new Decimal(10).pow(minorUnitDigits(currency)));

/** One payout run for one affiliate: new commissions become due, and refunds of already paid sales add clawbacks. */
const stepArb = fc.record({
  rows: fc.array(fc.integer({ min: 1, max: 500_000 }), { maxLength: 6 }),
  clawbacks: fc.array(minorArb, { maxLength: 3 }),
});

describe('netting clawbacks against payments', () => {
  it('sends the due rows minus what is owed, never below zero; the rest of the debt carries forward', () => {
    fc.assert(
      fc.property(currencyArb, fc.array(stepArb, { minLength: 1, maxLength: 12 }), fc.option(minorArb, { nil: null }), (currency, steps, minimumMinor) => {
        const minimum = minimumMinor === null ? null : asDecimal(minimumMinor, currency);
        let waiting: number[] = []; // due rows not sent yet (minor units)
        let owed = 0; // clawbacks not netted yet
        let sent = 0;
        let netted = 0;
        let earned = 0;
        let clawedBack = 0;
        for (const step of steps) {
          waiting = [...waiting, ...step.rows];
          earned += step.rows.reduce((a, b) => a + b, 0);
          const added = step.clawbacks.reduce((a, b) => a + b, 0);
          owed += added;
          clawedBack += added;

          const amounts = netPayment(waiting.map((m) => asDecimal(m, currency)), asDecimal(owed, currency));
          const gross = waiting.reduce((a, b) => a + b, 0);
          // The model: exact integers.
          expect(amounts.gross.eq(asDecimal(gross, currency))).toBe(true);
          expect(amounts.amount.eq(asDecimal(Math.max(0, gross - owed), currency))).toBe(true);
          expect(amounts.amount.gte(0)).toBe(true);
          expect(amounts.clawback.lte(asDecimal(owed, currency))).toBe(true);
          expect(amounts.amount.plus(amounts.clawback).eq(amounts.gross)).toBe(true);
          // What is sent is exact in the minor unit: as an integer for the card processor, as a string for the others.
          const minor = toMinorUnits(amounts.amount, currency);
          expect(minor._unsafeUnwrap()).toBe(Math.max(0, gross - owed));
          expect(new Decimal(toDecimalString(amounts.amount, currency)).eq(amounts.amount)).toBe(true);

          if (paymentDecision(amounts, minimum).send) {
            expect(amounts.amount.gt(0)).toBe(true);
            if (minimum) expect(amounts.amount.gte(minimum)).toBe(true);
            sent += Math.max(0, gross - owed);
            const used = Math.min(gross, owed);
            netted += used;
            owed -= used;
            waiting = [];
          }
        }
        // Over all runs: what was sent is what was earned and paid out minus what was netted, and the
        // debt netted never exceeds the clawbacks recorded.
        const stillWaiting = waiting.reduce((a, b) => a + b, 0);
        expect(sent).toBe(earned - stillWaiting - netted);
        expect(netted).toBeLessThanOrEqual(clawedBack);
        expect(owed).toBe(clawedBack - netted);
        expect(owed).toBeGreaterThanOrEqual(0);
      }),
      { numRuns: 300 },
    );
  });

  it('converts by the currency exponent (JPY 0, USD 2, KWD 3) and refuses amounts finer than the minor unit', () => {
    expect(toMinorUnits(new Decimal('1234'), 'jpy' as CurrencyCode)._unsafeUnwrap()).toBe(1234);
    expect(toMinorUnits(new Decimal('12.34'), 'usd' as CurrencyCode)._unsafeUnwrap()).toBe(1234);
    expect(toMinorUnits(new Decimal('1.234'), 'kwd' as CurrencyCode)._unsafeUnwrap()).toBe(1234);
    expect(toMinorUnits(new Decimal('12.345'), 'usd' as CurrencyCode).isErr()).toBe(true);
    expect(toMinorUnits(new Decimal('0.5'), 'jpy' as CurrencyCode).isErr()).toBe(true);
    expect(toDecimalString(new Decimal('1.2'), 'kwd' as CurrencyCode)).toBe('1.200');
  });
});
