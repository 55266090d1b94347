import { beforeAll, describe, expect, it } from 'vitest';
import { Decimal, type CurrencyCode, type PayoutPayment } from '../../domain/index.js';
import { inTransaction, type ContractWorld, type ProgramRefs } from './contract-world.js';
import { plain } from './plain.js';

const NOW = new Date('2026-11-12T09:00:00.000Z');

/**
 * What `PayoutPaymentRepository` promises the payout job: a payment reads back as inserted; an update
 * records the provider's answer and never what was sent; an unknown id is null; a rolled-back insert
 * leaves nothing.
 */
export const payoutPaymentRepositoryContract = (worldOf: () => ContractWorld): void => {
  describe('PayoutPaymentRepository contract', () => {
    let world: ContractWorld;
    let program: ProgramRefs;

    beforeAll(async () => {
      world = worldOf();
      program = await world.program();
    });

    const aPayment = (fields: Partial<PayoutPayment> = {}): PayoutPayment => ({
      id: world.ids.next(),
      ...program.live,
      affiliateId: program.liveAffiliateId,
      method: 'wallet_a',
      currency: 'usd' as CurrencyCode,
      gross: new Decimal('25.50'),
      bonus: new Decimal('0'),
      clawback: new Decimal('5.25'),
      amount: new Decimal('20.25'),
      destination: 'paid@example.com',
      status: 'processing',
      providerReference: null,
      cardPaymentId: null,
      failureReason: null,
      retryable: false,
      createdAt: NOW,
      updatedAt: NOW,
      ...fields,
    });
    const find = (id: string) => world.run(() => world.payoutPayments.findById(id));

    it('reads a payment back as inserted, and null for an unknown id', async () => {
      const payment = aPayment();
      await inTransaction(world, () => world.payoutPayments.insert(payment));
      expect(plain(await find(payment.id))).toEqual(plain(payment));
      expect(await find(world.ids.next())).toBeNull();
    });

    it("records the provider's answer and keeps what was sent", async () => {
      const payment = aPayment();
      await inTransaction(world, () => world.payoutPayments.insert(payment));
      const later = new Date(NOW.getTime() + 60_000);
      const answered: PayoutPayment = { ...payment, status: 'failed', failureReason: 'account_closed', retryable: true, providerReference: 'ref_1', updatedAt: later };
      // What was sent is the insert's: an update that names other amounts changes none of them.
      await inTransaction(world, () => world.payoutPayments.update({ ...answered, amount: new Decimal('1'), destination: 'other@example.com' }));
      expect(plain(await find(payment.id))).toEqual(plain(answered));
    });

    it('leaves no payment when the inserting transaction rolls back', async () => {
      const payment = aPayment();
      const failed = inTransaction(world, async () => {
        await world.payoutPayments.insert(payment);
        throw new Error('the claim failed');
      });
      await expect(failed).rejects.toThrow('the claim failed');
      expect(await find(payment.id)).toBeNull();
    });
  });
};
