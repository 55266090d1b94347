import { beforeAll, describe, expect, it } from 'vitest';
import { Decimal, type Conversion, type Merchant } from '../../domain/index.js';
import { aConversion } from '../mothers/conversion.mother.js';
import { inTransaction, type ContractWorld, type ProgramRefs } from './contract-world.js';

const NOW = new Date('2026-11-12T09:00:00.000Z');

/**
 * What `PayoutQueue` promises the conversion use cases: an approved conversion with a commission gets
 * one row of that amount (queueing again keeps the first); nothing else is queued; a partial refund
 * resizes the row and one down to zero cancels it; cancelling drops it; a row whose money is with the
 * provider refuses both with `payout_in_progress` and stays; a rolled-back queueing leaves no row.
 */
export const payoutQueueContract = (worldOf: () => ContractWorld): void => {
  describe('PayoutQueue contract', () => {
    let world: ContractWorld;
    let program: ProgramRefs;
    let merchant: Merchant;

    beforeAll(async () => {
      world = worldOf();
      program = await world.program();
      merchant = { id: program.merchantId, payoutHoldingDays: 30 } as Merchant;
    });

    /** A recorded sale of the program's live affiliate (the queue's rows refer to it). */
    const sale = async (fields: Parameters<typeof aConversion>[2] = {}): Promise<Conversion> => {
      const conversion = aConversion(world.ids.next(), { ...program.live, campaignId: program.campaignId, affiliateId: program.liveAffiliateId }, { status: 'approved', ...fields });
      await inTransaction(world, () => world.conversions.recordSale(conversion, []));
      return conversion;
    };
    const amountOf = async (conversion: Conversion) => {
      const amount = await world.run(() => world.queuedPayout(conversion.id));
      return amount === null ? null : new Decimal(amount).toFixed();
    };
    const queue = (conversion: Conversion) => inTransaction(world, () => world.payouts.queueFor(conversion, merchant, NOW));

    it("queues an approved conversion's commission once; queueing again keeps the first row", async () => {
      const approved = await sale({ commission: new Decimal('12.50') });
      await queue(approved);
      expect(await amountOf(approved)).toBe('12.5');
      await queue({ ...approved, commission: new Decimal('99.00') });
      expect(await amountOf(approved)).toBe('12.5');
    });

    it('queues nothing for a zero commission or a conversion that is not approved', async () => {
      const zero = await sale({ commission: new Decimal('0') });
      const pending = await sale({ status: 'pending' });
      await queue(zero);
      await queue(pending);
      expect(await amountOf(zero)).toBeNull();
      expect(await amountOf(pending)).toBeNull();
    });

    it('resizes the row with a partial refund, cancels it at zero, and cancels or resizes nothing quietly', async () => {
      const refunded = await sale({ commission: new Decimal('20.00') });
      await queue(refunded);
      const resized = await inTransaction(world, () => world.payouts.resizeFor({ ...refunded, commission: new Decimal('7.25') }, NOW));
      expect(resized.isOk()).toBe(true);
      expect(await amountOf(refunded)).toBe('7.25');
      expect((await inTransaction(world, () => world.payouts.resizeFor({ ...refunded, commission: new Decimal('0') }, NOW))).isOk()).toBe(true);
      expect(await amountOf(refunded)).toBeNull();

      const rejected = await sale();
      await queue(rejected);
      expect((await inTransaction(world, () => world.payouts.cancelFor(rejected, NOW))).isOk()).toBe(true);
      expect(await amountOf(rejected)).toBeNull();
      expect((await inTransaction(world, () => world.payouts.cancelFor(rejected, NOW))).isOk()).toBe(true);
      expect((await inTransaction(world, () => world.payouts.resizeFor(rejected, NOW))).isOk()).toBe(true);
      expect(await amountOf(rejected)).toBeNull();
    });

    it('refuses to cancel or resize a row whose money is with the provider, and keeps it', async () => {
      const paying = await sale({ commission: new Decimal('30.00') });
      await queue(paying);
      await world.payoutWithProvider(paying.id);
      const cancelled = await inTransaction(world, () => world.payouts.cancelFor(paying, NOW));
      const resized = await inTransaction(world, () => world.payouts.resizeFor({ ...paying, commission: new Decimal('10.00') }, NOW));
      expect(cancelled._unsafeUnwrapErr().code).toBe('payout_in_progress');
      expect(resized._unsafeUnwrapErr().code).toBe('payout_in_progress');
      expect(await amountOf(paying)).toBe('30');
    });

    it('leaves no row when the queueing transaction rolls back', async () => {
      const lost = await sale();
      const failed = inTransaction(world, async () => {
        await world.payouts.queueFor(lost, merchant, NOW);
        throw new Error('the change failed');
      });
      await expect(failed).rejects.toThrow('the change failed');
      expect(await amountOf(lost)).toBeNull();
    });
  });
};
