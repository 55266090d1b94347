import { describe, expect, it } from 'vitest';
import type { GoalPeriod } from '../../application/ports/team-goal-repository.js';
import type { Tenant } from '../../application/shared/tenant.js';
import { PeriodSettlement } from '../../application/teams/period-settlement.js';
import { TeamGoals } from '../../application/teams/team-goals.js';
import { CloseAwardWindows, CloseGoalPeriods } from '../../application/teams/team-jobs.js';
import { closeDuePeriod, Decimal, type CurrencyCode, type NewGoal, type Plan } from '../../domain/index.js';
import { inMemoryWorld } from '../fakes/in-memory-world.js';
import { aConversion } from '../mothers/conversion.mother.js';
import { aMerchant } from '../mothers/merchant.mother.js';
import { aGoal, aTeam } from '../mothers/team.mother.js';

const at = (iso: string) => new Date(iso);
const NOVEMBER = at('2026-11-01T00:00:00.000Z');
const DECEMBER = at('2026-12-01T00:00:00.000Z');
const DAY = 86_400_000;

/**
 * A team of three on one campaign with a November revenue goal (target 1000, a 100.00 bonus), the
 * sales of the month in the conversion store, and the settlement over the fakes.
 */
const teamWithGoal = async (options: { plan?: Plan; goal?: Partial<NewGoal>; leader?: boolean } = {}) => {
  const world = inMemoryWorld(DECEMBER);
  const merchant = aMerchant(world.ids.next(), { plan: options.plan ?? 'scale' });
  await world.merchants.insert(merchant);
  const tenant: Tenant = { merchantId: merchant.id, mode: 'live' };
  const member = (name: string) =>
    world.programs.addAffiliate({ id: world.ids.next(), name, email: `${name.toLowerCase()}@example.com`, headless: false, payoutMethod: 'connect' });
  const [a, b, c] = [member('Ann'), member('Ben'), member('Cal')];
  const campaignId = world.ids.next();
  const otherCampaign = world.ids.next();
  const team = aTeam(world.ids.next(), merchant.id, { name: 'Closers', leaderAffiliateId: options.leader ? a.id : null });
  await world.teams.insert(tenant, team);
  for (const member of [a, b, c]) await world.teams.addMember(tenant, team.id, member.id, NOVEMBER);
  await world.teams.saveCampaign(tenant, team.id, { campaignId, rate: null }, NOVEMBER);
  const goal = aGoal(world.ids.next(), team, { name: 'November push', periodStart: NOVEMBER, ...options.goal }, { now: NOVEMBER });
  await world.goals.insert(tenant, goal);

  const sale = async (affiliateId: string, amount: string, createdAt: string, fields: Parameters<typeof aConversion>[2] = {}) => {
    const c = aConversion(world.ids.next(), { ...tenant, campaignId, affiliateId }, { amount: new Decimal(amount), createdAt: at(createdAt), status: 'approved', ...fields });
    await world.conversions.recordSale(c, []);
    return c;
  };
  const sales = {
    ann: await sale(a.id, '600', '2026-11-03T10:00:00.000Z'),
    ben: await sale(b.id, '500', '2026-11-20T10:00:00.000Z', { status: 'pending' }),
  };
  // None of these count: rejected, held, another campaign, another currency, a non-member, after the period.
  await sale(c.id, '5000', '2026-11-05T00:00:00.000Z', { status: 'rejected' });
  await sale(c.id, '5000', '2026-11-05T00:00:00.000Z', { status: 'held' });
  await world.conversions.recordSale(aConversion(world.ids.next(), { ...tenant, campaignId: otherCampaign, affiliateId: c.id }, { amount: new Decimal(5000), createdAt: at('2026-11-06T00:00:00.000Z') }), []);
  await sale(c.id, '70', '2026-11-07T00:00:00.000Z', { currency: 'eur' as CurrencyCode });
  await sale(world.ids.next(), '5000', '2026-11-08T00:00:00.000Z');
  await sale(a.id, '5000', '2026-12-01T00:00:00.000Z');

  const settlement = new PeriodSettlement(world.teamStores);
  const closeNovember = async () => {
    const closed = closeDuePeriod(goal, DECEMBER).closed!;
    return world.uow.transaction(() => settlement.close(tenant, goal, team, closed, DECEMBER));
  };
  const period = () => world.goals.allPeriods().find((p) => p.goalId === goal.id && p.periodKey === '2026-11') as GoalPeriod;
  const awards = () => world.awards.all().sort((x, y) => (x.affiliateId < y.affiliateId ? -1 : 1));
  const recompute = (now: Date, closeWindow: boolean) => world.uow.transaction(() => settlement.recompute(tenant, period(), now, closeWindow));
  const [first, second, third] = [a.id, b.id, c.id].sort();
  return { world, tenant, team, goal, a, b, c, sales, settlement, closeNovember, period, awards, recompute, sorted: [first!, second!, third!] };
};

