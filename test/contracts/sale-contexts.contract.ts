import { beforeAll, describe, expect, it } from 'vitest';
import type { SaleClickQuery } from '../../application/ports/risk-facts.js';
import type { Tenant } from '../../application/shared/tenant.js';
import { changeRiskSettings, createCampaign, Decimal, DEFAULT_RISK_SETTINGS, type Campaign, type ClickFacts } from '../../domain/index.js';
import { aConversion } from '../mothers/conversion.mother.js';
import { inTransaction, type AffiliateRefs, type ContractWorld, type ProgramRefs } from './contract-world.js';
import { plain } from './plain.js';
import { teamFixtures } from './team-fixtures.js';

const NOW = new Date('2026-11-10T10:00:00.000Z');
const at = (minute: number) => new Date(Date.UTC(2026, 10, 20, 10, minute));

/**
 * What `SaleContexts` promises a sale: the merchant's campaign (read by both modes; nothing for another
 * merchant's), the affiliate only when it has a membership with the merchant in the tenant's mode, its
 * membership on this campaign, the campaign's rates with the team's when that membership is linked to
 * a team, the merchant's cap, currency and name, the tenant's risk rules, whether the affiliate sold
 * before, and a click query answered along only for the sale's own affiliate and a click id that can
 * name a row (null facts for a click that is not the tenant's).
 */
