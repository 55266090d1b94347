import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeProgress, Decimal, minorUnitDigits, type ConversionFact, type CurrencyCode } from '../../domain/index.js';
import { conversionFactArb, CURRENCIES, FACTS_T0, unitsOfDecimal } from '../arbitraries/team.js';

const AFFILIATES = ['aff_a', 'aff_b', 'aff_c', 'aff_d', 'aff_x'];
const CAMPAIGNS = ['cmp_1', 'cmp_2', 'cmp_3'];
const COUNTED = new Set(['pending', 'approved', 'paid']);

const progressCase = fc.record({
  currency: fc.constantFrom(...CURRENCIES),
  metric: fc.constantFrom('revenue' as const, 'conversions' as const),
  scope: fc.constantFrom('team' as const, 'campaign' as const),
  members: fc.uniqueArray(fc.constantFrom(...AFFILIATES), { minLength: 1, maxLength: 4 }),
  teamCampaigns: fc.uniqueArray(fc.constantFrom(...CAMPAIGNS), { minLength: 1, maxLength: 3 }),
  fromDay: fc.integer({ min: 0, max: 60 }),
  lengthDays: fc.option(fc.integer({ min: 1, max: 60 }), { nil: null }),
  facts: fc.array(conversionFactArb(AFFILIATES, CAMPAIGNS), { maxLength: 40 }),
});

/** The remaining sale in minor units, BigInt. */
const remainingUnits = (fact: ConversionFact): bigint => {
  const digits = minorUnitDigits(fact.currency);
  return unitsOfDecimal(fact.amount, digits) - (fact.refundedAmount ? unitsOfDecimal(fact.refundedAmount, digits) : 0n);
};

describe('computeProgress', () => {
  it('counts members’ counted sales on the scope’s campaigns in the period; other currencies are excluded and reported, never converted', () => {
    fc.assert(
      fc.property(progressCase, (c) => {
        const from = new Date(FACTS_T0.getTime() + c.fromDay * 86_400_000);
        const to = c.lengthDays === null ? null : new Date(from.getTime() + c.lengthDays * 86_400_000);
        const campaignId = c.teamCampaigns[0]!;
        const progress = computeProgress({
          metric: c.metric,
          scope: c.scope,
          campaignId: c.scope === 'campaign' ? campaignId : null,
          teamCampaignIds: c.teamCampaigns,
          memberIds: c.members,
          currency: c.currency,
          periodKey: 'k',
          from,
          to,
          facts: c.facts,
        });
        const scoped = new Set(c.scope === 'campaign' ? [campaignId] : c.teamCampaigns);
        const relevant = c.facts.filter(
          (f) =>
            c.members.includes(f.affiliateId) &&
            scoped.has(f.campaignId) &&
            COUNTED.has(f.status) &&
            f.createdAt.getTime() >= from.getTime() &&
            (to === null || f.createdAt.getTime() < to.getTime()),
        );
        const digits = minorUnitDigits(c.currency);
        // Reference per member.
        for (const member of c.members) {
          const mine = relevant.filter((f) => f.affiliateId === member);
          const inCurrency = mine.filter((f) => f.currency === c.currency);
          const entry = progress.byMember.find((m) => m.affiliateId === member)!;
          expect(entry).toBeDefined();
          const expectedRevenue = inCurrency.reduce((s, f) => s + remainingUnits(f), 0n);
          if (c.metric === 'revenue') {
            expect(unitsOfDecimal(entry.contribution, digits)).toBe(expectedRevenue);
            expect(entry.count).toBe(inCurrency.length);
          } else {
            expect(entry.contribution.toNumber()).toBe(mine.length);
            expect(entry.count).toBe(mine.length);
          }
          expect(unitsOfDecimal(entry.amount, digits)).toBe(expectedRevenue);
        }
        expect(progress.byMember.map((m) => m.affiliateId).sort()).toEqual([...c.members].sort());
        // Aggregate = sum of contributions.
        expect(progress.aggregate.eq(progress.byMember.reduce((s, m) => s.plus(m.contribution), new Decimal(0)))).toBe(true);
        // Other currencies: excluded from revenue goals, counted per currency with their own amounts.
        if (c.metric === 'revenue') {
          const others = new Map<CurrencyCode, { count: number; units: bigint }>();
          for (const f of relevant.filter((f) => f.currency !== c.currency)) {
            const e = others.get(f.currency) ?? { count: 0, units: 0n };
            others.set(f.currency, { count: e.count + 1, units: e.units + remainingUnits(f) });
          }
          expect([...progress.excludedByCurrency.keys()].sort()).toEqual([...others.keys()].sort());
          for (const [currency, e] of others) {
            const got = progress.excludedByCurrency.get(currency)!;
            expect(got.count).toBe(e.count);
            expect(unitsOfDecimal(got.amount, minorUnitDigits(currency))).toBe(e.units);
          }
          expect(progress.excludedByCurrency.has(c.currency)).toBe(false);
        } else {
          expect(progress.excludedByCurrency.size).toBe(0);
        }
        // Ordered by contribution, highest first.
        for (let i = 1; i < progress.byMember.length; i += 1) {
          expect(progress.byMember[i - 1]!.contribution.gte(progress.byMember[i]!.contribution)).toBe(true);
        }
      }),
      { numRuns: 400 },
    );
  });

  it('a sale in another currency never changes a revenue goal’s aggregate', () => {
    fc.assert(
      fc.property(progressCase, fc.constantFrom(...CURRENCIES), (c, other) => {
        fc.pre(other !== c.currency);
        const base = {
          metric: 'revenue' as const,
          scope: 'team' as const,
          campaignId: null,
          teamCampaignIds: c.teamCampaigns,
          memberIds: c.members,
          currency: c.currency,
          periodKey: 'k',
          from: FACTS_T0,
          to: null,
        };
        const before = computeProgress({ ...base, facts: c.facts });
        const extra: ConversionFact = {
          affiliateId: c.members[0]!,
          campaignId: c.teamCampaigns[0]!,
          amount: new Decimal(500),
          refundedAmount: null,
          currency: other,
          status: 'approved',
          source: 'api',
          createdAt: FACTS_T0,
        };
        const after = computeProgress({ ...base, facts: [...c.facts, extra] });
        expect(after.aggregate.eq(before.aggregate)).toBe(true);
        expect(after.excludedByCurrency.get(other)!.count).toBe((before.excludedByCurrency.get(other)?.count ?? 0) + 1);
      }),
    );
  });
});