const figures = (awards: readonly { affiliateId: string; amount: Decimal; status: string }[]) =>
  awards.map((w) => [w.affiliateId, w.amount.toFixed(2), w.status]);

describe('Period settlement (use cases and jobs, in-memory stores)', () => {
  it('closes a period whose target was hit: its frozen roster and result, and a pending_window award per share', async () => {
    const { closeNovember, period, awards, a, b, c, sorted, world } = await teamWithGoal();
    expect(await closeNovember()).toBe(3);
    const p = period();
    expect({ start: p.start, end: p.end, closedAt: p.closedAt, windowEndsAt: p.windowEndsAt, settledAt: p.settledAt }).toEqual({
      start: NOVEMBER,
      end: DECEMBER,
      closedAt: DECEMBER,
      windowEndsAt: new Date(DECEMBER.getTime() + 14 * DAY),
      settledAt: null,
    });
    expect([p.aggregate.toFixed(), p.hit, p.bonusTotal.toFixed(2), [...p.memberIds].sort()]).toEqual(['1100', true, '100.00', sorted]);
    expect(p.byMember.map((m) => [m.affiliateId, m.contribution.toFixed(), m.count])).toEqual([
      [a.id, '600', 1],
      [b.id, '500', 1],
      [c.id, '0', 0],
    ]);
    expect([...p.excludedByCurrency.entries()].map(([cur, e]) => [cur, e.count, e.amount.toFixed()])).toEqual([['eur', 1, '70']]);
    // 100.00 split equally in cents: 3333 each and the one left over to the lowest id.
    expect(figures(awards())).toEqual([
      [sorted[0], '33.34', 'pending_window'],
      [sorted[1], '33.33', 'pending_window'],
      [sorted[2], '33.33', 'pending_window'],
    ]);
    expect(awards().every((w) => w.payableAfter.getTime() === p.windowEndsAt.getTime())).toBe(true);
    // Awards in their window are provisional: no event yet.
    expect(world.outbox.events).toEqual([]);
  });

  it('closes a missed target with its result and no awards', async () => {
    const { closeNovember, period, awards } = await teamWithGoal({ goal: { targetValue: new Decimal('1100.01') } });
    expect(await closeNovember()).toBe(0);
    expect([period().hit, period().aggregate.toFixed()]).toEqual([false, '1100']);
    expect(awards()).toEqual([]);
  });

  it('leaves a period already closed under its key alone (a job that ran twice)', async () => {
    const { closeNovember, world, awards } = await teamWithGoal();
    await closeNovember();
    const before = awards();
    expect(await closeNovember()).toBe(0);
    expect(awards()).toEqual(before);
    expect(world.goals.allPeriods()).toHaveLength(1);
  });

  it('opens no awards while the merchant is not on Scale, though the period records the hit', async () => {
    const { closeNovember, period, awards } = await teamWithGoal({ plan: 'ultimate' });
    expect(await closeNovember()).toBe(0);
    expect([period().hit, period().bonusTotal.toFixed()]).toEqual([true, '0']);
    expect(awards()).toEqual([]);
  });

  it('pays a leader-scope bonus to the leader alone, and nobody without one', async () => {
    const led = await teamWithGoal({ leader: true, goal: { bonusScope: 'leader' } });
    await led.closeNovember();
    expect(figures(led.awards())).toEqual([[led.a.id, '100.00', 'pending_window']]);
    const leaderless = await teamWithGoal({ goal: { bonusScope: 'leader' } });
    expect(await leaderless.closeNovember()).toBe(0);
  });

  it('revises proportional awards when a refund in the window changes the shares, with no event', async () => {
    const { closeNovember, awards, recompute, world, sales, tenant, a, b } = await teamWithGoal({ goal: { bonusSplit: 'proportional' } });
    await closeNovember();
    // 100.00 × 600/1100 and × 500/1100 in cents: 5454 r600 and 4545 r500; the cent left goes to the larger remainder.
    expect(figures(awards()).filter(([id]) => id === a.id || id === b.id).sort()).toEqual([[a.id, '54.55', 'pending_window'], [b.id, '45.45', 'pending_window']].sort());
    await world.conversions.update({ ...sales.ann, refundedAmount: new Decimal(100) });
    expect(await recompute(at('2026-12-03T00:00:00.000Z'), false)).toBe(2);
    expect(figures(awards()).sort()).toEqual([[a.id, '50.00', 'pending_window'], [b.id, '50.00', 'pending_window']].sort());
    expect(world.outbox.events).toEqual([]);
    expect(world.goals.allPeriods()[0]?.aggregate.toFixed()).toBe('1000');
    expect((await world.conversions.findById(tenant, sales.ann.id))?.refundedAmount?.toFixed()).toBe('100');
  });

  it('cancels every award with bonus.cancelled when a refund drops the period below its target', async () => {
    const { closeNovember, awards, recompute, world, sales, period } = await teamWithGoal();
    await closeNovember();
    await world.conversions.update({ ...sales.ben, status: 'refunded', refundedAmount: sales.ben.amount });
    expect(await recompute(at('2026-12-05T00:00:00.000Z'), false)).toBe(3);
    expect(awards().map((w) => [w.status, w.cancelReason])).toEqual(Array(3).fill(['cancelled', 'target_missed']));
    expect(world.outbox.types()).toEqual(['bonus.cancelled', 'bonus.cancelled', 'bonus.cancelled']);
    expect(world.outbox.events.map((e) => e.payload)).toEqual(
      awards().map((w) => expect.objectContaining({ awardId: w.id, status: 'cancelled', goalName: 'November push', teamName: 'Closers' })),
    );
    expect([period().hit, period().settledAt]).toEqual([false, null]);
  });

  it('settles the period when its window closes: awards await approval with bonus.awarded, and a settled period never moves again', async () => {
    const { closeNovember, awards, recompute, world, period } = await teamWithGoal();
    await closeNovember();
    const windowEnd = period().windowEndsAt;
    expect(await recompute(windowEnd, true)).toBe(3);
    expect(awards().map((w) => w.status)).toEqual(['pending_approval', 'pending_approval', 'pending_approval']);
    expect(world.outbox.types()).toEqual(['bonus.awarded', 'bonus.awarded', 'bonus.awarded']);
    expect(world.outbox.events[0]?.payload).toMatchObject({ status: 'pending_approval', periodKey: '2026-11', currency: 'usd' });
    expect(period().settledAt).toEqual(windowEnd);
    expect(await recompute(new Date(windowEnd.getTime() + DAY), true)).toBe(0);
  });

  it('keeps the roster a period closed with, whatever the team does later', async () => {
    const { closeNovember, awards, recompute, world, tenant, team, c, sorted } = await teamWithGoal();
    await closeNovember();
    await world.teams.removeMember(tenant, team.id, c.id);
    await recompute(at('2026-12-02T00:00:00.000Z'), false);
    expect(awards().map((w) => w.affiliateId)).toEqual(sorted);
  });

  describe('the jobs', () => {
    it('closes every missed month of a monthly goal in turn, keeping it active on the running month; a second run finds nothing', async () => {
      const { world, goal, tenant, team, settlement } = await teamWithGoal({ goal: { periodStart: at('2026-09-10T00:00:00.000Z') } });
      const job = new CloseGoalPeriods(world.uow, world.teamStores, settlement);
      const late = at('2026-12-02T00:00:00.000Z');
      expect(await job.runDue(late)).toBe(3);
      expect(world.goals.allPeriods().map((p) => [p.periodKey, p.start.toISOString(), p.end.toISOString()])).toEqual([
        ['2026-09', '2026-09-10T00:00:00.000Z', '2026-10-01T00:00:00.000Z'],
        ['2026-10', '2026-10-01T00:00:00.000Z', '2026-11-01T00:00:00.000Z'],
        ['2026-11', NOVEMBER.toISOString(), DECEMBER.toISOString()],
      ]);
      expect(await world.goals.findById(tenant, team.id, goal.id)).toMatchObject({ status: 'active', currentPeriodKey: '2026-12', currentPeriodStart: DECEMBER });
      expect(await job.runDue(late)).toBe(0);
    });

    it('settles the periods whose window has ended, and only those', async () => {
      const { world, closeNovember, settlement, period, awards } = await teamWithGoal();
      await closeNovember();
      const job = new CloseAwardWindows(world.uow, world.teamStores, settlement);
      expect(await job.runDue(new Date(period().windowEndsAt.getTime() - 1))).toBe(0);
      expect(await job.runDue(period().windowEndsAt)).toBe(3);
      expect(awards().every((w) => w.status === 'pending_approval')).toBe(true);
    });
  });

  describe('goal actions (TeamGoals)', () => {
    const goalsOf = (setup: Awaited<ReturnType<typeof teamWithGoal>>) => new TeamGoals(setup.world.uow, setup.world.teamStores, setup.settlement, setup.world.clock);

    it('closes the running period now: the goal ends and the period up to now gets its awards', async () => {
      const setup = await teamWithGoal();
      const now = at('2026-11-25T00:00:00.000Z');
      setup.world.clock.set(now);
      const { goal, closedAt } = (await goalsOf(setup).act(setup.tenant, setup.team.id, setup.goal.id, { action: 'close_now' }))._unsafeUnwrap();
      expect([goal.status, closedAt]).toEqual(['ended', now]);
      expect(setup.period()).toMatchObject({ end: now, closedAt: now });
      expect(setup.period().aggregate.toFixed()).toBe('1100');
      expect(setup.awards()).toHaveLength(3);
    });

    it('cancels a goal without closing its running period', async () => {
      const setup = await teamWithGoal();
      const result = (await goalsOf(setup).act(setup.tenant, setup.team.id, setup.goal.id, { action: 'cancel' }))._unsafeUnwrap();
      expect([result.goal.status, result.closedAt]).toEqual(['cancelled', null]);
      expect(setup.world.goals.allPeriods()).toEqual([]);
    });

    it('refuses a stale or missing expectedUpdatedAt on reactivate, an unknown team or goal, and a second close', async () => {
      const setup = await teamWithGoal();
      const goals = goalsOf(setup);
      const act = (input: Parameters<TeamGoals['act']>[3], teamId = setup.team.id, goalId = setup.goal.id) => goals.act(setup.tenant, teamId, goalId, input);
      expect((await act({ action: 'reactivate' }))._unsafeUnwrapErr().code).toBe('validation_error');
      await act({ action: 'close_now' });
      expect((await act({ action: 'reactivate', expectedUpdatedAt: NOVEMBER }))._unsafeUnwrapErr().code).toBe('stale_goal');
      expect((await act({ action: 'close_now' }))._unsafeUnwrapErr().code).toBe('invalid_transition');
      expect((await act({ action: 'cancel' }, 'no-team'))._unsafeUnwrapErr()).toMatchObject({ code: 'not_found', message: 'Team not found' });
      expect((await act({ action: 'cancel' }, setup.team.id, 'no-goal'))._unsafeUnwrapErr()).toMatchObject({ code: 'not_found', message: 'Goal not found' });
      const reactivated = (await act({ action: 'reactivate', expectedUpdatedAt: DECEMBER }))._unsafeUnwrap();
      expect(reactivated.goal).toMatchObject({ status: 'active', currentPeriodKey: '2026-12' });
    });
  });
});
