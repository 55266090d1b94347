import { describe, expect, it } from 'vitest';
import { RefundConversion } from '../../application/conversions/refund-conversion.js';
import type { CommissionAdjustments } from '../../application/ports/commission-adjustments.js';
import type { Tenant } from '../../application/shared/tenant.js';
import { Decimal, type CommissionAdjustment, type Conversion } from '../../domain/index.js';
import { inMemoryWorld } from '../fakes/in-memory-world.js';
import { aConversion } from '../mothers/conversion.mother.js';
import { aMerchant } from '../mothers/merchant.mother.js';

const NOW = new Date('2026-11-15T12:00:00.000Z');

/** A merchant with automatic payouts, one approved live sale of 100.00 at 10 % with its payout queued, and the refund use case. */
const refundWorld = async (fields: Parameters<typeof aConversion>[2] = {}) => {
  const world = inMemoryWorld(NOW);
  const merchant = aMerchant(world.ids.next(), { automaticPayouts: true });
  await world.merchants.insert(merchant);
  const tenant: Tenant = { merchantId: merchant.id, mode: 'live' };
  const sale = aConversion(world.ids.next(), { ...tenant, campaignId: 'campaign-1', affiliateId: 'affiliate-1' }, { status: 'approved', ...fields });
  await world.uow.transaction(async () => {
    await world.conversions.recordSale(sale, []);
    await world.payouts.queueFor(sale, merchant, NOW);
  });
  world.outbox.clear();
  // The clawback store, recorded: a paid conversion's refund is netted later, not taken off the row.
  const clawbacks: CommissionAdjustment[] = [];
  const adjustments: CommissionAdjustments = {
    insert: async (adjustment) => void clawbacks.push(adjustment),
    refundedAfterPayout: async (id) => clawbacks.filter((c) => c.conversionId === id).reduce((sum, c) => sum.plus(c.refundedSale), new Decimal(0)),
    listForAffiliate: async () => clawbacks,
  };
  const useCase = new RefundConversion(world.uow, world.merchants, world.changeSinks, adjustments, world.ids, world.clock);
  const refund = (amount: string | null, on: Tenant | null = tenant) => useCase.execute({ id: sale.id, amount: amount === null ? null : new Decimal(amount), tenant: on });
  const stored = () => world.conversions.findById(tenant, sale.id);
  return { world, tenant, sale, refund, stored, clawbacks };
};

describe('RefundConversion (use case, in-memory stores)', () => {
  it('a whole refund makes the sale refunded with no commission, cancels its payout and records its events', async () => {
    const { world, sale, refund, stored } = await refundWorld();
    const refunded = (await refund(null))._unsafeUnwrap();
    expect(refunded).toMatchObject({ id: sale.id, status: 'refunded', updatedAt: NOW });
    expect(refunded.commission.isZero()).toBe(true);
    expect(await stored()).toEqual(refunded);
    expect(world.payouts.queued(sale.id)).toBeUndefined();
    expect(world.outbox.events.length).toBeGreaterThan(0);
    for (const event of world.outbox.events) expect(event).toMatchObject({ merchantId: sale.merchantId, mode: 'live', occurredAt: NOW });
  });

  it('a partial refund keeps the sale approved, recomputes the commission from its own rate, and resizes the payout', async () => {
    const { world, sale, refund, stored } = await refundWorld();
    const partly = (await refund('40.00'))._unsafeUnwrap();
    expect(partly.status).toBe('approved');
    expect(partly.refundedAmount?.toFixed()).toBe('40');
    expect(partly.commission.toFixed(2)).toBe('6.00');
    expect(await stored()).toEqual(partly);
    expect(world.payouts.queued(sale.id)?.amount).toBe('6');
    // The rest, then nothing more: more than remains is refused and changes nothing.
    const refused = await refund('60.01');
    expect(refused._unsafeUnwrapErr().code).toBe('validation_error');
    expect(await stored()).toEqual(partly);
  });

  it('refuses while the payout is with its provider and takes back everything the refund wrote', async () => {
    const { world, sale, refund, stored } = await refundWorld();
    world.payouts.markInProgress(sale.id);
    const refused = await refund(null);
    expect(refused._unsafeUnwrapErr().code).toBe('payout_in_progress');
    expect(await stored()).toEqual(sale);
    expect(world.payouts.queued(sale.id)?.amount).toBe('10');
    expect(world.outbox.events).toEqual([]);
  });

  it('a paid sale stays paid: the refund records a clawback of its commission share instead', async () => {
    const { world, sale, refund, stored, clawbacks } = await refundWorld({ status: 'paid' });
    const result = (await refund('50.00'))._unsafeUnwrap();
    expect(result).toEqual(sale);
    expect(await stored()).toEqual(sale);
    expect(clawbacks).toHaveLength(1);
    expect(clawbacks[0]).toMatchObject({ conversionId: sale.id, affiliateId: sale.affiliateId, currency: sale.currency, createdAt: NOW });
    expect(clawbacks[0]?.amount.toFixed(2)).toBe('5.00');
    expect(clawbacks[0]?.refundedSale.toFixed(2)).toBe('50.00');
    // A second refund claws back only what remains of the sale.
    expect((await refund('60.00')).isErr()).toBe(true);
    expect(clawbacks).toHaveLength(1);
    expect(world.outbox.events).toEqual([]);
  });

  it("finds no conversion of another merchant or mode, and changes nothing", async () => {
    const { world, sale, refund, stored, tenant } = await refundWorld();
    for (const other of [{ ...tenant, mode: 'test' as const }, { merchantId: world.ids.next(), mode: 'live' as const }]) {
      expect((await refund(null, other))._unsafeUnwrapErr().code).toBe('not_found');
    }
    expect(await stored()).toEqual(sale as Conversion);
    expect(world.payouts.queued(sale.id)?.amount).toBe('10');
  });
});
