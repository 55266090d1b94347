import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { attributeProviderSale, clickTokenRefusal, vouchedClick, type PresentedClickToken } from '../../domain/index.js';

const DAY = 86_400_000;
const NOW = new Date('2026-11-28T12:00:00Z');

const tokenArb: fc.Arbitrary<PresentedClickToken> = fc.record({
  text: fc.constant('k-token'),
  signatureValid: fc.boolean(),
  claims: fc.record({
    clickRowId: fc.constant('k-row'),
    merchantId: fc.constantFrom('m1', 'm2'),
    mode: fc.constantFrom('live' as const, 'test' as const),
    campaignId: fc.constant('c1'),
    affiliateId: fc.constant('a1'),
    // Up to 400 days old, and a little from the future (another process's clock).
    issuedAt: fc.integer({ min: -60_000, max: 400 * DAY }).map((age) => new Date(NOW.getTime() - age)),
  }),
});
const saleArb = fc.record({ merchantId: fc.constant('m1'), mode: fc.constantFrom('live' as const, 'test' as const), now: fc.constant(NOW) });
const windowArb = fc.integer({ min: 1, max: 365 });

describe('a signed click id', () => {
  it('attributes exactly when its signature holds, it names the sale\'s merchant and mode, and it is inside the window', () => {
    fc.assert(
      fc.property(saleArb, tokenArb, windowArb, (sale, token, window) => {
        const expected =
          token.signatureValid &&
          token.claims.merchantId === sale.merchantId &&
          token.claims.mode === sale.mode &&
          NOW.getTime() - token.claims.issuedAt.getTime() <= window * DAY;
        expect(clickTokenRefusal(sale, token, window) === null).toBe(expected);
      }),
    );
  });

  it('a forged or altered id reads as an unknown click, whatever it claims', () => {
    fc.assert(
      fc.property(saleArb, tokenArb, windowArb, (sale, token, window) => {
        const forged = { ...token, signatureValid: false };
        expect(vouchedClick(forged, window)).toBeNull();
        expect(clickTokenRefusal(sale, forged, window)).toBe(`click ${token.text} is not one of this merchant's clicks`);
      }),
    );
  });

  it('attributes a provider sale to the affiliate and campaign it claims, by click, with the id as presented', () => {
    fc.assert(
      fc.property(saleArb, tokenArb, windowArb, (sale, token, window) => {
        const attribution = attributeProviderSale({
          ...sale,
          provider: 'card',
          clickId: token.text,
          click: vouchedClick(token, window),
          customer: null,
          discount: null,
          coupons: [],
        });
        if (clickTokenRefusal(sale, token, window) === null) expect(attribution).toMatchObject({ attributed: true, by: 'click', affiliateId: 'a1', campaignId: 'c1', clickId: 'k-token' });
        else expect(attribution.attributed).toBe(false);
      }),
    );
  });
});
