import { beforeAll, describe, expect, it } from 'vitest';
import type { Tenant } from '../../application/shared/tenant.js';
import { queuePayout, type Award, type CurrencyCode, type Mode, type Payout, type PayoutMethod, type PayoutStatus } from '../../domain/index.js';
import { aConversion } from '../mothers/conversion.mother.js';
import { anAward } from '../mothers/team.mother.js';
import { inTransaction, type AffiliateRefs, type ContractWorld, type ProgramRefs } from './contract-world.js';
import { plain } from './plain.js';
import { teamFixtures } from './team-fixtures.js';

const QUEUED = new Date('2026-11-12T09:00:00.000Z');
const USD = 'usd' as CurrencyCode;
const EUR = 'eur' as CurrencyCode;

/** A row in each state, as the payout job and the operator leave it (the table's checks hold). */
const STATES: Readonly<Record<PayoutStatus, Partial<Payout>>> = {
  pending: {},
  scheduled: { status: 'scheduled' },
  awaiting_funds: { status: 'awaiting_funds', attempts: 1, lastAttemptAt: QUEUED, payoutMethod: 'wallet_a', failureReason: 'insufficient_funds' },
  failed: { status: 'failed', attempts: 3, failedAttempts: 3, lastAttemptAt: QUEUED, payoutMethod: 'wallet_a', failureReason: 'account_closed' },
  processing: { status: 'processing', attempts: 1, lastAttemptAt: QUEUED, payoutMethod: 'wallet_a', nextCheckAt: QUEUED },
  completed: { status: 'completed', attempts: 1, lastAttemptAt: QUEUED, payoutMethod: 'wallet_a', completedAt: QUEUED },
};

const byId = <T extends { readonly id: string }>(items: readonly T[]) => [...items].sort((a, b) => (a.id < b.id ? -1 : 1));

/**
 * What `ManualPaymentQueries` promises the manual path: the tenant's due rows (`scheduled`,
 * `awaiting_funds`, `failed`) and due bonus awards (`approved`, `failed`) of affiliates whose payout
 * method is the one asked, in the currency asked, by affiliate name, affiliate and line, each with the
 * affiliate's name, email and payout email; and an affiliate's saved method, only within the tenant.
 * Each test has its own merchant, so the lines it reads are its own.
 */
