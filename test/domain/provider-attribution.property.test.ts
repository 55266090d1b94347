import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { attributeProviderSale, type ClickCandidate, type LinkedCustomer, type ProviderSaleToAttribute } from '../../domain/index.js';
import { storedCoupon } from '../arbitraries/coupon.js';

const DAY = 86_400_000;
const NOW = new Date('2026-11-26T12:00:00Z');

const clickArb: fc.Arbitrary<ClickCandidate> = fc.record({
  id: fc.constantFrom('k1', 'k2'),
  merchantId: fc.constantFrom('m1', 'm2'),
  mode: fc.constantFrom('live' as const, 'test' as const),
  campaignId: fc.constant('c-click'),
  affiliateId: fc.constant('a-click'),
  createdAt: fc.integer({ min: 0, max: 400 }).map((days) => new Date(NOW.getTime() - days * DAY)),
  attributionWindowDays: fc.integer({ min: 1, max: 365 }),
});
const customerArb: fc.Arbitrary<LinkedCustomer> = fc.record({
  affiliateId: fc.constant('a-customer'),
  campaignId: fc.constant('c-customer'),
  clickId: fc.option(fc.constant('k-old'), { nil: null }),
  firstConversionId: fc.option(fc.constant('conv-1'), { nil: null }),
});
const saleArb: fc.Arbitrary<ProviderSaleToAttribute> = fc.record({
  merchantId: fc.constant('m1'),
  mode: fc.constant('live' as const),
  provider: fc.constant('card' as const),
  now: fc.constant(NOW),
  clickId: fc.option(fc.constantFrom('k1', 'k2'), { nil: null }),
  click: fc.option(clickArb, { nil: null }),
  customer: fc.option(customerArb, { nil: null }),
  discount: fc.option(fc.record({ code: fc.option(fc.constantFrom('SPRING', 'spring', 'OTHER'), { nil: null }), providerDiscountId: fc.option(fc.constantFrom('promo_1', 'promo_2'), { nil: null }) }), { nil: null }),
  coupons: fc.subarray([
    storedCoupon({ id: 'x1', provider: 'card', code: 'SPRING', cardPromotionCodeId: 'promo_1', campaignId: 'c-coupon', affiliateId: 'a-coupon' }),
    storedCoupon({ id: 'x2', provider: 'card', code: 'SPRING', merchantId: 'm2', campaignId: 'c-foreign', affiliateId: 'a-foreign' }),
  ]),
});

/** The reference: is the click usable, written from the rule's words. */
const usableClick = (s: ProviderSaleToAttribute): boolean =>
  s.clickId !== null &&
  s.click !== null &&
  s.click.id === s.clickId &&
  s.click.merchantId === s.merchantId &&
  s.click.mode === s.mode &&
  NOW.getTime() - s.click.createdAt.getTime() <= s.click.attributionWindowDays * DAY;

describe('attributeProviderSale', () => {
  it('follows click → linked customer → coupon, and never uses a foreign, other-mode or expired click', () => {
    fc.assert(
      fc.property(saleArb, (sale) => {
        const a = attributeProviderSale(sale);
        if (usableClick(sale)) {
          expect(a).toMatchObject({ attributed: true, by: 'click', affiliateId: 'a-click', clickId: sale.clickId });
        } else if (sale.customer !== null) {
          expect(a).toMatchObject({ attributed: true, by: 'customer', affiliateId: 'a-customer', campaignId: 'c-customer', clickId: sale.customer.clickId });
        } else if (a.attributed) {
          expect(a.by).toBe('coupon');
          // Only the merchant's own coupon, never the other merchant's with the same code.
          expect(a.affiliateId).toBe('a-coupon');
          expect(sale.coupons.some((c) => c.merchantId === 'm1')).toBe(true);
        } else {
          expect(a.reason.split('; ')).toHaveLength(3);
        }
      }),
    );
  });

  it('explains a passed-over click when a later rule attributes the sale', () => {
    const a = attributeProviderSale({
      merchantId: 'm1', mode: 'live', provider: 'card', now: NOW, clickId: 'k1',
      click: { id: 'k1', merchantId: 'm1', mode: 'live', campaignId: 'c', affiliateId: 'a', createdAt: new Date(NOW.getTime() - 31 * DAY), attributionWindowDays: 30 },
      customer: { affiliateId: 'a2', campaignId: 'c2', clickId: null, firstConversionId: null }, discount: null, coupons: [],
    });
    expect(a).toMatchObject({ attributed: true, by: 'customer', clickPassedOver: "click k1 is 31 days old, outside the campaign's 30-day attribution window" });
  });
});
