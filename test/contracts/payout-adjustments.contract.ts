import { beforeAll, describe, expect, it } from 'vitest';
import { Decimal, type CurrencyCode, type PayoutPayment } from '../../domain/index.js';
import { aConversion } from '../mothers/conversion.mother.js';
import { inTransaction, type ContractWorld, type ProgramRefs } from './contract-world.js';

const NOW = new Date('2026-11-12T09:00:00.000Z');
const USD = 'usd' as CurrencyCode;

/**
 * What `PayoutAdjustments` promises a payment: an affiliate owes the sum of its clawbacks in the
 * currency, mode and merchant, less what payments that did not fail netted already; never below zero.
 */
export const payoutAdjustmentsContract = (worldOf: () => ContractWorld): void => {
  describe('PayoutAdjustments contract', () => {
    let world: ContractWorld;
    let program: ProgramRefs;

    beforeAll(async () => {
      world = worldOf();
      program = await world.program();
    });

    const owed = async (affiliateId: string, currency = USD) => (await world.run(() => world.payoutAdjustments.owed(program.live, affiliateId, currency))).toFixed();
    /** A refund of the affiliate's sale, already paid. */
    const clawback = async (affiliateId: string, amount: string, currency = USD) => {
      const sale = aConversion(world.ids.next(), { ...program.live, campaignId: program.campaignId, affiliateId }, { status: 'approved', currency });
      await inTransaction(world, () => world.conversions.recordSale(sale, []));
      await world.rows.clawback(program.live, { affiliateId, conversionId: sale.id, currency, amount: new Decimal(amount) });
    };
    const payment = (affiliateId: string, clawedBack: string, status: PayoutPayment['status']): PayoutPayment => ({
      id: world.ids.next(),
      ...program.live,
      affiliateId,
      method: 'wallet_a',
      currency: USD,
      gross: new Decimal('100'),
      bonus: new Decimal('0'),
      clawback: new Decimal(clawedBack),
      amount: new Decimal('100').minus(clawedBack),
      destination: 'paid@example.com',
      status,
      providerReference: null,
      cardPaymentId: null,
      failureReason: status === 'failed' ? 'account_closed' : null,
      retryable: false,
      createdAt: NOW,
      updatedAt: NOW,
    });

    it('owes nothing without clawbacks, and their sum per currency with them', async () => {
      const { id } = await world.affiliate(program);
      expect(await owed(id)).toBe('0');
      await clawback(id, '7.25');
      await clawback(id, '2.50');
      await clawback(id, '4', 'eur' as CurrencyCode);
      expect(await owed(id)).toBe('9.75');
      expect(await owed(id, 'eur' as CurrencyCode)).toBe('4');
      expect((await world.run(() => world.payoutAdjustments.owed(program.test, id, USD))).toFixed()).toBe('0');
    });

    it('nets what payments took back unless they failed, and never owes less than zero', async () => {
      const { id } = await world.affiliate(program);
      await clawback(id, '10');
      await inTransaction(world, () => world.payoutPayments.insert(payment(id, '4', 'completed')));
      await inTransaction(world, () => world.payoutPayments.insert(payment(id, '3', 'failed')));
      expect(await owed(id)).toBe('6');
      await inTransaction(world, () => world.payoutPayments.insert(payment(id, '8', 'processing')));
      expect(await owed(id)).toBe('0');
    });
  });
};
