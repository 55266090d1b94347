import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ACTIVE_MEMBERSHIP_STATUSES,
  AWARD_STATUSES,
  CONVERSION_STATUSES,
  COUNTED_SALE_STATUSES,
  CUSTOM_DOMAIN_PLANS,
  holdsPlace,
  IN_PAYOUT_AWARD_STATUSES,
  isCountedSale,
  MEMBERSHIP_STATUSES,
  OPEN_AWARD_STATUSES,
  PENDING_AWARD_STATUSES,
  planAllowsCustomDomain,
  planMeets,
  PLANS,
  UNCOUNTED_SALE_STATUSES,
} from '../../domain/index.js';

/** The lists SQL selects by are the domain's rules, whole: each agrees with its predicate and its machine's states. */
describe('the rule lists the domain exports for SQL', () => {
  it('counted and uncounted sales split every conversion status, as isCountedSale answers', () => {
    fc.assert(
      fc.property(fc.constantFrom(...CONVERSION_STATUSES), (status) => {
        expect(COUNTED_SALE_STATUSES.includes(status)).toBe(!UNCOUNTED_SALE_STATUSES.includes(status));
        expect(isCountedSale(status)).toBe(COUNTED_SALE_STATUSES.includes(status));
      }),
    );
    expect(COUNTED_SALE_STATUSES.length + UNCOUNTED_SALE_STATUSES.length).toBe(CONVERSION_STATUSES.length);
  });

  it('a membership holds its place exactly while pending or approved', () => {
    fc.assert(
      fc.property(fc.constantFrom(...MEMBERSHIP_STATUSES), (status) => {
        expect(holdsPlace(status)).toBe(ACTIVE_MEMBERSHIP_STATUSES.includes(status));
        expect(holdsPlace(status)).toBe(status === 'pending' || status === 'approved');
      }),
    );
  });

  it('pending awards are open and never in payout; awards in payout are past the merchant’s decision', () => {
    fc.assert(
      fc.property(fc.constantFrom(...AWARD_STATUSES), (status) => {
        if (PENDING_AWARD_STATUSES.includes(status)) {
          expect(OPEN_AWARD_STATUSES).toContain(status);
          expect(IN_PAYOUT_AWARD_STATUSES).not.toContain(status);
        }
      }),
    );
    expect(IN_PAYOUT_AWARD_STATUSES).toEqual(['approved', 'processing']);
  });

  it('custom domains are a plan rule: the list is the plans that allow one, and a higher plan keeps it', () => {
    fc.assert(
      fc.property(fc.constantFrom(...PLANS), fc.constantFrom(...PLANS), (plan, higher) => {
        expect(CUSTOM_DOMAIN_PLANS.includes(plan)).toBe(planAllowsCustomDomain(plan));
        if (planAllowsCustomDomain(plan) && planMeets(higher, plan)) expect(planAllowsCustomDomain(higher)).toBe(true);
      }),
    );
    expect(planAllowsCustomDomain('professional')).toBe(false);
  });
});
