import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkAffiliateLimit,
  claimBySignup,
  newAffiliate,
  savePayoutDetails,
  trackingLink,
  trackingLinkBase,
  type Affiliate,
  type PayoutDetailsInput,
} from '../../domain/index.js';

const T0 = Date.UTC(2026, 10, 22);
const base = (overrides: Partial<Parameters<typeof newAffiliate>[0]> = {}): Affiliate =>
  newAffiliate({ id: 'a1', merchantId: 'm1', email: 'ada@example.com', mode: 'live', createdVia: 'api', refCode: 'ref23456', now: new Date(T0), ...overrides })._unsafeUnwrap();

describe('newAffiliate', () => {
  it('defaults the name to the email; API affiliates are headless; the mode decides isTest', () => {
    expect(base()).toMatchObject({ name: 'ada@example.com', headless: true, isTest: false, payoutDetailsCompletedAt: null });
    expect(base({ name: '  Ada  ' }).name).toBe('Ada');
    expect(base({ createdVia: 'signup', mode: 'test' })).toMatchObject({ headless: false, isTest: true });
    expect(base({ merchantId: 'm2' }).merchantId).toBe('m2');
  });

  it('refuses an invalid email naming the field', () => {
    const result = newAffiliate({ id: 'a', merchantId: 'm1', email: 'nope', mode: 'live', createdVia: 'api', refCode: 'r', now: new Date(T0) });
    expect(result._unsafeUnwrapErr().details).toEqual([{ field: 'email', message: 'must be a valid email address' }]);
  });

  it('gives a headless affiliate a login account when its person signs up, and leaves others alone', () => {
    const claimed = claimBySignup(base(), new Date(T0 + 1));
    expect(claimed.headless).toBe(false);
    expect(claimBySignup(claimed, new Date(T0 + 2))).toBe(claimed);
  });
});

const detailsArb: fc.Arbitrary<PayoutDetailsInput> = fc.oneof(
  fc.record({ method: fc.constant('connect' as const), email: fc.option(fc.constant('x@example.com'), { nil: undefined }) }),
  fc.record({
    method: fc.constantFrom('wallet_a' as const, 'transfer_b' as const),
    email: fc.option(fc.constantFrom('pay@example.com', 'not-an-email', ''), { nil: undefined }),
  }),
);

describe('savePayoutDetails', () => {
  it('fires affiliate.payout_details_completed exactly once, on the first successful save, whatever follows', () => {
    fc.assert(
      fc.property(fc.array(detailsArb, { maxLength: 12 }), (saves) => {
        let affiliate = base();
        let completions = 0;
        let successes = 0;
        saves.forEach((input, i) => {
          const result = savePayoutDetails(affiliate, input, new Date(T0 + i + 1));
          const needsEmail = input.method !== 'connect';
          const emailOk = input.email === 'pay@example.com';
          expect(result.isOk()).toBe(!needsEmail || emailOk);
          if (result.isErr()) {
            expect(result.error.details?.[0]?.field).toBe('email');
            return;
          }
          successes += 1;
          completions += result.value.events.length;
          affiliate = result.value.affiliate;
          expect(affiliate.payoutMethod).toBe(input.method);
          expect(affiliate.payoutEmail).toBe(needsEmail ? 'pay@example.com' : null);
        });
        expect(completions).toBe(successes > 0 ? 1 : 0);
        expect(affiliate.payoutDetailsCompletedAt !== null).toBe(successes > 0);
      }),
    );
  });
});

describe('checkAffiliateLimit', () => {
  it('allows an addition exactly when there is no limit or room for it', () => {
    fc.assert(
      fc.property(fc.option(fc.nat(50), { nil: null }), fc.nat(60), fc.integer({ min: 1, max: 3 }), (limit, current, adding) => {
        const result = checkAffiliateLimit(limit, current, adding);
        expect(result.isOk()).toBe(limit === null || current + adding <= limit);
        if (result.isErr()) expect(result.error.code).toBe('affiliate_limit_reached');
      }),
    );
  });
});

describe('tracking links', () => {
  it('use the custom domain on Ultimate and Scale only, else the service base URL', () => {
    const service = 'https://svc.example.com/';
    expect(trackingLinkBase({ plan: 'scale', customDomain: 'go.brand.example' }, service)).toBe('https://go.brand.example');
    expect(trackingLinkBase({ plan: 'ultimate', customDomain: 'https://go.brand.example/' }, service)).toBe('https://go.brand.example');
    expect(trackingLinkBase({ plan: 'professional', customDomain: 'go.brand.example' }, service)).toBe('https://svc.example.com');
    expect(trackingLinkBase({ plan: 'scale', customDomain: null }, service)).toBe('https://svc.example.com');
    expect(trackingLink('https://svc.example.com', 'camp2345', 'ref23456')).toBe('https://svc.example.com/r/camp2345/ref23456');
  });
});
