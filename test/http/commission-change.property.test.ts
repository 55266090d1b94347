import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roundRatioHalfAwayFromZero } from '../arbitraries/exact.js';
import { createMerchant, type TestMerchant } from '../support/merchant-mother.js';
import { createAffiliate, createCampaign, postConversion } from '../support/program-mother.js';
import { startTestService, type TestService } from '../support/test-service.js';

/** Cents as the API's JSON number. */
const money = (cents: bigint): number => Number(cents) / 100;

describe('a commission change never reaches an existing conversion (property, real service)', () => {
  let t: TestService;
  let m: TestMerchant;

  beforeAll(async () => {
    t = await startTestService();
    m = await createMerchant(t, 'scale');
  });
  afterAll(() => t.close());

  it('keeps the commission and computes later partial refunds from the terms at creation', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.bigInt({ min: 100n, max: 500_000n }),
        fc.integer({ min: 1, max: 100 }),
        fc.integer({ min: 0, max: 100 }),
        fc.constantFrom('percentage', 'fixed'),
        fc.array(fc.integer({ min: 1, max: 400 }), { minLength: 1, maxLength: 3 }),
        async (amount, before, after, newType, refundPermilles) => {
          const campaign = await createCampaign(t, m, { commissionType: 'percentage', commissionValue: before });
          const a = await createAffiliate(t, m.liveKey, campaign.id);
          const sale = await postConversion(t, m.liveKey, { campaignId: campaign.id, affiliateId: a.id, amount: money(amount) });
          const id = sale.body.data.id as string;
          // Cents computed by hand at the rate in force when the sale was made.
          const original = roundRatioHalfAwayFromZero(amount * BigInt(before), 100n);
          expect(sale.body.data.commission).toBe(money(original));

          const changed = await t.api('PATCH', `/campaigns/${campaign.id}`, m.liveKey, { commissionType: newType, commissionValue: after });
          expect(changed.status).toBe(200);
          expect((await t.api('GET', `/conversions/${id}`, m.liveKey)).body.data.commission).toBe(money(original));

          let refunded = 0n;
          for (const permille of refundPermilles) {
            const part = ((amount - refunded) * BigInt(permille)) / 1000n;
            if (part <= 0n || part >= amount - refunded) continue;
            refunded += part;
            const res = await t.api('POST', `/conversions/${id}/refund`, m.liveKey, { amount: money(part) });
            expect(res.status).toBe(200);
            expect(res.body.data.commission).toBe(money(roundRatioHalfAwayFromZero(original * (amount - refunded), amount)));
          }
        },
      ),
      { numRuns: 15 },
    );
  });
});
