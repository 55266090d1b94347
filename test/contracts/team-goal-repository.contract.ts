import { beforeAll, describe, expect, it } from 'vitest';
import { Decimal, type CurrencyCode, type Goal, type Team } from '../../domain/index.js';
import { aPeriod } from '../mothers/team.mother.js';
import { inTransaction, type ContractWorld, type ProgramRefs } from './contract-world.js';
import { plain } from './plain.js';
import { teamFixtures } from './team-fixtures.js';

const DAY = 86_400_000;
const at = (iso: string) => new Date(iso);

/**
 * What `TeamGoalRepository` promises: goals and periods come back as saved, only to their tenant and
 * team; a goal changes only in its state-machine fields and a period only in its result; a period key
 * is taken once per goal; and the jobs' claims find what is due, in order, skipping what another
 * transaction holds.
 */
export const teamGoalRepositoryContract = (worldOf: () => ContractWorld): void => {
  describe('TeamGoalRepository contract', () => {
    let world: ContractWorld;
    let program: ProgramRefs;
    let other: ProgramRefs;
    let fixtures: ReturnType<typeof teamFixtures>;
    let team: Team;

    beforeAll(async () => {
      world = worldOf();
      fixtures = teamFixtures(world);
      program = await world.program();
      other = await world.program();
      team = await fixtures.team(program.live);
    });

    const read = <T>(work: () => Promise<T>) => world.run(work);
    const locked = <T>(work: () => Promise<T>) => inTransaction(world, work);

    it('gives a goal back as saved, tiers, cap and campaign scope included', async () => {
      const tiered = await fixtures.goal(program.live, team, {
        scope: 'campaign',
        campaignId: program.campaignId,
        metric: 'conversions',
        targetValue: new Decimal(10),
        bonusType: 'tiered',
        bonusValue: null,
        bonusTiers: [
          { threshold: new Decimal(20), amount: new Decimal('250.5') },
          { threshold: new Decimal(10), amount: new Decimal(100) },
        ],
        bonusCap: new Decimal('300'),
        bonusScope: 'leader',
        periodMode: 'one_time',
        periodEnd: at('2026-12-15T00:00:00.000Z'),
        refundSafeDays: 30,
      });
      expect(plain(await read(() => world.goals.findById(program.live, team.id, tiered.id)))).toEqual(plain(tiered));
      expect(plain(await locked(() => world.goals.findByIdForUpdate(program.live, team.id, tiered.id)))).toEqual(plain(tiered));
    });

    it("finds a goal only through its own team and tenant", async () => {
      const goal = await fixtures.goal(program.live, team);
      const otherTeam = await fixtures.team(program.live);
      expect(await read(() => world.goals.findById(program.live, otherTeam.id, goal.id))).toBeNull();
      for (const tenant of [program.test, other.live]) {
        expect(await read(() => world.goals.findById(tenant, team.id, goal.id))).toBeNull();
        expect(await locked(() => world.goals.findByIdForUpdate(tenant, team.id, goal.id))).toBeNull();
        expect(await read(() => world.goals.listForTeam(tenant, team.id))).toEqual([]);
        expect(await read(() => world.goals.countForTeam(tenant, team.id))).toEqual({ all: 0, active: 0 });
      }
    });

    it('changes a goal only in its state-machine fields', async () => {
      const goal = await fixtures.goal(program.live, team);
      const later = at('2026-11-20T00:00:00.000Z');
      const next: Goal = { ...goal, status: 'ended', currentPeriodKey: '2026-11#2', currentPeriodStart: later, periodEnd: null, updatedAt: later };
      await locked(() => world.goals.update(program.live, { ...next, name: 'Renamed', targetValue: new Decimal(1), refundSafeDays: 90 }));
      expect(plain(await read(() => world.goals.findById(program.live, team.id, goal.id)))).toEqual(plain(next));
      await locked(() => world.goals.update(other.live, { ...next, status: 'cancelled' }));
      expect((await read(() => world.goals.findById(program.live, team.id, goal.id)))?.status).toBe('ended');
    });

    it("lists a team's goals oldest first and counts the active ones", async () => {
      const own = await fixtures.team(program.live);
      const first = await fixtures.goal(program.live, own, {}, { now: at('2026-11-02T00:00:00.000Z') });
      const second = await fixtures.goal(program.live, own, {}, { now: at('2026-11-03T00:00:00.000Z') });
      const third = await fixtures.goal(program.live, own, {}, { now: at('2026-11-01T00:00:00.000Z') });
      await locked(() => world.goals.update(program.live, { ...second, status: 'cancelled', updatedAt: at('2026-11-04T00:00:00.000Z') }));
      expect((await read(() => world.goals.listForTeam(program.live, own.id))).map((g) => g.id)).toEqual([third.id, first.id, second.id]);
      expect(await read(() => world.goals.countForTeam(program.live, own.id))).toEqual({ all: 3, active: 2 });
    });

    it('takes a period key once per goal and gives the period back as saved', async () => {
      const goal = await fixtures.goal(program.live, team);
      const period = aPeriod(world.ids.next(), goal, {
        memberIds: [program.liveAffiliateId],
        campaignIds: [program.campaignId],
        leaderAffiliateId: program.liveAffiliateId,
        aggregate: new Decimal('1234.5'),
        hit: true,
        byMember: [{ affiliateId: program.liveAffiliateId, contribution: new Decimal('1234.5'), count: 3, amount: new Decimal('1234.5') }],
        excludedByCurrency: new Map([['eur' as CurrencyCode, { count: 1, amount: new Decimal('20') }]]),
        bonusTotal: new Decimal(100),
      });
      expect(await locked(() => world.goals.insertPeriod(program.live, period))).toBe('inserted');
      expect(await locked(() => world.goals.insertPeriod(program.live, { ...period, id: world.ids.next(), aggregate: new Decimal(1) }))).toBe('exists');
      expect(await read(() => world.goals.usedPeriodKeys(program.live, goal.id))).toEqual([period.periodKey]);
      expect(await read(() => world.goals.usedPeriodKeys(program.test, goal.id))).toEqual([]);
      const history = await read(() => world.goals.periodsForTeam(program.live, team.id, period.start));
      expect(plain(history.filter((p) => p.goalId === goal.id))).toEqual([plain(period)]);
    });

    it('changes a period only in its result and settlement', async () => {
      const goal = await fixtures.goal(program.live, team);
      const period = await fixtures.period(program.live, goal, { memberIds: [program.liveAffiliateId] });
      const settledAt = at('2026-12-20T00:00:00.000Z');
      const next = {
        ...period,
        aggregate: new Decimal('999.99'),
        hit: false,
        byMember: [{ affiliateId: program.liveAffiliateId, contribution: new Decimal('999.99'), count: 2, amount: new Decimal('999.99') }],
        excludedByCurrency: new Map(),
        bonusTotal: new Decimal(0),
        settledAt,
        updatedAt: settledAt,
      };
      await locked(() => world.goals.updatePeriod(program.live, { ...next, memberIds: [], windowEndsAt: settledAt, periodKey: 'changed' }));
      await locked(() => world.goals.updatePeriod(other.live, { ...next, hit: true }));
      const [stored] = await read(() => world.goals.periodsForTeam(program.live, team.id, period.start)).then((ps) => ps.filter((p) => p.id === period.id));
      expect(plain(stored)).toEqual(plain(next));
    });

    it("lists a team's periods that end after a date, the latest start first", async () => {
      const own = await fixtures.team(program.live);
      const goal = await fixtures.goal(program.live, own, { periodStart: at('2026-08-01T00:00:00.000Z') }, { now: at('2026-08-01T00:00:00.000Z') });
      const august = await fixtures.period(program.live, goal, { periodKey: '2026-08', start: at('2026-08-01T00:00:00.000Z'), end: at('2026-09-01T00:00:00.000Z') });
      const september = await fixtures.period(program.live, goal, { periodKey: '2026-09', start: at('2026-09-01T00:00:00.000Z'), end: at('2026-10-01T00:00:00.000Z') });
      const october = await fixtures.period(program.live, goal, { periodKey: '2026-10', start: at('2026-10-01T00:00:00.000Z'), end: at('2026-11-01T00:00:00.000Z') });
      const ids = async (from: string) => (await read(() => world.goals.periodsForTeam(program.live, own.id, at(from)))).map((p) => p.id);
      expect(await ids('2026-01-01T00:00:00.000Z')).toEqual([october.id, september.id, august.id]);
      expect(await ids('2026-09-01T00:00:00.000Z')).toEqual([october.id, september.id]);
      expect(await ids('2026-09-15T00:00:00.000Z')).toEqual([october.id, september.id]);
      expect(await read(() => world.goals.periodsForTeam(program.test, own.id, at('2026-01-01T00:00:00.000Z')))).toEqual([]);
    });

    it('finds the unsettled periods a sale belongs to: its tenant, its affiliate on the roster, its time in the period', async () => {
      const own = await fixtures.team(program.live);
      const goal = await fixtures.goal(program.live, own, { periodStart: at('2026-06-01T00:00:00.000Z') }, { now: at('2026-06-01T00:00:00.000Z') });
      const june = await fixtures.period(program.live, goal, { periodKey: '2026-06', start: at('2026-06-01T00:00:00.000Z'), end: at('2026-07-01T00:00:00.000Z'), memberIds: [program.liveAffiliateId] });
      await fixtures.period(program.live, goal, { periodKey: '2026-07', start: at('2026-07-01T00:00:00.000Z'), end: at('2026-08-01T00:00:00.000Z'), memberIds: [program.liveAffiliateId], settledAt: at('2026-08-20T00:00:00.000Z') });
      await fixtures.period(program.live, goal, { periodKey: '2026-06#2', start: at('2026-06-01T00:00:00.000Z'), end: at('2026-07-01T00:00:00.000Z'), memberIds: [] });
      const covering = (tenant: typeof program.live, affiliateId: string, when: string) =>
        locked(async () => (await world.goals.unsettledPeriodsCoveringForUpdate(tenant, affiliateId, at(when))).map((p) => p.id));
      expect(await covering(program.live, program.liveAffiliateId, '2026-06-01T00:00:00.000Z')).toEqual([june.id]);
      expect(await covering(program.live, program.liveAffiliateId, '2026-06-30T23:59:59.999Z')).toEqual([june.id]);
      expect(await covering(program.live, program.liveAffiliateId, '2026-07-01T00:00:00.000Z')).toEqual([]);
      expect(await covering(program.live, program.testAffiliateId, '2026-06-10T00:00:00.000Z')).toEqual([]);
      expect(await covering(program.test, program.liveAffiliateId, '2026-06-10T00:00:00.000Z')).toEqual([]);
    });

    describe('job claims (across tenants)', () => {
      // A time no other test's goals or periods reach, so the claims see only these.
      const now = at('2020-06-10T00:00:00.000Z');
      let due: Goal[];
      let jobTeam: Team;

      beforeAll(async () => {
        jobTeam = await fixtures.team(program.live);
        const otherTeam = await fixtures.team(other.live);
        const goalFrom = (t: Team, start: string, input: Parameters<typeof fixtures.goal>[2] = {}) =>
          fixtures.goal(t === otherTeam ? other.live : program.live, t, { periodStart: at(start), ...input }, { now: at(start) });
        due = [
          await goalFrom(jobTeam, '2020-04-10T00:00:00.000Z'),
          await goalFrom(otherTeam, '2020-05-03T00:00:00.000Z'),
          await goalFrom(jobTeam, '2020-05-20T00:00:00.000Z', { periodMode: 'one_time', periodEnd: at('2020-06-10T00:00:00.000Z') }),
        ];
        await goalFrom(jobTeam, '2020-06-01T00:00:00.000Z');
        await goalFrom(jobTeam, '2020-05-01T00:00:00.000Z', { periodMode: 'one_time' });
        const cancelled = await goalFrom(jobTeam, '2020-03-01T00:00:00.000Z');
        await locked(() => world.goals.update(program.live, { ...cancelled, status: 'cancelled' }));
      });

      const claimGoals = (limit: number) => locked(async () => (await world.goals.claimDue(now, limit)).map(({ tenant, goal }) => [tenant, goal.id]));

      it('claims active goals whose running period has reached its end, earliest end first, with their tenant', async () => {
        expect(await claimGoals(100)).toEqual([
          [program.live, due[0]!.id],
          [other.live, due[1]!.id],
          [program.live, due[2]!.id],
        ]);
        expect(await claimGoals(2)).toEqual([
          [program.live, due[0]!.id],
          [other.live, due[1]!.id],
        ]);
      });

      it('skips goals another transaction holds', async () => {
        let held!: () => void;
        let finish!: () => void;
        const holding = new Promise<void>((resolve) => (held = resolve));
        const done = new Promise<void>((resolve) => (finish = resolve));
        const holder = locked(async () => {
          await world.goals.findByIdForUpdate(program.live, jobTeam.id, due[0]!.id);
          held();
          await done;
        });
        await holding;
        const claimed = await claimGoals(100);
        finish();
        await holder;
        expect(claimed.map(([, id]) => id)).toEqual([due[1]!.id, due[2]!.id]);
      });

      it('claims unsettled periods whose refund-safe window has ended, earliest first', async () => {
        const goal = due[0]!;
        const ended = await fixtures.period(program.live, goal, { periodKey: '2020-04', start: goal.currentPeriodStart, end: at('2020-05-01T00:00:00.000Z'), closedAt: at('2020-05-01T00:00:00.000Z') });
        const earlier = await fixtures.period(program.live, goal, { periodKey: '2020-03', start: at('2020-03-01T00:00:00.000Z'), end: at('2020-04-01T00:00:00.000Z'), closedAt: at('2020-04-01T00:00:00.000Z') });
        await fixtures.period(program.live, goal, { periodKey: '2020-02', closedAt: at('2020-03-01T00:00:00.000Z'), settledAt: at('2020-03-20T00:00:00.000Z') });
        await fixtures.period(program.live, goal, { periodKey: '2020-05', closedAt: new Date(now.getTime() - 13 * DAY) });
        const windows = await locked(async () => (await world.goals.claimWindowsEnded(now, 100)).map(({ tenant, period }) => [tenant, period.id]));
        expect(windows).toEqual([
          [program.live, earlier.id],
          [program.live, ended.id],
        ]);
      });
    });
  });
};
