import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CreateConversion } from '../../application/conversions/create-conversion.js';
import { RecordProviderSale } from '../../application/sales/record-provider-sale.js';
import type { ProviderSaleFact } from '../../application/ports/provider-sales-ledger.js';
import type { Tenant } from '../../application/shared/tenant.js';
import { Decimal, type Campaign, type CurrencyCode } from '../../domain/index.js';
import { InMemoryAuditLog } from '../fakes/in-memory-audit-log.js';
import { InMemoryCouponRepository } from '../fakes/in-memory-coupon-repository.js';
import { inMemorySaleRiskGate } from '../fakes/in-memory-risk.js';
import { InMemoryProviderCustomers, InMemoryProviderPayments } from '../fakes/in-memory-provider-sales.js';
import { inMemoryWorld } from '../fakes/in-memory-world.js';
import { aCoupon } from '../mothers/coupon.mother.js';
import { aMerchant } from '../mothers/merchant.mother.js';
import { aCampaign, aMembership, anAffiliate } from '../mothers/sale-context.mother.js';

const NOW = new Date('2026-11-15T12:00:00.000Z');
const DAY = 86_400_000;
const usd = 'usd' as CurrencyCode;

/** A merchant with one campaign (10 %) and one approved affiliate, and a provider's sales recorded over the fakes. */
const providerWorld = async (campaignFields: Partial<Omit<Campaign, 'id' | 'merchantId'>> = {}) => {
  const world = inMemoryWorld(NOW);
  const merchant = aMerchant(world.ids.next(), { automaticPayouts: false });
  await world.merchants.insert(merchant);
  const tenant: Tenant = { merchantId: merchant.id, mode: 'live' };
  const campaign = aCampaign(world.ids.next(), merchant.id, campaignFields);
  await world.campaigns.insert(campaign);
  const affiliate = world.programs.addAffiliate(anAffiliate(world.ids.next(), merchant.id));
  world.programs.addMembership(aMembership(world.ids.next(), { ...tenant, campaignId: campaign.id, affiliateId: affiliate.id }, { status: 'approved' }));
  const auditLog = new InMemoryAuditLog(world.transactions);
  const create = new CreateConversion(
    world.uow,
    world.merchants,
    world.saleContexts,
    world.conversions,
    world.ids,
    world.clock,
    world.changeSinks,
    world.exchangeRates,
    inMemorySaleRiskGate({ conversions: world.conversions, programs: world.programs }),
    // A provider's sale carries no request to audit (its delivery is logged instead): nothing is appended.
    auditLog,
  );
  const customers = new InMemoryProviderCustomers();
  const payments = new InMemoryProviderPayments(world.conversions);
  const coupons = new InMemoryCouponRepository(world.transactions);
  // Stored clicks are what an unsigned click id resolves to (`ClickLookup` without a token).
  const useCase = new RecordProviderSale(create, customers, payments, coupons, world.campaigns, world.conversions, customers);
  // As a delivery does: its sale's payment ids are remembered with it (`IntegrationEvents.record`), then the sale recorded.
  const record = async (fact: ProviderSaleFact, at: Date = NOW) => {
    await payments.remember(tenant, 'card', fact.paymentReferences, fact.orderId);
    return useCase.record(tenant, 'card', fact, at);
  };
  const clickOf = (ageDays: number, owner: Tenant = tenant) => {
    const id = world.ids.next();
    customers.recordClick({ id, ...owner, campaignId: campaign.id, affiliateId: affiliate.id, createdAt: new Date(NOW.getTime() - ageDays * DAY), attributionWindowDays: 30 });
    return id;
  };
  return { world, tenant, campaign, affiliate, customers, coupons, record, clickOf, auditLog };
};

/** A paid card sale as the provider adapter translates it; inputs built here only. */
const aSale = (fields: Partial<ProviderSaleFact> = {}): ProviderSaleFact => ({
  kind: 'sale',
  orderId: 'in_1',
  paymentReferences: ['pi_1', 'ch_1'],
  figures: { amount: new Decimal('80.00'), taxAmount: null, currency: usd },
  customer: { providerCustomerId: 'cus_1', email: 'buyer@gmail.com', name: 'A Buyer' },
  discount: null,
  clickId: null,
  subscriptionId: null,
  ...fields,
});

