import { describe, expect, it } from 'vitest';
import { ManualPayouts } from '../../../application/payouts/manual-payouts.js';
import type { PaidAmount } from '../../../application/payouts/payout-mail.js';
import type { Tenant } from '../../../application/shared/tenant.js';
import { Decimal, type Award, type Conversion } from '../../../domain/index.js';
import { plain } from '../../contracts/plain.js';
import { InMemoryManualPaymentQueries } from '../../fakes/in-memory-manual-payment-queries.js';
import { aGoal, anAward, aPeriod, aTeam } from '../../mothers/team.mother.js';
import { DUE_AT, EUR, USD, payoutJobWorld } from './payout-job-world.js';

/**
 * The manual path on the in-memory stores the payout job runs on: a merchant that pays by hand
 * (automatic payouts off, so the job releases rows and sends none) exports what is due as one line
 * per affiliate, net of clawbacks, and marks those lines paid: once, all or nothing.
 */
const manualWorld = async () => {
  const w = await payoutJobWorld({}, { automaticPayouts: false });
  const { world, tenant } = w;
  // Mail and invoices are written in the caller's transaction: they exist only if it commits.
  const completedMail: { readonly tenant: Tenant; readonly paid: PaidAmount }[] = [];
  const invoiced: string[] = [];
  const recordCommitted = <T>(list: T[], item: T) => {
    list.push(item);
    world.transactions.onRollback(() => list.splice(list.indexOf(item), 1));
  };
  const manual = new ManualPayouts(
    world.uow,
    new InMemoryManualPaymentQueries({ payouts: w.rows, programs: world.programs, awards: world.awards }),
    { payouts: w.rows, conversions: world.conversions, awards: world.awards, outbox: world.outbox },
    w.payments,
    w.adjustments,
    world.ids,
    world.clock,
    { completed: async (mailTenant, paid) => recordCommitted(completedMail, { tenant: mailTenant, paid }) },
    { forPayment: async (_tenant, paymentId) => recordCommitted(invoiced, paymentId) },
  );

  /** The job's run once every hold is over: pending rows of affiliates with a method become `scheduled`. */
  const release = async () => {
    world.clock.set(DUE_AT);
    await w.job.runDue(DUE_AT);
  };

  /** A clawback the affiliate owes (a refund of a sale already paid). */
  const clawback = (affiliateId: string, amount: string, currency = USD) =>
    w.adjustments.addClawback({ id: world.ids.next(), ...tenant, affiliateId, currency, amount: new Decimal(amount) });

  const team = aTeam(world.ids.next(), tenant.merchantId, { name: 'Closers' });
  const goal = aGoal(world.ids.next(), team, { name: 'December push' });
  await world.uow.transaction(async () => {
    await world.teams.insert(tenant, team);
    await world.goals.insert(tenant, goal);
  });
  /** An approved team bonus award, in a period of its own. */
  const bonus = async (affiliateId: string, amount: string): Promise<Award> => {
    const period = aPeriod(world.ids.next(), goal, { periodKey: `p-${world.ids.next()}` });
    const award = anAward(world.ids.next(), period, affiliateId, { status: 'approved', amount: new Decimal(amount) });
    await world.uow.transaction(async () => {
      await world.goals.insertPeriod(tenant, period);
      await world.awards.insertMany(tenant, [award]);
    });
    return award;
  };

  const sales: Conversion[] = [];
  const sale = async (...args: Parameters<typeof w.sale>) => {
    const made = await w.sale(...args);
    sales.push(made);
    return made;
  };

  /** Everything marking paid writes: rows, their sales, payments, events, awards, mail, invoices. */
  const state = async () =>
    plain({
      rows: w.rows.all(),
      conversions: await Promise.all(sales.map((s) => w.conversionOf(s.id))),
      payments: w.payments.all(),
      events: world.outbox.events,
      awards: world.awards.records(),
      mail: completedMail,
      invoiced,
    });

  return { ...w, manual, completedMail, invoiced, release, clawback, bonus, sale, state };
};

/**
 * Four affiliates paid by `wallet_a` and one by `transfer_b`, their sales released: the first is owed
 * 15.50 USD and 7 EUR; the second 20 USD less an 8 USD clawback, with no payout email; the third's
 * 4 USD is all clawed back; the fourth is paid by bank transfer.
 */
