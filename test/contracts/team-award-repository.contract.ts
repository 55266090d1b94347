import { beforeAll, describe, expect, it } from 'vitest';
import type { GoalPeriod } from '../../application/ports/team-goal-repository.js';
import type { Tenant } from '../../application/shared/tenant.js';
import { Decimal, type Award, type Goal, type Team } from '../../domain/index.js';
import { anAward } from '../mothers/team.mother.js';
import { inTransaction, type AffiliateRefs, type ContractWorld, type ProgramRefs } from './contract-world.js';
import { plain } from './plain.js';
import { teamFixtures } from './team-fixtures.js';

const at = (iso: string) => new Date(iso);

/**
 * What `TeamAwardRepository` promises: awards come back as saved with the names responses and events
 * carry, only to their tenant (and team); one award per goal, period and member; the state fields
 * change and nothing else; lists filter, order and page; and the payout bookkeeping is kept as given.
 */
export const teamAwardRepositoryContract = (worldOf: () => ContractWorld): void => {
  describe('TeamAwardRepository contract', () => {
    let world: ContractWorld;
    let program: ProgramRefs;
    let other: ProgramRefs;
    let fixtures: ReturnType<typeof teamFixtures>;
    let team: Team;
    let goal: Goal;
    let members: AffiliateRefs[];

    beforeAll(async () => {
      world = worldOf();
      fixtures = teamFixtures(world);
      program = await world.program();
      other = await world.program();
      members = [await world.affiliate(program), await world.affiliate(program), await world.affiliate(program)];
      team = await fixtures.team(program.live, { name: 'Closers' });
      goal = await fixtures.goal(program.live, team, { name: 'November push' });
      await fixtures.period(program.live, goal);
    });

    const read = <T>(work: () => Promise<T>) => world.run(work);
    const locked = <T>(work: () => Promise<T>) => inTransaction(world, work);
    const insert = (tenant: Tenant, awards: Award[]) => locked(() => world.awards.insertMany(tenant, awards));
    /** A fresh period of the shared goal, so each test's awards have their own (goal, period, member) keys. */
    const freshPeriod = async (g: Goal = goal, tenant: Tenant = program.live) => fixtures.period(tenant, g, { periodKey: `p-${world.ids.next()}` });

    it('gives an award back as saved, with its goal, team and affiliate names', async () => {
      const p = await freshPeriod();
      const award = anAward(world.ids.next(), p, members[0]!.id, { amount: new Decimal('33.33'), contributingCount: 4, contributingAmount: new Decimal('1200.5') });
      await insert(program.live, [award]);
      expect(plain(await read(() => world.awards.view(program.live, award.id)))).toEqual(
        plain({ award, goalName: 'November push', teamName: 'Closers', affiliateName: members[0]!.name, affiliateEmail: members[0]!.email }),
      );
      expect(plain(await locked(() => world.awards.findForUpdate(program.live, team.id, award.id)))).toEqual(plain(award));
      const contexts = await read(() => world.awards.eventContexts(program.live, [award]));
      expect([...contexts.entries()]).toEqual([
        [award.id, { goalName: 'November push', teamName: 'Closers', affiliateName: members[0]!.name, affiliateEmail: members[0]!.email }],
      ]);
    });

    it('finds an award only through its team and tenant', async () => {
      const p = await freshPeriod();
      const award = anAward(world.ids.next(), p, members[0]!.id);
      await insert(program.live, [award]);
      const otherTeam = await fixtures.team(program.live);
      expect(await locked(() => world.awards.findForUpdate(program.live, otherTeam.id, award.id))).toBeNull();
      for (const tenant of [program.test, other.live]) {
        expect(await locked(() => world.awards.findForUpdate(tenant, team.id, award.id))).toBeNull();
        expect(await read(() => world.awards.view(tenant, award.id))).toBeNull();
        expect(await locked(() => world.awards.forPeriodForUpdate(tenant, goal.id, p.periodKey))).toEqual([]);
        expect(await read(() => world.awards.countForTeam(tenant, team.id))).toBe(0);
        expect((await read(() => world.awards.list(tenant, {}, { page: 1, limit: 100 }))).items.filter((v) => v.award.id === award.id)).toEqual([]);
      }
    });

    it('keeps one award per goal, period and member: a second close inserts nothing', async () => {
      const p = await freshPeriod();
      const first = anAward(world.ids.next(), p, members[1]!.id, { amount: new Decimal(10) });
      await insert(program.live, [first]);
      await insert(program.live, [anAward(world.ids.next(), p, members[1]!.id, { amount: new Decimal(99) })]);
      const awards = await locked(() => world.awards.forPeriodForUpdate(program.live, goal.id, p.periodKey));
      expect(plain(awards)).toEqual([plain(first)]);
    });

    it("gives a period's awards by affiliate", async () => {
      const p = await freshPeriod();
      const sorted = [...members].sort((a, b) => (a.id < b.id ? -1 : 1));
      await insert(program.live, [...sorted].reverse().map((m) => anAward(world.ids.next(), p, m.id)));
      const awards = await locked(() => world.awards.forPeriodForUpdate(program.live, goal.id, p.periodKey));
      expect(awards.map((w) => w.affiliateId)).toEqual(sorted.map((m) => m.id));
    });

    it('saves the state an award moved to, and nothing else', async () => {
      const p = await freshPeriod();
      const award = anAward(world.ids.next(), p, members[2]!.id);
      await insert(program.live, [award]);
      const paidAt = at('2026-12-20T00:00:00.000Z');
      const next: Award = {
        ...award,
        status: 'paid',
        amount: new Decimal('48.5'),
        contributingCount: 3,
        contributingAmount: new Decimal('480'),
        approvedAt: at('2026-12-16T00:00:00.000Z'),
        approvedBy: 'apikey:key_1',
        paidAt,
        payoutMethod: 'connect',
        cardTransferId: 'tr_1',
        failureReason: null,
        cancelReason: null,
        updatedAt: paidAt,
      };
      await locked(() => world.awards.update(program.live, { ...next, affiliateId: members[0]!.id, payableAfter: paidAt, createdAt: paidAt }));
      await locked(() => world.awards.update(other.live, { ...next, status: 'cancelled' }));
      expect(plain(await locked(() => world.awards.findForUpdate(program.live, team.id, award.id)))).toEqual(plain(next));
    });

    it("counts, sums and lists a tenant's awards: newest first, filtered, paged", async () => {
      const own = await fixtures.team(program.live, { name: 'Listers' });
      const g1 = await fixtures.goal(program.live, own);
      const g2 = await fixtures.goal(program.live, own);
      const [p1, p2] = [await freshPeriod(g1), await freshPeriod(g2)];
      const made = (p: GoalPeriod, member: number, minute: number, fields: Partial<Award>) =>
        anAward(world.ids.next(), p, members[member]!.id, { createdAt: at(`2026-12-01T00:${String(minute).padStart(2, '0')}:00.000Z`), ...fields });
      const a = made(p1, 0, 1, { amount: new Decimal(10), status: 'pending_approval' });
      const b = made(p1, 1, 2, { amount: new Decimal('20.5'), status: 'pending_approval' });
      const c = made(p1, 2, 3, { amount: new Decimal(5), status: 'cancelled' });
      const d = made(p2, 0, 4, { amount: new Decimal(7), status: 'pending_approval' });
      await insert(program.live, [a, b, c, d]);
      expect(await read(() => world.awards.countForTeam(program.live, own.id))).toBe(4);
      expect(plain(await read(() => world.awards.summaries(program.live, own.id)))).toEqual(
        plain(
          [
            { goalId: g1.id, status: 'cancelled', count: 1, total: new Decimal(5) },
            { goalId: g1.id, status: 'pending_approval', count: 2, total: new Decimal('30.5') },
            { goalId: g2.id, status: 'pending_approval', count: 1, total: new Decimal(7) },
          ].sort((x, y) => (x.goalId === y.goalId ? (x.status < y.status ? -1 : 1) : x.goalId < y.goalId ? -1 : 1)),
        ),
      );
      const ids = async (filters: Parameters<typeof world.awards.list>[1], page = { page: 1, limit: 100 }) => {
        const listed = await read(() => world.awards.list(program.live, { teamId: own.id, ...filters }, page));
        return { ids: listed.items.map((v) => v.award.id), total: listed.total };
      };
      expect(await ids({})).toEqual({ ids: [d.id, c.id, b.id, a.id], total: 4 });
      expect(await ids({ status: 'pending_approval' })).toEqual({ ids: [d.id, b.id, a.id], total: 3 });
      expect(await ids({ periodKey: p1.periodKey, affiliateId: members[0]!.id })).toEqual({ ids: [a.id], total: 1 });
      expect(await ids({}, { page: 2, limit: 3 })).toEqual({ ids: [a.id], total: 4 });
      expect((await read(() => world.awards.list(program.live, { teamId: own.id }, { page: 1, limit: 1 }))).items[0]).toMatchObject({ teamName: 'Listers' });
    });

    it("gives a merchant's awards in the given statuses, both modes, oldest first", async () => {
      const testTeam = await fixtures.team(program.test);
      const testGoal = await fixtures.goal(program.test, testTeam);
      const testPeriod = await freshPeriod(testGoal, program.test);
      const p = await freshPeriod();
      const liveOpen = anAward(world.ids.next(), p, members[0]!.id, { status: 'approved', createdAt: at('2026-12-02T00:00:00.000Z') });
      const livePaid = anAward(world.ids.next(), p, members[1]!.id, { status: 'paid', createdAt: at('2026-12-01T00:00:00.000Z') });
      const testOpen = anAward(world.ids.next(), testPeriod, members[2]!.id, { status: 'failed', createdAt: at('2026-12-01T12:00:00.000Z') });
      await insert(program.live, [liveOpen, livePaid]);
      await insert(program.test, [testOpen]);
      const rows = await locked(() => world.awards.forMerchantForUpdate(program.merchantId, ['approved', 'failed']));
      const mine = rows.filter((r) => [liveOpen.id, livePaid.id, testOpen.id].includes(r.award.id));
      expect(mine.map((r) => [r.tenant, r.award.id])).toEqual([
        [program.test, testOpen.id],
        [program.live, liveOpen.id],
      ]);
      expect(await locked(() => world.awards.forMerchantForUpdate(other.merchantId, ['approved', 'failed', 'paid']))).toEqual([]);
    });

    describe('payout bookkeeping', () => {
      let connect: AffiliateRefs;
      let wallet: AffiliateRefs;
      let headless: AffiliateRefs;

      beforeAll(async () => {
        connect = await world.affiliate(program, { headless: false, payoutMethod: 'connect' });
        wallet = await world.affiliate(program, { headless: false, payoutMethod: 'wallet_a' });
        headless = await world.affiliate(program, { headless: true, payoutMethod: 'connect' });
      });

      it("knows each affiliate's payout profile", async () => {
        expect(await read(() => world.awards.payoutProfile(connect.id))).toEqual({ headless: false, payoutMethod: 'connect' });
        expect(await read(() => world.awards.payoutProfile(wallet.id))).toEqual({ headless: false, payoutMethod: 'wallet_a' });
        expect(await read(() => world.awards.payoutProfile(headless.id))).toEqual({ headless: true, payoutMethod: 'connect' });
      });

      it('starts unqueued, keeps the bookkeeping it is given, and finds the award only in its tenant', async () => {
        const p = await freshPeriod();
        const award = anAward(world.ids.next(), p, connect.id, { status: 'approved' });
        await insert(program.live, [award]);
        const found = await locked(() => world.awards.findWithScheduleForUpdate(program.live, award.id));
        expect(plain(found)).toEqual(plain({ award, schedule: { attempts: 0, failedAttempts: 0, nextAttemptAt: null, paymentId: null } }));
        const schedule = { attempts: 2, failedAttempts: 1, nextAttemptAt: at('2020-01-11T00:00:00.000Z'), paymentId: null };
        await locked(() => world.awards.saveSchedule(award.id, schedule));
        expect(plain((await locked(() => world.awards.findWithScheduleForUpdate(program.live, award.id)))?.schedule)).toEqual(plain(schedule));
        for (const tenant of [program.test, other.live]) expect(await locked(() => world.awards.findWithScheduleForUpdate(tenant, award.id))).toBeNull();
      });
    });
  });
};