export const saleContextsContract = (worldOf: () => ContractWorld): void => {
  describe('SaleContexts contract', () => {
    let world: ContractWorld;
    let program: ProgramRefs;
    let other: ProgramRefs;

    beforeAll(async () => {
      world = worldOf();
      program = await world.program();
      other = await world.program();
    });

    const read = <T>(work: () => Promise<T>) => world.run(work);
    const locked = <T>(work: () => Promise<T>) => inTransaction(world, work);
    const find = (tenant: Tenant, campaignId: string, affiliateId: string, click?: SaleClickQuery) =>
      read(() => world.saleContexts.find(tenant, campaignId, affiliateId, click));
    /** A campaign of the program's merchant paying 12.5 %, and 20 % from the tenth sale of the month. */
    const campaignOf = async (owner: ProgramRefs = program): Promise<Campaign> => {
      const created = createCampaign(
        { name: 'Sale campaign', commissionType: 'percentage', commissionValue: new Decimal('12.5'), description: null, targetUrl: 'https://shop.example/sale' },
        { id: world.ids.next(), merchantId: owner.merchantId, trackingCode: `sale-${world.ids.next().slice(-12)}`, now: NOW },
      )._unsafeUnwrap();
      const campaign: Campaign = { ...created, commissionTiers: { basis: 'conversions', tiers: [{ threshold: new Decimal(10), type: 'percentage', value: new Decimal(20) }] } };
      expect(await locked(() => world.campaigns.insert(campaign))).toBe('inserted');
      return campaign;
    };
    const ratesOf = (campaign: Campaign) => ({ campaign: { type: campaign.commissionType, value: campaign.commissionValue }, campaignTiers: campaign.commissionTiers });
    const ownRates = (campaign: Campaign) => plain(ratesOf(campaign));
    const affiliateFields = (affiliate: AffiliateRefs, owner: ProgramRefs, mode: Tenant['mode'] = 'live') => ({
      id: affiliate.id,
      merchantId: owner.merchantId,
      name: affiliate.name,
      email: affiliate.email,
      isTest: mode === 'test',
      headless: true,
      payoutMethod: null,
    });

    it("finds the merchant's campaign with the affiliate, its membership, the campaign's rates and the merchant's cap, currency and name", async () => {
      const merchant = (await read(() => world.merchants.findById(program.merchantId)))!;
      await locked(() => world.merchants.update({ ...merchant, monthlyEarningsCap: new Decimal('750.50'), updatedAt: NOW }));
      const campaign = await campaignOf();
      const affiliate = await world.affiliate(program, { campaignId: campaign.id });

      const found = await find(program.live, campaign.id, affiliate.id);
      expect(plain(found?.campaign)).toEqual(plain(await read(() => world.campaigns.findById(program.live, campaign.id))));
      expect(found?.campaign).toMatchObject({ id: campaign.id, merchantId: program.merchantId, name: 'Sale campaign', status: 'active' });
      expect(found?.affiliate).toMatchObject(affiliateFields(affiliate, program));
      expect(found?.membership).toMatchObject({ merchantId: program.merchantId, mode: 'live', campaignId: campaign.id, affiliateId: affiliate.id, status: 'approved' });
      expect(found?.membership?.id).toEqual(expect.any(String));
      expect(plain(found?.rates)).toEqual(ownRates(campaign));
      expect(plain([found?.merchantEarningsCap, found?.merchantReportingCurrency, found?.merchantBusinessName])).toEqual(['750.5', merchant.reportingCurrency, merchant.businessName]);
      expect(found?.saleClick).toBeUndefined();
    });

    it("reads the campaign in both modes, and nothing for another merchant's campaign or an unknown one", async () => {
      const campaign = await campaignOf();
      const inTest = await world.affiliate(program, { mode: 'test', campaignId: campaign.id });
      const found = await find(program.test, campaign.id, inTest.id);
      expect(found?.campaign.id).toBe(campaign.id);
      expect(found?.affiliate).toMatchObject(affiliateFields(inTest, program, 'test'));
      expect(found?.membership).toMatchObject({ mode: 'test', campaignId: campaign.id, affiliateId: inTest.id });

      expect(await find(other.live, campaign.id, program.liveAffiliateId)).toBeNull();
      expect(await find(other.test, campaign.id, inTest.id)).toBeNull();
      expect(await find(program.live, world.ids.next(), program.liveAffiliateId)).toBeNull();
    });

    it('finds no affiliate of another merchant, of the other mode only, or unknown; the campaign is still found', async () => {
      const campaign = await campaignOf();
      const elsewhere = await world.affiliate(other);
      const inTest = await world.affiliate(program, { mode: 'test', campaignId: campaign.id });
      for (const affiliateId of [elsewhere.id, inTest.id, world.ids.next()]) {
        const found = await find(program.live, campaign.id, affiliateId);
        expect(found?.campaign.id).toBe(campaign.id);
        expect([found?.affiliate, found?.membership, found?.affiliateHasSales]).toEqual([null, null, false]);
        expect(plain(found?.rates)).toEqual(ownRates(campaign));
      }
    });

    it('finds the affiliate without a membership on a campaign it has not joined, and one of any status on one it has', async () => {
      const campaign = await campaignOf();
      const elsewhere = await world.affiliate(program);
      const notJoined = await find(program.live, campaign.id, elsewhere.id);
      expect(notJoined?.affiliate).toMatchObject(affiliateFields(elsewhere, program));
      expect(notJoined?.membership).toBeNull();

      const pending = await world.affiliate(program, { campaignId: campaign.id, membership: 'pending' });
      expect((await find(program.live, campaign.id, pending.id))?.membership).toMatchObject({ affiliateId: pending.id, campaignId: campaign.id, status: 'pending' });
    });

    it("adds the team's base and campaign rates and the member's override when the membership is linked to a team", async () => {
      const fixtures = teamFixtures(world);
      const campaign = await campaignOf();
      const team = await fixtures.team(program.live, { baseRate: { type: 'percentage', value: new Decimal('15') } });
      const [overridden, plainMember, outside] = [
        await world.affiliate(program, { campaignId: campaign.id }),
        await world.affiliate(program, { campaignId: campaign.id }),
        await world.affiliate(program, { campaignId: campaign.id }),
      ];
      const campaignRate = { type: 'fixed' as const, value: new Decimal('4.5') };
      const override = { campaignId: campaign.id, affiliateId: overridden.id, rate: { type: 'percentage' as const, value: new Decimal('30') }, recurringValue: new Decimal('7.25') };
      await locked(async () => {
        await world.teams.saveCampaign(program.live, team.id, { campaignId: campaign.id, rate: campaignRate }, NOW);
        for (const member of [overridden, plainMember]) {
          await world.teams.addMember(program.live, team.id, member.id, NOW);
          await world.teams.linkMembership(program.live, campaign.id, member.id, team.id);
        }
        await world.teams.saveOverride(program.live, team.id, override, NOW);
      });

      const teamRates = (fields: object) => plain({ ...ratesOf(campaign), teamBase: team.baseRate, teamCampaign: campaignRate, ...fields });
      expect(plain((await find(program.live, campaign.id, overridden.id))?.rates)).toEqual(teamRates({ override: override.rate, overrideRecurringValue: override.recurringValue }));
      expect(plain((await find(program.live, campaign.id, plainMember.id))?.rates)).toEqual(teamRates({ override: null, overrideRecurringValue: null }));
      expect(plain((await find(program.live, campaign.id, outside.id))?.rates)).toEqual(ownRates(campaign));
    });

    it("reads the tenant's risk rules: the defaults until the merchant saves its own", async () => {
      const own = await world.program();
      const rules = async (tenant: Tenant) => plain((await find(tenant, own.campaignId, tenant.mode === 'live' ? own.liveAffiliateId : own.testAffiliateId))?.riskSettings);
      expect(await rules(own.live)).toEqual(plain(DEFAULT_RISK_SETTINGS));
      const changed = changeRiskSettings(DEFAULT_RISK_SETTINGS, { refundRatePercent: 35, actions: { ...DEFAULT_RISK_SETTINGS.actions, fast_conversion: 'hold' } }, NOW)._unsafeUnwrap();
      await locked(() => world.riskSettings.save(own.live, changed));
      expect(await rules(own.live)).toEqual(plain(changed));
      expect(await rules(own.live)).not.toEqual(plain(DEFAULT_RISK_SETTINGS));
      expect(await rules(own.test)).toEqual(plain(DEFAULT_RISK_SETTINGS));
    });

    it('says whether the affiliate has a sale at the tenant, counting no other affiliate or mode', async () => {
      const seller = await world.affiliate(program);
      const neighbour = await world.affiliate(program);
      const hasSales = async (tenant: Tenant, affiliateId: string) => (await find(tenant, program.campaignId, affiliateId))?.affiliateHasSales;
      expect(await hasSales(program.live, seller.id)).toBe(false);
      const sale = aConversion(world.ids.next(), { ...program.live, campaignId: program.campaignId, affiliateId: seller.id }, { createdAt: at(1) });
      await locked(() => world.conversions.recordSale(sale, []));
      expect(await hasSales(program.live, seller.id)).toBe(true);
      expect(await hasSales(program.live, neighbour.id)).toBe(false);
      const testSale = aConversion(world.ids.next(), { ...program.test, campaignId: program.campaignId, affiliateId: program.testAffiliateId }, { createdAt: at(1) });
      expect(await hasSales(program.test, program.testAffiliateId)).toBe(false);
      await locked(() => world.conversions.recordSale(testSale, []));
      expect(await hasSales(program.test, program.testAffiliateId)).toBe(true);
    });

    describe('a click query asked along', () => {
      const query = (clickId: string, affiliateId: string): SaleClickQuery => ({
        clickId,
        affiliateId,
        footprints: true,
        visitorClicks: { since: at(0), limit: 10 },
        visitorSales: { since: at(0), limit: 10 },
      });
      const click = async (owner: ProgramRefs, tenant: Tenant, minute: number): Promise<ClickFacts> => {
        const facts: ClickFacts = { id: world.ids.next(), visitorHash: `visitor-${world.ids.next()}`, addressHash: 'a-1', landingUrl: 'https://shop.example/?gclid=x', referrer: null, createdAt: at(minute) };
        await world.rows.click(owner, tenant, facts);
        return facts;
      };

      it("is answered for the sale's own affiliate, as the click read answers it, by id or signed id", async () => {
        const mine = await click(program, program.live, 2);
        const earlier = await click(program, program.live, 1);
        for (const clickId of [mine.id, `${mine.id}_signature`, earlier.id]) {
          const asked = query(clickId, program.liveAffiliateId);
          const found = await find(program.live, program.campaignId, program.liveAffiliateId, asked);
          expect(plain(found?.saleClick)).toEqual(plain({ query: asked, facts: await read(() => world.riskFacts.saleClick(program.live, asked)) }));
          expect(found?.saleClick?.facts?.click.id).toBe(clickId.slice(0, 36));
        }
      });

      it("is not answered for another affiliate's query or a click id that can name no row", async () => {
        const mine = await click(program, program.live, 3);
        const neighbour = await world.affiliate(program);
        const forNeighbour = await find(program.live, program.campaignId, program.liveAffiliateId, query(mine.id, neighbour.id));
        expect(forNeighbour?.campaign.id).toBe(program.campaignId);
        expect(forNeighbour?.saleClick).toBeUndefined();
        for (const clickId of ['external-tracker-id', `${mine.id}x`, '']) {
          expect((await find(program.live, program.campaignId, program.liveAffiliateId, query(clickId, program.liveAffiliateId)))?.saleClick).toBeUndefined();
        }
      });

      it("answers null facts for a click of another tenant, or one not (yet) written", async () => {
        const inTest = await click(program, program.test, 4);
        const elsewhere = await click(other, other.live, 4);
        for (const clickId of [inTest.id, elsewhere.id, world.ids.next()]) {
          const asked = query(clickId, program.liveAffiliateId);
          expect(plain((await find(program.live, program.campaignId, program.liveAffiliateId, asked))?.saleClick)).toEqual(plain({ query: asked, facts: null }));
        }
      });
    });
  });
};
