import { beforeAll, describe, expect, it } from 'vitest';
import type { SaleClickQuery } from '../../application/ports/risk-facts.js';
import type { Tenant } from '../../application/shared/tenant.js';
import { Decimal, type ClickFacts, type Conversion } from '../../domain/index.js';
import { aConversion } from '../mothers/conversion.mother.js';
import { inTransaction, type ContractWorld, type ProgramRefs } from './contract-world.js';
import { plain } from './plain.js';

const at = (minute: number) => new Date(Date.UTC(2026, 10, 20, 10, minute));

/**
 * What `RiskFacts` promises the risk signals, read from the rows the click endpoint, the portal, the
 * payout settings and the sales wrote: a sale's click by its id or signed id (null for an id that
 * names no row, or another tenant's) with what was asked of its visitor (clicks and sales since a
 * time newest first and at most a limit, the affiliate's portal fingerprints), the sale a script reported with a click, payout identities shared within the program, and
 * an affiliate's refunds, each within its tenant.
 */
export const riskFactsContract = (worldOf: () => ContractWorld): void => {
  describe('RiskFacts contract', () => {
    let world: ContractWorld;
    let program: ProgramRefs;
    let other: ProgramRefs;

    beforeAll(async () => {
      world = worldOf();
      program = await world.program();
      other = await world.program();
    });

    /** A fingerprint no other test's rows carry. */
    const fingerprint = () => `visitor-${world.ids.next()}`;
    const click = async (tenant: Tenant, fields: Partial<ClickFacts> = {}, refs: ProgramRefs = program): Promise<ClickFacts> => {
      const facts: ClickFacts = { id: world.ids.next(), visitorHash: 'v', addressHash: null, landingUrl: null, referrer: null, createdAt: at(0), ...fields };
      await world.rows.click(refs, tenant, facts);
      return facts;
    };
    const sale = async (tenant: Tenant, fields: Parameters<typeof aConversion>[2] = {}, affiliateId?: string): Promise<Conversion> => {
      const owner = { ...tenant, campaignId: program.campaignId, affiliateId: affiliateId ?? (tenant.mode === 'live' ? program.liveAffiliateId : program.testAffiliateId) };
      const conversion = aConversion(world.ids.next(), owner, fields);
      await inTransaction(world, () => world.conversions.recordSale(conversion, []));
      return conversion;
    };
    const read = <T>(work: () => Promise<T>) => world.run(work);
    /** The sale-click look-up, asking only what `query` adds. */
    const saleClick = (tenant: Tenant, clickId: string, query: Partial<SaleClickQuery> = {}) =>
      read(() => world.riskFacts.saleClick(tenant, { clickId, affiliateId: program.liveAffiliateId, footprints: false, visitorClicks: null, visitorSales: null, ...query }));
    const clicksFrom = async (tenant: Tenant, clickId: string, since: Date, limit: number) => (await saleClick(tenant, clickId, { visitorClicks: { since, limit } }))?.visitorClicks;
    const salesFrom = async (tenant: Tenant, clickId: string, since: Date, limit: number) => (await saleClick(tenant, clickId, { visitorSales: { since, limit } }))?.visitorSales;

    it("reads a click by its id or its signed id, and nothing for another tenant's click or an id that names no row", async () => {
      const full = await click(program.live, { visitorHash: 'v-1', addressHash: 'a-1', landingUrl: 'https://shop.example/?gclid=x', referrer: 'https://blog.example/', createdAt: at(1) });
      const bare = await click(program.live, { createdAt: at(2) });
      expect(plain(await saleClick(program.live, full.id))).toEqual(plain({ click: full, footprints: [], visitorClicks: [], visitorSales: [] }));
      expect(plain((await saleClick(program.live, `${full.id}_signature`))?.click)).toEqual(plain(full));
      expect(plain((await saleClick(program.live, bare.id))?.click)).toEqual(plain(bare));

      for (const id of [`${full.id}x`, 'external-tracker-id', '', world.ids.next()]) {
        expect(await saleClick(program.live, id)).toBeNull();
      }
      expect(await saleClick(program.test, full.id)).toBeNull();
      expect(await saleClick(other.live, full.id)).toBeNull();
    });

    it("lists a visitor's clicks since a time, newest first, at most the limit, in the tenant only", async () => {
      const visitor = fingerprint();
      const first = await click(program.live, { visitorHash: visitor, createdAt: at(1) });
      const second = await click(program.live, { visitorHash: visitor, createdAt: at(2) });
      const third = await click(program.live, { visitorHash: visitor, createdAt: at(3) });
      await click(program.live, { visitorHash: fingerprint(), createdAt: at(2) });
      await click(program.test, { visitorHash: visitor, createdAt: at(2) });
      await click(other.live, { visitorHash: visitor, createdAt: at(2) }, other);

      // Whichever of the visitor's clicks the sale names.
      expect(await clicksFrom(program.live, first.id, at(0), 10)).toEqual([third.id, second.id, first.id]);
      expect(await clicksFrom(program.live, third.id, at(2), 10)).toEqual([third.id, second.id]);
      expect(await clicksFrom(program.live, second.id, at(0), 1)).toEqual([third.id]);
      expect(await clicksFrom(program.live, third.id, at(4), 10)).toEqual([]);
    });

    it("lists the sales whose click came from the visitor, both since the time, whichever was written first", async () => {
      const visitor = fingerprint();
      const early = await click(program.live, { visitorHash: visitor, createdAt: at(1) });
      const late = await click(program.live, { visitorHash: visitor, createdAt: at(5) });
      const stranger = await click(program.live, { visitorHash: fingerprint(), createdAt: at(5) });
      const byEarly = await sale(program.live, { clickId: early.id, createdAt: at(6) });
      // The click row of a signed id, written after the sale that names it.
      const signedId = world.ids.next();
      const bySigned = await sale(program.live, { clickId: `${signedId}_signature`, createdAt: at(7) });
      await click(program.live, { id: signedId, visitorHash: visitor, createdAt: at(4) });
      const byLate = await sale(program.live, { clickId: late.id, createdAt: at(8) });
      await sale(program.live, { clickId: stranger.id, createdAt: at(8) });
      await sale(program.live, { clickId: 'external-tracker-id', createdAt: at(8) });
      await sale(program.live, { clickId: null, createdAt: at(8) });
      // Before the time asked about: not counted, though its click is.
      await sale(program.live, { clickId: early.id, createdAt: at(0) });

      expect(await salesFrom(program.live, late.id, at(1), 10)).toEqual([byLate.id, bySigned.id, byEarly.id]);
      // Since minute 3, the early click no longer counts, so neither does its sale.
      expect(await salesFrom(program.live, late.id, at(3), 10)).toEqual([byLate.id, bySigned.id]);
      expect(await salesFrom(program.live, `${signedId}_signature`, at(1), 2)).toEqual([byLate.id, bySigned.id]);
      // The other mode's look-up does not find the click, so nothing of its visitor.
      expect(await salesFrom(program.test, late.id, at(1), 10)).toBeUndefined();
      const testClick = await click(program.test, { visitorHash: visitor, createdAt: at(5) });
      expect(await salesFrom(program.test, testClick.id, at(1), 10)).toEqual([]);
    });

    it('finds the sale the tracking script reported with a click, and no other', async () => {
      const clickId = `${world.ids.next()}_signature`;
      expect(await read(() => world.riskFacts.scriptSaleOfClick(program.live, clickId))).toBeNull();
      await sale(program.live, { clickId, source: 'api' });
      expect(await read(() => world.riskFacts.scriptSaleOfClick(program.live, clickId))).toBeNull();
      const script = await sale(program.live, { clickId, source: 'tracking_script' });
      expect(await read(() => world.riskFacts.scriptSaleOfClick(program.live, clickId))).toBe(script.id);
      expect(await read(() => world.riskFacts.scriptSaleOfClick(program.test, clickId))).toBeNull();
      expect(await read(() => world.riskFacts.scriptSaleOfClick(program.live, clickId.slice(0, 36)))).toBeNull();
    });

    it("reads the affiliate's portal fingerprints at the merchant, newest first, at most 20", async () => {
      const affiliate = await world.affiliate(program);
      const session = (idHash: string, minute: number, visitorHash: string | null, addressHash: string | null, merchantId = program.merchantId, affiliateId = affiliate.id) =>
        world.rows.portalSession({ merchantId, affiliateId, idHash, visitorHash, addressHash, createdAt: at(minute) });
      const hash = () => `hash${world.ids.next().replaceAll('-', '')}`;
      const [h1, h2, h3] = [hash(), hash(), hash()];
      await session(h1, 1, 'v-1', null);
      await session(h2, 2, null, 'a-2');
      await session(h3, 3, null, null);
      await session(hash(), 4, 'v-4', 'a-4', other.merchantId);
      await session(hash(), 4, 'v-4', 'a-4', program.merchantId, program.liveAffiliateId);

      const named = await click(program.live, { visitorHash: fingerprint(), createdAt: at(5) });
      const footprints = async () => (await saleClick(program.live, named.id, { affiliateId: affiliate.id, footprints: true }))?.footprints ?? [];
      expect(await saleClick(program.live, named.id, { affiliateId: affiliate.id })).toMatchObject({ footprints: [] });
      expect(await footprints()).toEqual([
        { id: `session:${h2.slice(0, 12)}`, visitorHash: null, addressHash: 'a-2' },
        { id: `session:${h1.slice(0, 12)}`, visitorHash: 'v-1', addressHash: null },
      ]);
      for (let minute = 10; minute < 31; minute += 1) await session(hash(), minute, `v-${minute}`, null);
      const latest = await footprints();
      expect(latest.map((f) => f.visitorHash)).toEqual(Array.from({ length: 20 }, (_, i) => `v-${30 - i}`));
    });

    it("reads the affiliate's payout identity in the tenant and the program's members that share its email", async () => {
      const payee = await world.affiliate(program);
      const sameEmail = await world.affiliate(program);
      const otherEmail = await world.affiliate(program);
      const nothing = await world.affiliate(program);
      const inTest = await world.affiliate(program, { mode: 'test' });
      const elsewhere = await world.affiliate(other);
      const email = `payee-${world.ids.next()}@example.com`;
      const account = `acct_${world.ids.next()}`;
      await world.rows.payoutDetails(program.live, payee.id, { payoutEmail: email, connectedAccountId: account });
      await world.rows.payoutDetails(program.live, sameEmail.id, { payoutEmail: email.toUpperCase() });
      await world.rows.payoutDetails(program.live, otherEmail.id, { payoutEmail: `other-${email}`, connectedAccountId: `${account}_other` });
      await world.rows.payoutDetails(program.live, nothing.id, { payoutEmail: null });
      await world.rows.payoutDetails(program.test, inTest.id, { payoutEmail: email });
      await world.rows.payoutDetails(other.live, elsewhere.id, { payoutEmail: email });

      const live = await read(() => world.riskFacts.payoutIdentities(program.live, payee.id));
      expect(live).toEqual({
        own: { affiliateId: payee.id, payoutEmail: email, connectedAccountId: account },
        sharing: [{ affiliateId: sameEmail.id, payoutEmail: email.toUpperCase(), connectedAccountId: null }],
      });
      // In test mode the connected account is another (none here) and the test-mode member shares the email.
      expect(await read(() => world.riskFacts.payoutIdentities(program.test, payee.id))).toEqual({
        own: { affiliateId: payee.id, payoutEmail: email, connectedAccountId: null },
        sharing: [{ affiliateId: inTest.id, payoutEmail: email, connectedAccountId: null }],
      });
      expect(await read(() => world.riskFacts.payoutIdentities(program.live, nothing.id))).toEqual({
        own: { affiliateId: nothing.id, payoutEmail: null, connectedAccountId: null },
        sharing: [],
      });
    });

    it("counts the affiliate's sales in the tenant since a time, and names the refunded ones", async () => {
      const affiliate = await world.affiliate(program);
      const mine = (fields: Parameters<typeof aConversion>[2]) => sale(program.live, fields, affiliate.id);
      await mine({ createdAt: at(2) });
      const refunded = await mine({ status: 'refunded', createdAt: at(3) });
      const partly = await mine({ refundedAmount: new Decimal('10.00'), createdAt: at(4) });
      await mine({ status: 'refunded', createdAt: at(0) });

      const history = await read(() => world.riskFacts.refundHistory(program.live, affiliate.id, at(1)));
      expect({ ...history, refundedIds: [...history.refundedIds].sort() }).toEqual({ affiliateId: affiliate.id, conversions: 3, refundedIds: [refunded.id, partly.id].sort() });
      expect(await read(() => world.riskFacts.refundHistory(program.test, affiliate.id, at(1)))).toEqual({ affiliateId: affiliate.id, conversions: 0, refundedIds: [] });
    });
  });
};
