import { beforeAll, describe, expect, it } from 'vitest';
import type { ClaimedAttempt, PaymentGroupCursor } from '../../application/ports/payout-repository.js';
import { Decimal, queuePayout, type CurrencyCode, type Payout, type PayoutPayment } from '../../domain/index.js';
import { aConversion } from '../mothers/conversion.mother.js';
import { inTransaction, type ContractWorld, type ProgramRefs } from './contract-world.js';
import { plain } from './plain.js';

const QUEUED = new Date('2026-11-12T09:00:00.000Z');
/** The job's now: every row queued at `QUEUED` with a 30-day hold is due. */
const NOW = new Date('2027-01-01T00:00:00.000Z');
const ALL = 1_000;

/**
 * What `PayoutRepository` promises the payout job (`payoutDue` as a selection): one row per
 * conversion; `claimReleasable` takes due `pending` rows of affiliates with payout details or
 * headless, with the merchant's payout day; `claimAttemptable` takes whole affiliate-and-currency
 * groups of due `scheduled` rows of approved conversions, with the destination, never a headless
 * affiliate's nor a merchant's that pays by hand; `claimProcessing` takes the rows of payments due for a look, `lockProcessing` only
 * rows still processing. The claims cross tenants, so each test reads its own merchant's rows.
 */
