import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CONVERSION_SOURCES,
  CONVERSION_STATUSES,
  checkScriptSale,
  computeProgress,
  countsFactForGoal,
  countsTowardLimits,
  Decimal,
  DEFAULT_RISK_SETTINGS,
  type CurrencyCode,
} from '../../domain/index.js';

const usd = 'usd' as CurrencyCode;
const eur = 'eur' as CurrencyCode;

describe('which sales count toward limits, tiers and goals', () => {
  it('every real sale but an unconfirmed script sale (pending or held, reported only by the script) or imported history', () => {
    fc.assert(
      fc.property(fc.constantFrom(...CONVERSION_SOURCES), fc.constantFrom(...CONVERSION_STATUSES), (source, status) => {
        const real = status !== 'rejected' && status !== 'refunded';
        const unconfirmed = source === 'tracking_script' && (status === 'pending' || status === 'held');
        expect(countsTowardLimits({ source, status })).toBe(real && !unconfirmed && source !== 'import');
        expect(countsFactForGoal({ source, status })).toBe((status === 'pending' || status === 'approved' || status === 'paid') && !unconfirmed);
      }),
    );
  });

  it('a flood of script sales adds nothing to a goal', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 50 }), (flood) => {
        const fact = (source: 'api' | 'tracking_script') => ({
          affiliateId: 'a1', campaignId: 'c1', amount: new Decimal(100), refundedAmount: null, currency: usd, status: 'pending' as const, source, createdAt: new Date('2026-11-02T00:00:00Z'),
        });
        const progress = computeProgress({
          metric: 'revenue', scope: 'team', campaignId: null, teamCampaignIds: ['c1'], memberIds: ['a1'], currency: usd, periodKey: 'k', from: new Date('2026-11-01T00:00:00Z'), to: null,
          facts: [fact('api'), ...Array.from({ length: flood }, () => fact('tracking_script'))],
        });
        expect(progress.aggregate.toFixed()).toBe('100');
      }),
    );
  });
});

describe('checkScriptSale', () => {
  it('refuses every script sale while script sales are off', () => {
    expect(checkScriptSale({ ...DEFAULT_RISK_SETTINGS, scriptSales: 'off' }, new Decimal(1), usd)._unsafeUnwrapErr().code).toBe('script_sales_disabled');
  });

  it('takes a sale exactly when it is within the ceiling of its currency (none set: any amount)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000 }), fc.option(fc.integer({ min: 1, max: 10_000 })), fc.constantFrom(usd, eur), (amount, ceiling, currency) => {
        const settings = { scriptSales: 'on' as const, scriptSaleMaxAmount: new Map(ceiling === null ? [] : [[usd, new Decimal(ceiling)]]) };
        const ok = checkScriptSale(settings, new Decimal(amount), currency).isOk();
        expect(ok).toBe(ceiling === null || (currency === usd && amount <= ceiling));
      }),
    );
  });
});