const seeded = async () => {
  const w = await manualWorld();
  const first = w.affiliate();
  const second = w.affiliate();
  const clawedBack = w.affiliate();
  const byTransfer = w.affiliate({ payoutMethod: 'transfer_b' });
  w.rows.setDetails(w.tenant, second, { payoutEmail: null });
  const firstUsd = [await w.sale(first, '10.00'), await w.sale(first, '5.50')];
  const firstEur = await w.sale(first, '7.00', { currency: EUR });
  const secondUsd = await w.sale(second, '20.00');
  await w.sale(clawedBack, '4.00');
  const transferUsd = await w.sale(byTransfer, '9.00');
  w.clawback(second, '8.00');
  w.clawback(clawedBack, '4.00');
  await w.release();
  const rowIds = (conversions: readonly Conversion[]) => conversions.map((c) => w.rowOf(c.id)!.id);
  return { ...w, first, second, clawedBack, byTransfer, firstUsd, firstEur, secondUsd, transferUsd, rowIds };
};

describe('ManualPayouts on the in-memory stores', () => {
  describe('exportDue', () => {
    it('gives one line per affiliate of the method in the currency, net of clawbacks, leaving out a line that nets to nothing', async () => {
      const w = await seeded();
      const lines = await w.manual.exportDue(w.tenant, 'wallet_a', USD);
      expect(plain(lines)).toEqual(
        plain([
          { affiliateId: w.first, name: 'Affiliate 1', email: 'paid-1@example.com', amount: new Decimal('15.5'), currency: USD, payoutIds: w.rowIds(w.firstUsd), awardIds: [] },
          // No payout email saved: the affiliate's own.
          { affiliateId: w.second, name: 'Affiliate 2', email: 'a2@example.com', amount: new Decimal('12'), currency: USD, payoutIds: w.rowIds([w.secondUsd]), awardIds: [] },
        ]),
      );
      expect((await w.manual.exportDue(w.tenant, 'wallet_a', EUR)).map((l) => [l.affiliateId, l.amount.toFixed(), l.payoutIds])).toEqual([
        [w.first, '7', w.rowIds([w.firstEur])],
      ]);
      expect((await w.manual.exportDue(w.tenant, 'transfer_b', USD)).map((l) => [l.affiliateId, l.amount.toFixed()])).toEqual([[w.byTransfer, '9']]);
      expect(await w.manual.exportDue(w.tenant, 'connect', USD)).toEqual([]);
    });

    it('gives nothing to another merchant or the other mode', async () => {
      const w = await seeded();
      expect(await w.manual.exportDue({ merchantId: 'another-merchant', mode: 'live' }, 'wallet_a', USD)).toEqual([]);
      expect(await w.manual.exportDue({ ...w.tenant, mode: 'test' }, 'wallet_a', USD)).toEqual([]);
    });
  });

  describe('markPaid', () => {
    it("completes the exported rows, pays their sales and records one payment per affiliate and currency with what was netted, its events and mail once", async () => {
      const w = await seeded();
      const lines = await w.manual.exportDue(w.tenant, 'wallet_a', USD);
      const ids = lines.flatMap((l) => l.payoutIds);

      // No method given: each affiliate's saved one.
      expect((await w.manual.markPaid(w.tenant, ids, null))._unsafeUnwrap()).toBe(3);

      const paidSales = [...w.firstUsd, w.secondUsd];
      for (const s of paidSales) {
        expect(w.rowOf(s.id)).toMatchObject({ status: 'completed', payoutMethod: 'wallet_a', completedAt: DUE_AT });
        expect((await w.conversionOf(s.id)).status).toBe('paid');
      }
      const payments = w.payments.all();
      expect(payments.map((p) => [p.affiliateId, p.method, p.status, p.gross.toFixed(), p.clawback.toFixed(), p.amount.toFixed()])).toEqual([
        [w.first, 'wallet_a', 'completed', '15.5', '0', '15.5'],
        [w.second, 'wallet_a', 'completed', '20', '8', '12'],
      ]);
      expect(paidSales.map((s) => w.rowOf(s.id)!.paymentId)).toEqual([payments[0]!.id, payments[0]!.id, payments[1]!.id]);
      expect(w.world.outbox.ofType('conversion.paid')).toHaveLength(3);
      expect(w.world.outbox.ofType('payout.completed')).toHaveLength(3);
      expect(w.completedMail.map((m) => [m.tenant, m.paid.affiliateId, String(m.paid.amount), m.paid.method])).toEqual([
        [w.tenant, w.first, '15.5', 'wallet_a'],
        [w.tenant, w.second, '12', 'wallet_a'],
      ]);
      expect(w.invoiced).toEqual(payments.map((p) => p.id));
      // The provider was never asked, the clawback is settled, and nothing of the method is due any more.
      expect(w.provider.requests).toHaveLength(0);
      expect((await w.adjustments.owed(w.tenant, w.second, USD)).toFixed()).toBe('0');
      expect(await w.manual.exportDue(w.tenant, 'wallet_a', USD)).toEqual([]);
      // The lines not marked are still due.
      expect(w.rowOf(w.firstEur.id)?.status).toBe('scheduled');
      expect(w.rowOf(w.transferUsd.id)?.status).toBe('scheduled');
    });

    it('pays a team bonus award with the rows: one payment with the bonus, bonus.paid once', async () => {
      const w = await manualWorld();
      const affiliate = w.affiliate();
      const sold = await w.sale(affiliate, '10.00');
      const award = await w.bonus(affiliate, '25.00');
      await w.release();
      const [line] = await w.manual.exportDue(w.tenant, 'wallet_a', USD);
      expect(plain(line)).toEqual(
        plain({ affiliateId: affiliate, name: 'Affiliate 1', email: 'paid-1@example.com', amount: new Decimal('35'), currency: USD, payoutIds: [w.rowOf(sold.id)!.id], awardIds: [award.id] }),
      );

      expect((await w.manual.markPaid(w.tenant, [...line!.payoutIds, ...line!.awardIds], 'wallet_a'))._unsafeUnwrap()).toBe(2);

      const [payment] = w.payments.all();
      expect([payment?.gross.toFixed(), payment?.bonus.toFixed(), payment?.amount.toFixed()]).toEqual(['35', '25', '35']);
      expect(w.world.awards.record(award.id)).toMatchObject({ award: { status: 'paid', payoutMethod: 'wallet_a' }, schedule: { paymentId: payment!.id, nextAttemptAt: null } });
      expect(w.rowOf(sold.id)).toMatchObject({ status: 'completed', paymentId: payment!.id });
      expect(w.world.outbox.ofType('bonus.paid')).toHaveLength(1);
      expect(w.completedMail.map((m) => String(m.paid.amount))).toEqual(['35']);
    });

    it('changes nothing when one id is unknown (not found)', async () => {
      const w = await seeded();
      const ids = (await w.manual.exportDue(w.tenant, 'wallet_a', USD)).flatMap((l) => l.payoutIds);
      const before = await w.state();
      expect((await w.manual.markPaid(w.tenant, [...ids, w.world.ids.next()], null))._unsafeUnwrapErr().code).toBe('not_found');
      expect(await w.state()).toEqual(before);
    });

    it('changes nothing when one line is already paid (invalid transition), though lines before it were marked', async () => {
      const w = await seeded();
      const ids = (await w.manual.exportDue(w.tenant, 'wallet_a', USD)).flatMap((l) => l.payoutIds);
      // The second affiliate's row is paid first; the ids are taken in order, so the first affiliate's are marked before the refusal.
      const [paidEarlier] = w.rowIds([w.secondUsd]);
      expect((await w.manual.markPaid(w.tenant, [paidEarlier!], null)).isOk()).toBe(true);
      expect(ids.indexOf(paidEarlier!)).toBe(ids.length - 1);
      const before = await w.state();
      expect((await w.manual.markPaid(w.tenant, ids, null))._unsafeUnwrapErr().code).toBe('invalid_transition');
      expect(await w.state()).toEqual(before);
      expect(w.completedMail).toHaveLength(1);
    });

    it('refuses the connect method (paid one by one with its transfer id), and a line of an affiliate with no method saved, changing nothing', async () => {
      const w = await seeded();
      const ids = (await w.manual.exportDue(w.tenant, 'wallet_a', USD)).flatMap((l) => l.payoutIds);
      const headless = w.affiliate({ headless: true, payoutMethod: null });
      const unpaid = await w.sale(headless, '3.00');
      await w.release();
      const before = await w.state();
      expect((await w.manual.markPaid(w.tenant, ids, 'connect'))._unsafeUnwrapErr()).toMatchObject({
        code: 'validation_error',
        message: expect.stringContaining('connect payouts are marked paid one by one'),
      });
      expect((await w.manual.markPaid(w.tenant, [...ids, ...w.rowIds([unpaid])], null))._unsafeUnwrapErr()).toMatchObject({
        code: 'validation_error',
        message: expect.stringContaining('has no payout method saved'),
      });
      expect(await w.state()).toEqual(before);
    });

    it("answers not found for another merchant's or mode's ids, and changes nothing", async () => {
      const w = await seeded();
      const ids = (await w.manual.exportDue(w.tenant, 'wallet_a', USD)).flatMap((l) => l.payoutIds);
      const before = await w.state();
      for (const tenant of [{ merchantId: 'another-merchant', mode: 'live' as const }, { ...w.tenant, mode: 'test' as const }]) {
        expect((await w.manual.markPaid(tenant, ids, 'wallet_a'))._unsafeUnwrapErr().code).toBe('not_found');
      }
      expect(await w.state()).toEqual(before);
    });
  });
});
