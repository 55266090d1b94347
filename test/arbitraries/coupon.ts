import fc from 'fast-check';
import { COUPON_PROVIDERS, type Coupon, type CouponProvider } from '../../domain/index.js';

export const couponProviderArb: fc.Arbitrary<CouponProvider> = fc.constantFrom(...COUPON_PROVIDERS);

/**
 * Code characters: ASCII letters of both cases, digits and the punctuation codes use. Small on
 * purpose, so random codes often collide (equal, or equal but for case).
 */
export const CODE_ALPHABET = ['a', 'A', 'b', 'B', 'z', 'Z', '0', '1', '-', '_'] as const;
export const couponCodeArb: fc.Arbitrary<string> = fc
  .array(fc.constantFrom(...CODE_ALPHABET), { minLength: 1, maxLength: 4 })
  .map((chars) => chars.join(''));

const LOWER = 'abcdefghijklmnopqrstuvwxyz';
const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/**
 * The reference case rule, written independently of the domain: a hand-made ASCII letter table
 * for case-insensitive providers, identity for `app_store`.
 */
export const referenceCodeKey = (provider: CouponProvider, code: string): string =>
  provider === 'app_store'
    ? code
    : [...code].map((ch) => (LOWER.includes(ch) ? (UPPER[LOWER.indexOf(ch)] as string) : ch)).join('');

/** A stored coupon (as the repository returns it): code already under its provider's rule. */
export const storedCoupon = (fields: Partial<Coupon> & Pick<Coupon, 'id' | 'provider' | 'code'>): Coupon => ({
  merchantId: 'm1',
  mode: 'live',
  campaignId: `campaign-${fields.id}`,
  affiliateId: `affiliate-${fields.id}`,
  cardPromotionCodeId: null,
  merchantAdiscountId: null,
  morBDiscountId: null,
  morCDiscountId: null,
  appleOfferType: null,
  percentOff: null,
  amountOff: null,
  currency: null,
  createdAt: new Date(Date.UTC(2026, 10, 22)),
  updatedAt: new Date(Date.UTC(2026, 10, 22)),
  deletedAt: null,
  ...fields,
});
