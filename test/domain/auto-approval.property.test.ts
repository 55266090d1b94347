import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { autoApprovalDueAt, isDueForAutoApproval } from '../../domain/conversion/auto-approval.js';
import type { Conversion } from '../../domain/conversion/conversion.js';
import { changeConversionStatus, holdConversion, refundConversion } from '../../domain/conversion/conversion.ops.js';
import type { CurrencyCode } from '../../domain/money/currency.js';
import { Decimal } from '../../domain/money/decimal.js';
import { conversionArb, DAY_MS, T0, unitsOf, buildConversion, type GeneratedConversion } from '../arbitraries/conversion.js';
import { exactToString } from '../arbitraries/exact.js';

type History = 'none' | 'approved' | 'rejected' | 'held' | 'partly_refunded' | 'refunded';

/** Puts a fresh conversion through some history before the job looks at it. */
const withHistory = ({ conversion, figures }: GeneratedConversion, history: History): Conversion => {
  const at = new Date(T0.getTime() + 1);
  switch (history) {
    case 'none':
      return conversion;
    case 'approved':
      return changeConversionStatus(conversion, { to: 'approved', confirmAboveSale: true, now: at })._unsafeUnwrap().conversion;
    case 'rejected':
      return changeConversionStatus(conversion, { to: 'rejected', now: at })._unsafeUnwrap().conversion;
    case 'held':
      return holdConversion(conversion, at)._unsafeUnwrap().conversion;
    case 'partly_refunded': {
      if (figures.amount < 2n) return conversion;
      const half = new Decimal(exactToString({ units: figures.amount / 2n, scale: figures.digits }));
      return refundConversion(conversion, { amount: half, now: at })._unsafeUnwrap().conversion;
    }
    case 'refunded':
      return refundConversion(conversion, { now: at })._unsafeUnwrap().conversion;
  }
};

const elapsedArb = (days: number | null) => {
  const span = (days ?? 7) * DAY_MS;
  return fc.oneof(
    fc.integer({ min: -2, max: 2 }).map((d) => span + d), // the boundary, to the millisecond
    fc.integer({ min: 0, max: 120 * DAY_MS }),
  );
};

const caseArb = fc
  .record({
    generated: conversionArb,
    history: fc.constantFrom<History>('none', 'none', 'none', 'approved', 'rejected', 'held', 'partly_refunded', 'refunded'),
    days: fc.constantFrom<number | null>(null, 7, 14, 30, 60, 90),
    affiliateApproved: fc.boolean(),
    flagged: fc.boolean(),
  })
  .chain((c) => elapsedArb(c.days).map((elapsed) => ({ ...c, elapsed })));

describe('auto-approval eligibility', () => {
  it('is due exactly when every condition of the spec holds', () => {
    fc.assert(
      fc.property(caseArb, ({ generated, history, days, affiliateApproved, flagged, elapsed }) => {
        const conversion = withHistory(generated, history);
        const { figures } = generated;
        const sale = figures.amount + (figures.tax ?? 0n);
        const commission = unitsOf(conversion.commission, figures.digits);
        const expected =
          days !== null &&
          elapsed >= days * DAY_MS &&
          conversion.status === 'pending' &&
          affiliateApproved &&
          !flagged &&
          conversion.source !== 'tracking_script' &&
          sale !== 0n &&
          commission <= 5n * sale;
        const now = new Date(T0.getTime() + elapsed);
        expect(isDueForAutoApproval(conversion, { campaignAutoApproveDays: days, affiliateApproved, flagged, now })).toBe(expected);
      }),
      { numRuns: 2000 },
    );
  });

  it('when due, the job can approve without confirmation', () => {
    fc.assert(
      fc.property(caseArb, ({ generated, history, days, affiliateApproved, flagged, elapsed }) => {
        const conversion = withHistory(generated, history);
        const now = new Date(T0.getTime() + elapsed);
        fc.pre(isDueForAutoApproval(conversion, { campaignAutoApproveDays: days, affiliateApproved, flagged, now }));
        expect(changeConversionStatus(conversion, { to: 'approved', now }).isOk()).toBe(true);
      }),
    );
  });

  it('counts exact 24-hour days from createdAt, in UTC', () => {
    const conversion = buildConversion(
      { currency: 'usd' as CurrencyCode, digits: 2, amount: 1000n, tax: null, commission: 100n },
      { createdAt: new Date('2026-03-25T23:30:00.000Z') },
    );
    // Across the European DST change (2026-03-29): still 7 × 24 h.
    expect(autoApprovalDueAt(conversion, 7)?.toISOString()).toBe('2026-04-01T23:30:00.000Z');
    const due = (iso: string) =>
      isDueForAutoApproval(conversion, { campaignAutoApproveDays: 7, affiliateApproved: true, flagged: false, now: new Date(iso) });
    expect(due('2026-04-01T23:29:59.999Z')).toBe(false);
    expect(due('2026-04-01T23:30:00.000Z')).toBe(true);
    expect(autoApprovalDueAt(conversion, null)).toBeNull();
  });

  it('qualifies a partly refunded sale (its refunded amount is recorded), never a tracking-script sale', () => {
    const base = { currency: 'usd' as CurrencyCode, digits: 2, amount: 1000n, tax: null, commission: 100n };
    const later = new Date(T0.getTime() + 30 * DAY_MS);
    const context = { campaignAutoApproveDays: 7, affiliateApproved: true, flagged: false, now: later };
    expect(isDueForAutoApproval(buildConversion(base), context)).toBe(true);
    expect(isDueForAutoApproval(buildConversion(base, { source: 'tracking_script' }), context)).toBe(false);
    const partly = refundConversion(buildConversion(base), { amount: new Decimal('4.00'), now: T0 })._unsafeUnwrap().conversion;
    expect(isDueForAutoApproval(partly, context)).toBe(true);
  });
});