export const manualPaymentQueriesContract = (worldOf: () => ContractWorld): void => {
  describe('ManualPaymentQueries contract', () => {
    let world: ContractWorld;

    beforeAll(() => {
      world = worldOf();
    });

    const read = <T>(work: () => Promise<T>) => world.run(work);
    const tenantOf = (program: ProgramRefs, mode: Mode): Tenant => (mode === 'live' ? program.live : program.test);

    /** An affiliate paid by `payoutMethod` in the program (live unless told), with its payout email when given. */
    const payee = async (
      program: ProgramRefs,
      name: string,
      payoutMethod: PayoutMethod,
      options: { readonly payoutEmail?: string; readonly mode?: Mode } = {},
    ): Promise<AffiliateRefs> => {
      const mode = options.mode ?? 'live';
      const affiliate = await world.affiliate(program, { name, headless: false, payoutMethod, mode });
      if (options.payoutEmail) await world.rows.payoutDetails(tenantOf(program, mode), affiliate.id, { payoutEmail: options.payoutEmail });
      return affiliate;
    };

    /** A sale's payout row in the state given (live unless told). */
    const row = async (
      program: ProgramRefs,
      affiliateId: string,
      state: PayoutStatus,
      options: { readonly currency?: CurrencyCode; readonly mode?: Mode } = {},
    ): Promise<Payout> => {
      const tenant = tenantOf(program, options.mode ?? 'live');
      const conversion = aConversion(world.ids.next(), { ...tenant, campaignId: program.campaignId, affiliateId }, { status: 'approved', currency: options.currency ?? USD });
      await inTransaction(world, () => world.conversions.recordSale(conversion, []));
      const queued = queuePayout({ id: world.ids.next(), conversion, holdingDays: 30, now: QUEUED });
      const payout = { ...queued._unsafeUnwrap(), ...STATES[state] };
      expect(await inTransaction(world, () => world.payoutRows.insert(payout))).toBe('inserted');
      return payout;
    };

    /** Awards of the tenant's team, each in a period of its own (one award per goal, period and member). */
    const awardsOf = async (tenant: Tenant) => {
      const fixtures = teamFixtures(world);
      const team = await fixtures.team(tenant);
      const goal = await fixtures.goal(tenant, team);
      return async (affiliateId: string, fields: Partial<Award> = {}): Promise<Award> => {
        const period = await fixtures.period(tenant, goal, { periodKey: `p-${world.ids.next()}` });
        const award = anAward(world.ids.next(), period, affiliateId, { status: 'approved', ...fields });
        await inTransaction(world, () => world.awards.insertMany(tenant, [award]));
        return award;
      };
    };

    const dueRows = (tenant: Tenant, method: PayoutMethod, currency: CurrencyCode = USD) =>
      read(() => world.manualPayments.dueForManualPayment(tenant, method, currency));
    const dueAwards = (tenant: Tenant, method: PayoutMethod, currency: CurrencyCode = USD) =>
      read(() => world.manualPayments.dueAwardsForManualPayment(tenant, method, currency));

    it("gives the due rows of the method's affiliates in the currency, by affiliate name then affiliate, with the payout and affiliate emails", async () => {
      const program = await world.program();
      const zoe = await payee(program, 'Zoe Quinn', 'wallet_a', { payoutEmail: 'zoe-wallet@example.com' });
      const amy = await payee(program, 'Amy Brook', 'wallet_a');
      const twins = byId([await payee(program, 'Sam Lee', 'wallet_a'), await payee(program, 'Sam Lee', 'wallet_a')]);
      const bob = await payee(program, 'Bob Stone', 'transfer_b', { payoutEmail: 'bob-bank@example.com' });
      // The later twin's row is written first: lines go by affiliate before row.
      const samRows = [await row(program, twins[1]!.id, 'scheduled'), await row(program, twins[0]!.id, 'scheduled')];
      const zoeDue = [await row(program, zoe.id, 'failed'), await row(program, zoe.id, 'scheduled'), await row(program, zoe.id, 'awaiting_funds')];
      for (const state of ['pending', 'processing', 'completed'] as const) await row(program, zoe.id, state);
      const zoeEur = await row(program, zoe.id, 'scheduled', { currency: EUR });
      const amyDue = await row(program, amy.id, 'scheduled');
      const bobDue = await row(program, bob.id, 'failed');

      const line = (payout: Payout, affiliate: AffiliateRefs, payoutEmail: string | null) => ({
        payout,
        affiliateName: affiliate.name,
        affiliateEmail: affiliate.email,
        payoutEmail,
      });
      expect(plain(await dueRows(program.live, 'wallet_a'))).toEqual(
        plain([
          line(amyDue, amy, null),
          line(samRows[1]!, twins[0]!, null),
          line(samRows[0]!, twins[1]!, null),
          ...byId(zoeDue).map((p) => line(p, zoe, 'zoe-wallet@example.com')),
        ]),
      );
      expect(plain(await dueRows(program.live, 'wallet_a', EUR))).toEqual(plain([line(zoeEur, zoe, 'zoe-wallet@example.com')]));
      expect(plain(await dueRows(program.live, 'transfer_b'))).toEqual(plain([line(bobDue, bob, 'bob-bank@example.com')]));
      expect(await dueRows(program.live, 'connect')).toEqual([]);
    });

    it("gives the due awards (approved, failed) of the method's affiliates in the currency, by affiliate name then affiliate, with the emails", async () => {
      const program = await world.program();
      const award = await awardsOf(program.live);
      const zoe = await payee(program, 'Zoe Quinn', 'wallet_a', { payoutEmail: 'zoe-wallet@example.com' });
      const amy = await payee(program, 'Amy Brook', 'wallet_a');
      const bob = await payee(program, 'Bob Stone', 'transfer_b');
      const zoeDue = [await award(zoe.id, { status: 'failed', failureReason: 'account_closed' }), await award(zoe.id)];
      for (const status of ['pending_window', 'pending_approval', 'processing', 'paid', 'cancelled'] as const) await award(zoe.id, { status });
      const zoeEur = await award(zoe.id, { currency: EUR });
      const amyDue = await award(amy.id);
      const bobDue = await award(bob.id);

      const line = (due: Award, affiliate: AffiliateRefs, payoutEmail: string | null) => ({
        award: due,
        affiliateName: affiliate.name,
        affiliateEmail: affiliate.email,
        payoutEmail,
      });
      expect(plain(await dueAwards(program.live, 'wallet_a'))).toEqual(
        plain([line(amyDue, amy, null), ...byId(zoeDue).map((w) => line(w, zoe, 'zoe-wallet@example.com'))]),
      );
      expect(plain(await dueAwards(program.live, 'wallet_a', EUR))).toEqual(plain([line(zoeEur, zoe, 'zoe-wallet@example.com')]));
      expect(plain(await dueAwards(program.live, 'transfer_b'))).toEqual(plain([line(bobDue, bob, null)]));
    });

    it("gives only the tenant's lines: another merchant's and the other mode's are not its own", async () => {
      const program = await world.program();
      const other = await world.program();
      const live = await payee(program, 'Live Payee', 'wallet_a');
      const test = await payee(program, 'Test Payee', 'wallet_a', { mode: 'test' });
      const far = await payee(other, 'Far Payee', 'wallet_a');
      const rows = { live: await row(program, live.id, 'scheduled'), test: await row(program, test.id, 'scheduled', { mode: 'test' }), far: await row(other, far.id, 'scheduled') };
      const awards = {
        live: await (await awardsOf(program.live))(live.id),
        test: await (await awardsOf(program.test))(test.id),
        far: await (await awardsOf(other.live))(far.id),
      };
      const ids = async (tenant: Tenant) => ({
        rows: (await dueRows(tenant, 'wallet_a')).map((r) => r.payout.id),
        awards: (await dueAwards(tenant, 'wallet_a')).map((r) => r.award.id),
      });
      expect(await ids(program.live)).toEqual({ rows: [rows.live.id], awards: [awards.live.id] });
      expect(await ids(program.test)).toEqual({ rows: [rows.test.id], awards: [awards.test.id] });
      expect(await ids(other.live)).toEqual({ rows: [rows.far.id], awards: [awards.far.id] });
      expect(await ids(other.test)).toEqual({ rows: [], awards: [] });
    });

    it("gives an affiliate's saved payout method in the tenants it belongs to, and null otherwise", async () => {
      const program = await world.program();
      const other = await world.program();
      const wallet = await world.affiliate(program, { headless: false, payoutMethod: 'wallet_a' });
      const none = await world.affiliate(program, { headless: false, payoutMethod: null });
      const testOnly = await world.affiliate(program, { headless: false, payoutMethod: 'transfer_b', mode: 'test' });
      const methodOf = (tenant: Tenant, affiliateId: string) => read(() => world.manualPayments.payoutMethodOf(tenant, affiliateId));
      expect(await methodOf(program.live, wallet.id)).toBe('wallet_a');
      expect(await methodOf(program.live, none.id)).toBeNull();
      expect(await methodOf(program.test, testOnly.id)).toBe('transfer_b');
      // Not a member there: the method is another tenant's business.
      expect(await methodOf(program.test, wallet.id)).toBeNull();
      expect(await methodOf(program.live, testOnly.id)).toBeNull();
      expect(await methodOf(other.live, wallet.id)).toBeNull();
      expect(await methodOf(program.live, world.ids.next())).toBeNull();
    });
  });
};
