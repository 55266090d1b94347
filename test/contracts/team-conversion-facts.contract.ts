import { beforeAll, describe, expect, it } from 'vitest';
import type { FactsQuery } from '../../application/ports/team-conversion-facts.js';
import type { Tenant } from '../../application/shared/tenant.js';
import { Decimal, type ConversionStatus, type CurrencyCode } from '../../domain/index.js';
import { aConversion } from '../mothers/conversion.mother.js';
import { inTransaction, type ContractWorld, type ProgramRefs } from './contract-world.js';
import { plain } from './plain.js';

const at = (iso: string) => new Date(iso);

/**
 * What `TeamConversionFacts` promises goal progress: the tenant's sales of the given affiliates on the
 * given campaigns created in [from, to) (no upper bound when `to` is null), in every status, with the
 * figures progress needs.
 */
export const teamConversionFactsContract = (worldOf: () => ContractWorld): void => {
  describe('TeamConversionFacts contract', () => {
    let world: ContractWorld;
    let program: ProgramRefs;
    let second: { affiliateId: string; campaignId: string };

    const sale = async (tenant: Tenant, affiliateId: string, campaignId: string, createdAt: string, status: ConversionStatus, extra: { currency?: string; refunded?: string } = {}) => {
      const c = aConversion(world.ids.next(), { ...tenant, affiliateId, campaignId }, {
        createdAt: at(createdAt),
        status,
        amount: new Decimal('80.25'),
        currency: (extra.currency ?? 'usd') as CurrencyCode,
        refundedAmount: extra.refunded ? new Decimal(extra.refunded) : null,
      });
      await inTransaction(world, () => world.conversions.recordSale(c, []));
      const fact = { affiliateId, campaignId, amount: c.amount, refundedAmount: c.refundedAmount, currency: c.currency, status, source: c.source, createdAt: c.createdAt };
      return plain(fact);
    };

    let facts: Record<string, unknown>;
    beforeAll(async () => {
      world = worldOf();
      program = await world.program();
      const other = await world.program();
      const campaignId = await world.campaign(program);
      second = { affiliateId: (await world.affiliate(program, { campaignId })).id, campaignId };
      const a = program.liveAffiliateId;
      const k = program.campaignId;
      facts = {
        first: await sale(program.live, a, k, '2026-05-01T00:00:00.000Z', 'pending'),
        refunded: await sale(program.live, a, k, '2026-05-10T00:00:00.000Z', 'refunded', { refunded: '80.25' }),
        partly: await sale(program.live, a, k, '2026-05-11T00:00:00.000Z', 'approved', { refunded: '10.25', currency: 'eur' }),
        held: await sale(program.live, a, k, '2026-05-20T00:00:00.000Z', 'held'),
        june: await sale(program.live, a, k, '2026-06-01T00:00:00.000Z', 'paid'),
        before: await sale(program.live, a, k, '2026-04-30T23:59:59.999Z', 'approved'),
        secondOwn: await sale(program.live, second.affiliateId, second.campaignId, '2026-05-15T00:00:00.000Z', 'rejected'),
        crossed: await sale(program.live, a, second.campaignId, '2026-05-16T00:00:00.000Z', 'approved'),
      };
      await sale(program.test, program.testAffiliateId, k, '2026-05-12T00:00:00.000Z', 'approved');
      await sale(other.live, other.liveAffiliateId, other.campaignId, '2026-05-12T00:00:00.000Z', 'approved');
    });

    const query = async (tenant: Tenant, q: FactsQuery) => {
      const found = await world.run(() => world.facts.factsFor(tenant, q));
      return found.map(plain).sort((x, y) => ((x as { createdAt: string }).createdAt < (y as { createdAt: string }).createdAt ? -1 : 1));
    };

    it('gives the sales of the affiliates on the campaigns in [from, to), every status', async () => {
      const may = { from: at('2026-05-01T00:00:00.000Z'), to: at('2026-06-01T00:00:00.000Z') };
      expect(await query(program.live, { affiliateIds: [program.liveAffiliateId], campaignIds: [program.campaignId], ...may })).toEqual([
        facts.first,
        facts.refunded,
        facts.partly,
        facts.held,
      ]);
      expect(
        await query(program.live, { affiliateIds: [program.liveAffiliateId, second.affiliateId], campaignIds: [program.campaignId, second.campaignId], ...may }),
      ).toEqual([facts.first, facts.refunded, facts.partly, facts.secondOwn, facts.crossed, facts.held]);
      expect(await query(program.live, { affiliateIds: [second.affiliateId], campaignIds: [program.campaignId], ...may })).toEqual([]);
    });

    it('reads on without an upper bound when `to` is null', async () => {
      const open = await query(program.live, { affiliateIds: [program.liveAffiliateId], campaignIds: [program.campaignId], from: at('2026-05-15T00:00:00.000Z'), to: null });
      expect(open).toEqual([facts.held, facts.june]);
    });

    it("never gives another mode's or merchant's sales, and nothing for an empty roster or campaign list", async () => {
      const all = { from: at('2026-01-01T00:00:00.000Z'), to: null };
      expect(await query(program.test, { affiliateIds: [program.liveAffiliateId], campaignIds: [program.campaignId], ...all })).toEqual([]);
      expect(await query(program.live, { affiliateIds: [], campaignIds: [program.campaignId], ...all })).toEqual([]);
      expect(await query(program.live, { affiliateIds: [program.liveAffiliateId], campaignIds: [], ...all })).toEqual([]);
      expect((await query(program.test, { affiliateIds: [program.testAffiliateId], campaignIds: [program.campaignId], ...all })).length).toBe(1);
    });
  });
};
