import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Decimal, type Conversion } from '../../domain/index.js';
import { autoApprovalWorld, DAY, daysAgo, NOW } from './auto-approval-world.js';

/** Mostly sales the job approves, each exclusion rare enough that several can meet in one sale. */
const saleSpec = fc.record({
  campaignDays: fc.constantFrom(7, 7, 30, null),
  // Any age, and often the last millisecond before or the first at a period's end.
  ageMs: fc.oneof(fc.integer({ min: 0, max: 40 * DAY }), fc.constantFrom(7 * DAY - 1, 7 * DAY, 30 * DAY - 1, 30 * DAY)),
  membership: fc.constantFrom('approved', 'approved', 'approved', 'pending', 'suspended', null),
  flagged: fc.constantFrom(false, false, false, true),
  source: fc.constantFrom('api', 'api', 'api', 'import', 'tracking_script'),
  status: fc.constantFrom('pending', 'pending', 'pending', 'approved', 'held'),
  zeroSale: fc.constantFrom(false, false, false, true),
});
type SaleSpec = typeof saleSpec extends fc.Arbitrary<infer T> ? T : never;

/** What the job should do, written from the rule rather than from the domain's function. */
const approvable = (s: SaleSpec): boolean =>
  s.status === 'pending' &&
  s.campaignDays !== null &&
  s.ageMs >= s.campaignDays * DAY &&
  s.membership === 'approved' &&
  !s.flagged &&
  s.source === 'api' &&
  !s.zeroSale;

describe('the auto-approval job over any mix of sales (in-memory stores)', () => {
  it('approves exactly the due, clean, pending sales of approved affiliates, each once with its events and payout, and nothing on a second run', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(saleSpec, { minLength: 1, maxLength: 40 }), async (specs) => {
        const { campaign, affiliate, sale, flag, job, stored, eventsOf, queueCalls } = await autoApprovalWorld();
        const campaigns = new Map([7, 30, null].map((days) => [days, campaign(days)]));
        const sales: [SaleSpec, Conversion][] = [];
        for (const s of specs) {
          const campaignId = campaigns.get(s.campaignDays)!;
          const c = await sale(
            { campaignId, affiliateId: affiliate(campaignId, s.membership) },
            { createdAt: daysAgo(0, -s.ageMs), source: s.source, status: s.status, ...(s.zeroSale ? { amount: new Decimal(0) } : {}) },
          );
          if (s.flagged) await flag(c);
          sales.push([s, c]);
        }
        const expected = sales.filter(([s]) => approvable(s));

        expect(await job.runDue(NOW)).toBe(expected.length);
        const afterFirst = await Promise.all(sales.map(([, c]) => stored(c)));
        for (const [s, c] of sales) {
          const now = await stored(c);
          if (approvable(s)) {
            expect(now).toMatchObject({ status: 'approved', approvedAt: NOW });
            expect(eventsOf(c)).toEqual(['conversion.approved', 'conversion.updated']);
            expect(queueCalls(c)).toEqual([`queue:${c.id}`]);
          } else {
            expect(now.status).toBe(s.status);
            expect(eventsOf(c)).toEqual([]);
            expect(queueCalls(c)).toEqual([]);
          }
        }

        expect(await job.runDue(NOW)).toBe(0);
        expect(await Promise.all(sales.map(([, c]) => stored(c)))).toEqual(afterFirst);
        for (const [s, c] of sales) expect(queueCalls(c)).toHaveLength(approvable(s) ? 1 : 0);
      }),
      { numRuns: 100 },
    );
  });
});