export const payoutRepositoryContract = (worldOf: () => ContractWorld): void => {
  describe('PayoutRepository contract', () => {
    let world: ContractWorld;
    let program: ProgramRefs;

    beforeAll(async () => {
      world = worldOf();
      program = await world.program();
    });

    /** The test's own rows: its merchant's, and when given, its affiliates'. */
    const mine = <T extends { payout: Payout }>(rows: readonly T[], affiliateIds?: readonly string[]) =>
      rows.filter((r) => r.payout.merchantId === program.merchantId && (!affiliateIds || affiliateIds.includes(r.payout.affiliateId)));
    const idsOf = (rows: readonly { payout: Payout }[], affiliateIds: readonly string[]) => mine(rows, affiliateIds).map((r) => r.payout.id).sort();

    /** A paying affiliate: not headless, with a method and its payout email. */
    const payee = async () => {
      const affiliate = await world.affiliate(program, { headless: false, payoutMethod: 'wallet_a' });
      await world.rows.payoutDetails(program.live, affiliate.id, { payoutEmail: `paid-${affiliate.id}@example.com` });
      return affiliate;
    };

    /** An approved sale's row, written with the given fields (as the job's steps would have left it). */
    const row = async (affiliateId: string, fields: Partial<Payout> = {}, sale: Parameters<typeof aConversion>[2] = {}): Promise<Payout> => {
      const conversion = aConversion(world.ids.next(), { ...program.live, campaignId: program.campaignId, affiliateId }, { status: 'approved', ...sale });
      await inTransaction(world, () => world.conversions.recordSale(conversion, []));
      // Queued while approved; the sale may have moved on since (held, for one).
      const queued = queuePayout({ id: world.ids.next(), conversion: { ...conversion, status: 'approved' }, holdingDays: 30, now: QUEUED });
      const payout = { ...queued._unsafeUnwrap(), ...fields };
      expect(await inTransaction(world, () => world.payoutRows.insert(payout))).toBe('inserted');
      return payout;
    };

    it('keeps one row per conversion and finds it by conversion in its tenant, and by id', async () => {
      const { id } = await payee();
      const payout = await row(id);
      expect(await inTransaction(world, () => world.payoutRows.insert({ ...payout, id: world.ids.next() }))).toBe('exists');
      expect(plain(await inTransaction(world, () => world.payoutRows.findByConversionForUpdate(program.live, payout.conversionId)))).toEqual(plain(payout));
      expect(await inTransaction(world, () => world.payoutRows.findByConversionForUpdate(program.test, payout.conversionId))).toBeNull();
      expect(plain(await world.run(() => world.payoutRows.findByIdAcrossTenants(payout.id)))).toEqual(plain(payout));
      const claimed = await inTransaction(world, () => world.payoutRows.findByIdForUpdateAcrossTenants(payout.id));
      expect(claimed?.conversion.id).toBe(payout.conversionId);
    });

    it('releases due pending rows of affiliates with details or headless, oldest first, with the payout day', async () => {
      await inTransaction(world, () => world.payoutSettings.save(program.live, { payoutDay: 15, minimumPayout: new Map(), updatedAt: QUEUED }));
      const { id } = await payee();
      const headless = await world.affiliate(program, { headless: true });
      const withoutDetails = await world.affiliate(program, { headless: false, payoutMethod: null });
      const due = await row(id);
      const older = await row(headless.id, { scheduledDate: new Date('2026-12-01T00:00:00.000Z') });
      await row(withoutDetails.id);
      await row(id, { scheduledDate: new Date('2027-01-02T00:00:00.000Z') });
      await row(id, { status: 'scheduled' });
      const ours = [id, headless.id, withoutDetails.id];
      const released = mine(await inTransaction(world, () => world.payoutRows.claimReleasable(NOW, ALL, null)), ours);
      expect(released.map((r) => r.payout.id)).toEqual([older.id, due.id]);
      expect(released.map((r) => r.payoutDay)).toEqual([15, 15]);
      const after = mine(await inTransaction(world, () => world.payoutRows.claimReleasable(NOW, ALL, { at: older.scheduledDate, id: older.id })), ours);
      expect(after.map((r) => r.payout.id)).toEqual([due.id]);
    });

    it("claims due scheduled rows of approved sales in whole groups, with the affiliate's destination, when the merchant pays automatically", async () => {
      const first = await payee();
      const second = await payee();
      const headless = await world.affiliate(program, { headless: true });
      const usd = [await row(first.id, { status: 'scheduled' }), await row(first.id, { status: 'awaiting_funds' })];
      const eur = await row(first.id, { status: 'scheduled' }, { currency: 'eur' as CurrencyCode });
      const other = await row(second.id, { status: 'scheduled' });
      await row(first.id, { status: 'scheduled', scheduledDate: new Date('2027-01-02T00:00:00.000Z') });
      await row(first.id, { status: 'scheduled' }, { status: 'pending' });
      await row(first.id);
      await row(headless.id, { status: 'scheduled' });
      const automatic = async (on: boolean) =>
        inTransaction(world, async () => {
          const merchant = await world.merchants.findByIdForUpdate(program.merchantId);
          await world.merchants.update({ ...merchant!, automaticPayouts: on });
        });
      const claim = (after: PaymentGroupCursor | null = null) => inTransaction(world, () => world.payoutRows.claimAttemptable(NOW, ALL, after));
      // With automatic payouts off the merchant pays by hand: the job claims none of its rows.
      await automatic(false);
      expect((await claim()).groups.filter((g) => g.merchantId === program.merchantId)).toEqual([]);
      await automatic(true);
      const claimed = await claim();
      const ours = [first.id, second.id, headless.id];
      expect(idsOf(claimed.payouts, ours)).toEqual([...usd.map((p) => p.id), eur.id, other.id].sort());
      const groups = claimed.groups.filter((g) => ours.includes(g.affiliateId));
      expect(groups).toHaveLength(3);
      const line = mine(claimed.payouts).find((r) => r.payout.id === other.id) as ClaimedAttempt;
      expect(line.conversion.id).toBe(other.conversionId);
      expect(line.destination).toEqual({ payoutMethod: 'wallet_a', payoutEmail: `paid-${second.id}@example.com`, connectedAccountId: null, affiliateEmail: second.email });
      // After a group, the claim goes on with the next one.
      const after = await claim(groups[0]!);
      expect(after.groups.filter((g) => ours.includes(g.affiliateId))).toEqual(groups.slice(1));
    });

    it('claims the rows of payments due for a look and locks only rows still processing', async () => {
      const { id } = await payee();
      const payment = (): PayoutPayment => ({
        id: world.ids.next(),
        ...program.live,
        affiliateId: id,
        method: 'wallet_a',
        currency: 'usd' as CurrencyCode,
        gross: new Decimal('20'),
        bonus: new Decimal('0'),
        clawback: new Decimal('0'),
        amount: new Decimal('20'),
        destination: 'paid@example.com',
        status: 'processing',
        providerReference: null,
        cardPaymentId: null,
        failureReason: null,
        retryable: false,
        createdAt: QUEUED,
        updatedAt: QUEUED,
      });
      const due = payment();
      const notYet = payment();
      await inTransaction(world, async () => {
        await world.payoutPayments.insert(due);
        await world.payoutPayments.insert(notYet);
      });
      const inFlight = (paymentId: string, nextCheckAt: Date): Partial<Payout> => ({
        status: 'processing',
        attempts: 1,
        payoutMethod: 'wallet_a',
        paymentId,
        nextCheckAt,
        lastAttemptAt: QUEUED,
      });
      const lines = [await row(id, inFlight(due.id, QUEUED)), await row(id, inFlight(due.id, QUEUED))];
      await row(id, inFlight(notYet.id, new Date('2027-01-02T00:00:00.000Z')));
      const claimed = await inTransaction(world, () => world.payoutRows.claimProcessing(NOW, ALL, null));
      expect(idsOf(claimed.payouts, [id])).toEqual(lines.map((p) => p.id).sort());
      expect(mine(claimed.payouts, [id])[0]?.destination.payoutMethod).toBe('wallet_a');

      const done = await row(id, { status: 'completed', payoutMethod: 'wallet_a', paymentId: due.id, completedAt: QUEUED, providerReference: 'ref_done' });
      const locked = await inTransaction(world, () => world.payoutRows.lockProcessing([lines[0]!.id, done.id], []));
      expect(idsOf(locked.payouts, [id])).toEqual([lines[0]!.id]);
    });

    it('keeps the row as it was when the updating transaction rolls back, and deletes it', async () => {
      const { id } = await payee();
      const payout = await row(id);
      const failed = inTransaction(world, async () => {
        await world.payoutRows.update({ ...payout, status: 'scheduled' });
        throw new Error('the release failed');
      });
      await expect(failed).rejects.toThrow('the release failed');
      expect((await world.run(() => world.payoutRows.findByIdAcrossTenants(payout.id)))?.status).toBe('pending');
      await inTransaction(world, () => world.payoutRows.delete(payout));
      expect(await world.run(() => world.payoutRows.findByIdAcrossTenants(payout.id))).toBeNull();
    });
  });
};
