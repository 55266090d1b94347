import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { importedCouponCampaign } from '../../domain/index.js';

const id = fc.uuid();

describe("an imported coupon's campaign", () => {
  it('is the campaign its row names, whatever the affiliate is on', () => {
    fc.assert(
      fc.property(id, fc.array(id), (named, campaigns) => {
        expect(importedCouponCampaign(named, campaigns)._unsafeUnwrap()).toBe(named);
      }),
    );
  });

  it("without one, is the affiliate's only campaign (listed any number of times)", () => {
    fc.assert(
      fc.property(id, fc.integer({ min: 1, max: 5 }), fc.constantFrom(null, '', '  '), (campaign, times, named) => {
        expect(importedCouponCampaign(named, Array(times).fill(campaign))._unsafeUnwrap()).toBe(campaign);
      }),
    );
  });

  it('is refused, naming campaign_id, when the affiliate is on none or on several', () => {
    fc.assert(
      fc.property(fc.uniqueArray(id, { maxLength: 4 }).filter((c) => c.length !== 1), (campaigns) => {
        const result = importedCouponCampaign(null, campaigns);
        expect(result.isErr()).toBe(true);
        expect(result._unsafeUnwrapErr().details?.[0]?.field).toBe('campaign_id');
      }),
    );
  });
});