describe('RecordProviderSale (use case, in-memory stores)', () => {
  it("attributes a sale by its click: the conversion with its commission and event, and the customer linked to it", async () => {
    const { world, tenant, campaign, affiliate, customers, record, clickOf, auditLog } = await providerWorld();
    const clickId = clickOf(2);
    const delivered = await record(aSale({ clickId }));
    expect(delivered).toMatchObject({ outcome: 'created', code: null, reason: `attributed by click ${clickId}` });
    expect(auditLog.all()).toEqual([]);
    const [conversion] = world.conversions.all();
    expect(conversion).toMatchObject({ id: delivered.conversionId, campaignId: campaign.id, affiliateId: affiliate.id, orderId: 'in_1', clickId, source: 'card', status: 'pending' });
    expect(conversion?.commission.toFixed(2)).toBe('8.00');
    expect(world.outbox.types()).toEqual(['conversion.created']);
    expect(await customers.find(tenant, 'card', 'cus_1')).toEqual({ affiliateId: affiliate.id, campaignId: campaign.id, clickId, firstConversionId: conversion?.id });
  });

  it("attributes the customer's next sale to the same affiliate without a click, and a coupon's sale to the coupon's affiliate", async () => {
    const { world, tenant, campaign, affiliate, coupons, record, clickOf } = await providerWorld();
    await record(aSale({ clickId: clickOf(1) }));
    const again = await record(aSale({ orderId: 'in_2', paymentReferences: ['pi_2'] }));
    expect(again.outcome).toBe('created');
    expect(again.reason).toContain('attributed by customer cus_1');

    await coupons.insert(aCoupon(world.ids.next(), { ...tenant, campaignId: campaign.id, affiliateId: affiliate.id }, { code: 'SPRING20' }));
    const byCoupon = await record(aSale({ orderId: 'in_3', paymentReferences: ['pi_3'], customer: { providerCustomerId: 'cus_2', email: null, name: null }, discount: { code: 'spring20', providerDiscountId: null } }));
    expect(byCoupon).toMatchObject({ outcome: 'created', reason: 'attributed by coupon spring20' });
    expect(world.conversions.all().map((c) => c.affiliateId)).toEqual([affiliate.id, affiliate.id, affiliate.id]);
  });

  it("records nothing for a sale it cannot attribute: no click, another merchant's click, a test-mode click, or one outside the window", async () => {
    const { world, tenant, record, clickOf } = await providerWorld();
    const stranger = clickOf(1, { merchantId: world.ids.next(), mode: 'live' });
    for (const clickId of [null, stranger, clickOf(31), clickOf(1, { merchantId: tenant.merchantId, mode: 'test' })]) {
      const delivered = await record(aSale({ clickId, customer: { providerCustomerId: null, email: null, name: null } }));
      expect(delivered.outcome).toBe('unattributed');
      expect(delivered.conversionId).toBeNull();
    }
    expect(world.conversions.all()).toEqual([]);
    expect(world.outbox.events).toEqual([]);
  });

  it('ignores a renewal the campaign pays nothing for, and makes no conversion of it', async () => {
    const { world, record, clickOf } = await providerWorld({ enableRecurringCommissions: false });
    await record(aSale({ clickId: clickOf(1) }));
    const renewal = await record(aSale({ kind: 'renewal', orderId: 'in_2', paymentReferences: ['pi_2'] }));
    expect(renewal.outcome).toBe('ignored');
    expect(renewal.reason).toMatch(/^renewal earns no commission/);
    expect(world.conversions.all()).toHaveLength(1);
  });

  it('pays an order once however often and under whichever of its ids the provider reports it', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.array(fc.subarray(['pi_9', 'ch_9', 'in_9']), { minLength: 1, maxLength: 5 }),
        async (cents, deliveries) => {
          const { world, record, clickOf } = await providerWorld();
          const clickId = clickOf(1);
          const amount = new Decimal(cents).div(100);
          const outcomes = [];
          for (const references of deliveries) {
            // The first delivery may carry the click; later ones (an invoice after its session) may not.
            outcomes.push(await record(aSale({ orderId: 'in_9', paymentReferences: references, figures: { amount, taxAmount: null, currency: usd }, clickId: outcomes.length === 0 ? clickId : null })));
          }
          const conversions = world.conversions.all();
          expect(conversions).toHaveLength(1);
          expect(outcomes[0]?.outcome).toBe('created');
          for (const later of outcomes.slice(1)) expect(later).toMatchObject({ outcome: 'duplicate', conversionId: conversions[0]?.id });
          expect(world.outbox.types()).toEqual(['conversion.created']);
          // 10 % of the sale, never more than the sale.
          expect(conversions[0]?.commission.eq(amount.times('0.1').toDecimalPlaces(2))).toBe(true);
          expect(conversions[0]?.commission.lte(amount)).toBe(true);
        },
      ),
      { numRuns: 60 },
    );
  });
});
