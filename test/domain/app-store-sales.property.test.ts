import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { attributeProviderSale, fromMilliUnits, fromMinorUnits, minorUnitDigits, parseCurrency, type AppleOfferType } from '../../domain/index.js';
import { storedCoupon } from '../arbitraries/coupon.js';

const currencies = ['USD', 'eur', 'JPY', 'krw', 'KWD', 'bhd', 'GBP'];

describe('fromMilliUnits: App Store prices (a thousandth of the major unit) as exact decimals', () => {
  it('agrees with the minor units it stands for, for every exponent (JPY 0, USD 2, KWD 3), far past 2^53', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 24n), max: 10n ** 24n }), fc.constantFrom(...currencies), (minor, currency) => {
        const digits = minorUnitDigits(parseCurrency(currency)._unsafeUnwrap());
        const milli = minor * 10n ** BigInt(3 - digits);
        const fromMilli = fromMilliUnits(milli, currency)._unsafeUnwrap();
        expect(fromMilli.amount.equals(fromMinorUnits(minor, currency)._unsafeUnwrap().amount)).toBe(true);
        // Exact: scaling back gives the integer that came in, digit for digit.
        expect(fromMilli.amount.times(1000).toFixed()).toBe(milli.toString());
      }),
    );
  });

  it('refuses a value finer than the currency minor unit instead of rounding it', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 15n }), fc.constantFrom('USD', 'JPY', 'eur'), (units, currency) => {
        const digits = minorUnitDigits(parseCurrency(currency)._unsafeUnwrap());
        const step = 10n ** BigInt(3 - digits);
        const off = units * step + 1n;
        expect(fromMilliUnits(off, currency).isErr()).toBe(true);
      }),
    );
  });

  it('reads the published examples exactly', () => {
    expect(fromMilliUnits(10_990, 'USD')._unsafeUnwrap().amount.toFixed()).toBe('10.99');
    expect(fromMilliUnits(120_000, 'JPY')._unsafeUnwrap().amount.toFixed()).toBe('120');
    expect(fromMilliUnits(1_234, 'KWD')._unsafeUnwrap().amount.toFixed()).toBe('1.234');
    expect(fromMilliUnits('9007199254740993000', 'usd')._unsafeUnwrap().amount.toFixed()).toBe('9007199254740993');
    expect(fromMilliUnits(120_500, 'JPY')._unsafeUnwrapErr().details?.[0]?.field).toBe('amount');
    expect(fromMilliUnits(10.5, 'USD').isErr()).toBe(true);
    expect(fromMilliUnits(1_000, 'dollars').isErr()).toBe(true);
  });
});

describe('App Store offers attribute by offer type and exact code', () => {
  const offerTypes = fc.constantFrom<AppleOfferType>(1, 2, 3);
  const coupons = [
    storedCoupon({ id: 'a1', provider: 'app_store', code: 'Summer26', appleOfferType: 3, campaignId: 'c3', affiliateId: 'a3' }),
    storedCoupon({ id: 'a2', provider: 'app_store', code: 'Summer26', appleOfferType: 2, campaignId: 'c2', affiliateId: 'a2' }),
  ];
  const sale = (code: string, appleOfferType: AppleOfferType | null) =>
    attributeProviderSale({
      merchantId: 'm1',
      mode: 'live',
      provider: 'app_store',
      now: new Date('2026-11-27T00:00:00Z'),
      clickId: null,
      click: null,
      customer: null,
      discount: { code, providerDiscountId: null, appleOfferType },
      coupons,
    });

  it('a coupon of one offer type never attributes a sale of another; codes match only exactly', () => {
    fc.assert(
      fc.property(offerTypes, fc.constantFrom('Summer26', 'SUMMER26', 'summer26', ' Summer26 '), (type, code) => {
        const found = sale(code, type);
        const expected = code.trim() === 'Summer26' ? coupons.find((c) => c.appleOfferType === type) : undefined;
        if (!expected) expect(found.attributed).toBe(false);
        else expect(found).toMatchObject({ attributed: true, by: 'coupon', campaignId: expected.campaignId });
      }),
    );
  });
});
