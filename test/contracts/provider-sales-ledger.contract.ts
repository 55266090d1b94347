import { beforeAll, describe, expect, it } from 'vitest';
import type { Tenant } from '../../application/shared/tenant.js';
import { DEFAULT_ATTRIBUTION_WINDOW_DAYS, type Conversion } from '../../domain/index.js';
import { aConversion } from '../mothers/conversion.mother.js';
import { inTransaction, type ContractWorld, type ProgramRefs } from './contract-world.js';
import { plain } from './plain.js';

const NOW = new Date('2026-11-20T10:00:00.000Z');

/**
 * What the provider sales ledger promises the attribution of a provider's sale: a customer's first
 * link stays and its first sale is set once; a stored click is found by its row id in any tenant
 * with its campaign's window; a payment reference names its order's conversion once that exists;
 * each per tenant and provider.
 */
export const providerSalesLedgerContract = (worldOf: () => ContractWorld): void => {
  describe('ProviderCustomers and ProviderPayments contract', () => {
    let world: ContractWorld;
    let program: ProgramRefs;

    beforeAll(async () => {
      world = worldOf();
      program = await world.program();
    });

    const customerId = () => `cus_${world.ids.next()}`;
    const read = <T>(work: () => Promise<T>) => world.run(work);
    const write = <T>(work: () => Promise<T>) => inTransaction(world, work);
    const sale = async (tenant: Tenant, orderId: string): Promise<Conversion> => {
      const owner = { ...tenant, campaignId: program.campaignId, affiliateId: tenant.mode === 'live' ? program.liveAffiliateId : program.testAffiliateId };
      const conversion = aConversion(world.ids.next(), owner, { orderId, source: 'card' });
      await write(() => world.conversions.recordSale(conversion, []));
      return conversion;
    };

    it("keeps a customer's first link, sets its first sale once, and finds it only in its tenant and provider", async () => {
      const customer = customerId();
      const link = { affiliateId: program.liveAffiliateId, campaignId: program.campaignId, clickId: 'click-1', firstConversionId: null, email: 'buyer@example.com' };
      expect(await read(() => world.providerCustomers.find(program.live, 'card', customer))).toBeNull();
      expect(await write(() => world.providerCustomers.link(program.live, 'card', customer, link, NOW))).toBe(true);
      expect(await write(() => world.providerCustomers.link(program.live, 'card', customer, { ...link, affiliateId: program.testAffiliateId, clickId: null }, NOW))).toBe(false);
      expect(await read(() => world.providerCustomers.find(program.live, 'card', customer))).toEqual({
        affiliateId: program.liveAffiliateId,
        campaignId: program.campaignId,
        clickId: 'click-1',
        firstConversionId: null,
      });

      const [first, second] = [world.ids.next(), world.ids.next()];
      await write(() => world.providerCustomers.setFirstConversion(program.live, 'card', customer, first));
      await write(() => world.providerCustomers.setFirstConversion(program.live, 'card', customer, second));
      expect((await read(() => world.providerCustomers.find(program.live, 'card', customer)))?.firstConversionId).toBe(first);

      expect(await read(() => world.providerCustomers.find(program.test, 'card', customer))).toBeNull();
      expect(await read(() => world.providerCustomers.find(program.live, 'mor_a', customer))).toBeNull();
      // Setting a first sale of a customer nobody linked links nobody.
      const stranger = customerId();
      await write(() => world.providerCustomers.setFirstConversion(program.live, 'card', stranger, first));
      expect(await read(() => world.providerCustomers.find(program.live, 'card', stranger))).toBeNull();
    });

    it("finds a stored click by its row id in any tenant, with its campaign's window, and nothing for any other id", async () => {
      const createdAt = new Date('2026-11-19T08:30:00.000Z');
      const id = world.ids.next();
      await world.rows.click(program, program.test, { id, visitorHash: 'v', addressHash: null, landingUrl: null, referrer: null, createdAt });
      expect(plain(await read(() => world.providerCustomers.findClick(id)))).toEqual(
        plain({
          id,
          merchantId: program.merchantId,
          mode: 'test',
          campaignId: program.campaignId,
          affiliateId: program.testAffiliateId,
          createdAt,
          attributionWindowDays: DEFAULT_ATTRIBUTION_WINDOW_DAYS,
        }),
      );
      for (const other of [`${id}_signature`, 'not-a-click', '', world.ids.next()]) {
        expect(await read(() => world.providerCustomers.findClick(other))).toBeNull();
      }
    });

    it("answers a payment reference with its order's conversion once the conversion exists, per tenant and provider", async () => {
      const orderId = `order-${world.ids.next()}`;
      const [invoice, charge] = [`in_${world.ids.next()}`, `ch_${world.ids.next()}`];
      await write(() => world.providerPayments.remember(program.live, 'card', [invoice, charge, ''], orderId));
      expect(await read(() => world.providerPayments.find(program.live, 'card', [invoice]))).toBeNull();

      const conversion = await sale(program.live, orderId);
      for (const references of [[invoice], [charge], [orderId], ['unknown', charge]]) {
        expect(await read(() => world.providerPayments.find(program.live, 'card', references))).toBe(conversion.id);
      }
      expect(await read(() => world.providerPayments.find(program.live, 'card', []))).toBeNull();
      expect(await read(() => world.providerPayments.find(program.live, 'card', ['']))).toBeNull();
      expect(await read(() => world.providerPayments.find(program.live, 'mor_a', [invoice]))).toBeNull();
      expect(await read(() => world.providerPayments.find(program.test, 'card', [invoice]))).toBeNull();

      // A reference names the first order it was remembered with.
      await write(() => world.providerPayments.remember(program.live, 'card', [invoice], `order-${world.ids.next()}`));
      expect(await read(() => world.providerPayments.find(program.live, 'card', [invoice]))).toBe(conversion.id);
    });
  });
};
