import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMerchant, type TestMerchant } from '../support/merchant-mother.js';
import { createAffiliate, createCampaign, postConversion, type TestCampaign } from '../support/program-mother.js';
import { connectedAffiliate, createGoal, createTeam, runJobs, setClock, staffTeam } from '../support/team-mother.js';
import { startTestService, type TestService } from '../support/test-service.js';

describe('team goals: create, actions, periods', () => {
  let t: TestService;
  let merchant: TestMerchant;
  let campaign: TestCampaign;
  let autoCampaign: TestCampaign;

  beforeAll(async () => {
    t = await startTestService();
    await setClock(t, '2031-03-10T12:00:00.000Z');
    merchant = await createMerchant(t, 'scale');
    campaign = await createCampaign(t, merchant);
    autoCampaign = await createCampaign(t, merchant, { autoApproveAffiliates: true });
  });
  afterAll(() => t.close());

  const post = (teamId: string, body: Record<string, unknown>) => t.api('POST', `/teams/${teamId}/goals`, merchant.liveKey, body);
  const action = (teamId: string, goalId: string, body: Record<string, unknown>) =>
    t.api('PATCH', `/teams/${teamId}/goals/${goalId}`, merchant.liveKey, body);
  const sale = async (affiliateId: string, amount: number, on = campaign) => {
    const res = await postConversion(t, merchant.liveKey, { campaignId: on.id, affiliateId, amount });
    expect(res.status).toBe(201);
  };

  it('creates an active goal with the spec defaults', async () => {
    const team = await createTeam(t, merchant);
    const res = await post(team.id, { name: 'March push', targetValue: 500, bonusValue: 25 });
    expect(res.status).toBe(201);
    expect(res.body.data).toEqual({
      id: expect.any(String),
      scope: 'team',
      campaignId: null,
      name: 'March push',
      metric: 'revenue',
      targetValue: '500.00',
      periodMode: 'monthly',
      periodStart: expect.stringMatching(/^2031-03-10T12:00/),
      periodEnd: null,
      bonusType: 'flat',
      bonusValue: '25.00',
      bonusTiers: null,
      bonusCap: null,
      bonusScope: 'team',
      bonusSplit: 'equal',
      bonusVisibility: 'all',
      status: 'active',
      refundSafeDays: 14,
      createdAt: expect.any(String),
      updatedAt: res.body.data.createdAt,
    });
    const detail = await t.api('GET', `/teams/${team.id}`, merchant.liveReadKey);
    expect(detail.body.data.goals).toEqual([
      { id: res.body.data.id, name: 'March push', status: 'active', metric: 'revenue', targetValue: '500.00', periodMode: 'monthly' },
    ]);
    expect((await post('00000000-0000-7000-8000-000000000000', { name: 'x', targetValue: 1, bonusValue: 1 })).status).toBe(404);
  });

  it('checks every create rule (400 validation_error naming the field)', async () => {
    const team = await createTeam(t, merchant, { currency: 'jpy' });
    const other = await createCampaign(t, merchant);
    await staffTeam(t, merchant, team.id, [], [campaign.id]);
    const cases: [Record<string, unknown>, string][] = [
      [{ targetValue: 0, bonusValue: 1 }, 'targetValue'],
      [{ targetValue: 100_000_001, bonusValue: 1 }, 'targetValue'],
      [{ targetValue: 10.5, bonusValue: 1 }, 'targetValue'], // JPY has no minor unit
      [{ metric: 'conversions', targetValue: 2.5, bonusValue: 1 }, 'targetValue'],
      [{ targetValue: 10, bonusValue: 100_001 }, 'bonusValue'],
      [{ targetValue: 10 }, 'bonusValue'],
      [{ targetValue: 10, scope: 'campaign', bonusValue: 1 }, 'campaignId'],
      [{ targetValue: 10, scope: 'campaign', campaignId: other.id, bonusValue: 1 }, 'campaignId'],
      [{ targetValue: 10, bonusType: 'tiered' }, 'bonusTiers'],
      [{ targetValue: 10, bonusType: 'tiered', bonusTiers: Array.from({ length: 11 }, (_, i) => ({ threshold: i + 1, amount: 1 })) }, 'bonusTiers'],
      [{ targetValue: 10, bonusType: 'percent_over', bonusValue: 150 }, 'bonusValue'],
      [{ targetValue: 10, metric: 'conversions', bonusType: 'percent_over', bonusValue: 5 }, 'bonusType'],
      [{ targetValue: 10, bonusValue: 1, refundSafeDays: 6 }, 'refundSafeDays'],
      [{ targetValue: 10, bonusValue: 1, refundSafeDays: 91 }, 'refundSafeDays'],
      [{ targetValue: 10, bonusValue: 1, periodEnd: '2031-04-01T00:00:00Z' }, 'periodEnd'],
      [{ targetValue: 10, bonusValue: 1, metric: 'views' }, 'metric'],
      [{ targetValue: 10, bonusValue: 1, bonusScope: 'everyone' }, 'bonusScope'],
    ];
    for (const [body, field] of cases) {
      const res = await post(team.id, { name: 'g', ...body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.code).toBe('validation_error');
      expect(res.body.error.details.map((d: { field: string }) => d.field), JSON.stringify(body)).toContain(field);
    }
    const scoped = await post(team.id, { name: 'Campaign goal', targetValue: 1000, bonusValue: 50, scope: 'campaign', campaignId: campaign.id });
    expect(scoped.status).toBe(201);
    expect(scoped.body.data).toMatchObject({ scope: 'campaign', campaignId: campaign.id, targetValue: '1000', bonusValue: '50' });
    const tiered = await post(team.id, { name: 'Tiers', metric: 'conversions', targetValue: 5, bonusType: 'tiered', bonusTiers: [{ threshold: 10, amount: 900 }, { threshold: 5, amount: 500 }] });
    expect(tiered.body.data).toMatchObject({ targetValue: '5', bonusValue: null, bonusTiers: [{ threshold: '5', amount: '500' }, { threshold: '10', amount: '900' }] });
  });

  it('allows at most 10 running goals per team (409 too_many_goals); a cancelled goal frees its place', async () => {
    const team = await createTeam(t, merchant);
    const goals = [];
    for (let i = 0; i < 10; i += 1) goals.push(await createGoal(t, merchant, team.id, { targetValue: 10, bonusValue: 1 }));
    const eleventh = await post(team.id, { name: 'eleventh', targetValue: 10, bonusValue: 1 });
    expect(eleventh.status).toBe(409);
    expect(eleventh.body.error.code).toBe('too_many_goals');
    const cancelled = await action(team.id, goals[0]!.id, { action: 'cancel' });
    expect(cancelled.body.data).toMatchObject({ id: goals[0]!.id, status: 'cancelled' });
    expect((await post(team.id, { name: 'eleventh', targetValue: 10, bonusValue: 1 })).status).toBe(201);
    // Reactivating an ended goal counts too.
    const closed = await action(team.id, goals[1]!.id, { action: 'close_now' });
    expect(closed.body.data.status).toBe('ended');
    expect((await post(team.id, { name: 'twelfth', targetValue: 10, bonusValue: 1 })).status).toBe(201);
    const full = await action(team.id, goals[1]!.id, { action: 'reactivate', expectedUpdatedAt: closed.body.data.updatedAt });
    expect(full.status).toBe(409);
    expect(full.body.error.code).toBe('too_many_goals');
  });

  describe('close_now and reactivate', () => {
    let team: { id: string };
    let leader: { id: string };
    let goal: { id: string };
    let closedAt: string;
    let endedUpdatedAt: string;

    beforeAll(async () => {
      leader = await connectedAffiliate(t, merchant, autoCampaign.id);
      const worker = await createAffiliate(t, merchant.liveKey, campaign.id);
      team = await createTeam(t, merchant);
      await staffTeam(t, merchant, team.id, [leader.id, worker.id], [campaign.id]);
      expect((await t.api('PATCH', `/teams/${team.id}`, merchant.liveKey, { leaderAffiliateId: leader.id })).status).toBe(200);
      goal = await createGoal(t, merchant, team.id, {
        metric: 'conversions',
        targetValue: 2,
        bonusType: 'tiered',
        bonusTiers: [
          { threshold: 2, amount: 10 },
          { threshold: 3, amount: 30 },
          { threshold: 10, amount: 99 },
        ],
        bonusScope: 'leader',
      });
      for (const amount of [10, 20, 30]) await sale(leader.id, amount);
      await sale(worker.id, 5);
    });

    it('closes the running period now: the goal ends and the leader’s tiered award waits out its window', async () => {
      const progress = (await t.api('GET', `/teams/${team.id}/goals`, merchant.liveReadKey)).body.data[0].progress;
      expect(progress).toMatchObject({ periodKey: '2031-03', aggregate: '4', excludedByCurrency: {} });
      const res = await action(team.id, goal.id, { action: 'close_now' });
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({ id: goal.id, status: 'ended', updatedAt: expect.any(String), closedAt: expect.any(String) });
      closedAt = res.body.data.closedAt;
      endedUpdatedAt = res.body.data.updatedAt;
      const awards = (await t.api('GET', `/teams/${team.id}/awards`, merchant.liveReadKey)).body.data;
      expect(awards).toHaveLength(1);
      expect(awards[0]).toMatchObject({ affiliateId: leader.id, amount: '30.00', status: 'pending_window', periodKey: '2031-03', contributing: { count: 3, amount: '60.00' } });
      expect(new Date(awards[0].payableAfter).getTime() - new Date(closedAt).getTime()).toBe(14 * 86_400_000);
      for (const again of ['close_now', 'cancel']) {
        const refused = await action(team.id, goal.id, { action: again });
        expect(refused.status).toBe(409);
        expect(refused.body.error.code).toBe('invalid_transition');
      }
    });

    it('needs expectedUpdatedAt to reactivate, and refuses a stale one', async () => {
      const missing = await action(team.id, goal.id, { action: 'reactivate' });
      expect(missing.status).toBe(400);
      expect(missing.body.error.details[0].field).toBe('expectedUpdatedAt');
      const stale = await action(team.id, goal.id, { action: 'reactivate', expectedUpdatedAt: new Date(new Date(endedUpdatedAt).getTime() - 1).toISOString() });
      expect(stale.status).toBe(409);
      expect(stale.body.error.code).toBe('stale_goal');
    });

    it('of 20 concurrent reactivations with the same expectedUpdatedAt, exactly one wins; the rest answer 409 stale_goal', async () => {
      const results = await Promise.all(
        Array.from({ length: 20 }, () => action(team.id, goal.id, { action: 'reactivate', expectedUpdatedAt: endedUpdatedAt })),
      );
      const statuses = results.map((r) => r.status);
      expect(statuses.filter((s) => s === 200)).toHaveLength(1);
      expect(statuses.filter((s) => s === 409)).toHaveLength(19);
      for (const r of results.filter((x) => x.status === 409)) expect(r.body.error.code).toBe('stale_goal');
      expect(results.find((r) => r.status === 200)!.body.data.status).toBe('active');
      // The reactivated goal counts from now, under a fresh key for the month already closed.
      const listed = (await t.api('GET', `/teams/${team.id}/goals`, merchant.liveReadKey)).body.data[0];
      expect(listed).toMatchObject({ status: 'active', progress: { periodKey: '2031-03#2', aggregate: '0' } });
    });

    it('cancels an active goal; a cancelled goal cannot be reactivated', async () => {
      const cancelled = await action(team.id, goal.id, { action: 'cancel' });
      expect(cancelled.body.data).toMatchObject({ status: 'cancelled' });
      const refused = await action(team.id, goal.id, { action: 'reactivate', expectedUpdatedAt: cancelled.body.data.updatedAt });
      expect(refused.status).toBe(409);
      expect(refused.body.error.code).toBe('invalid_transition');
      const listed = (await t.api('GET', `/teams/${team.id}/goals`, merchant.liveReadKey)).body.data[0];
      expect(listed).toMatchObject({ status: 'cancelled', progress: null, awards: [{ status: 'pending_window', count: 1, total: '30.00' }] });
    });
  });

  describe('one-time goals', () => {
    it('end on their own at periodEnd: the period closes, the capped percent_over bonus is awarded, the goal is ended', async () => {
      const member = await createAffiliate(t, merchant.liveKey, campaign.id);
      const team = await createTeam(t, merchant);
      await staffTeam(t, merchant, team.id, [member.id], [campaign.id]);
      const goal = await createGoal(t, merchant, team.id, {
        periodMode: 'one_time',
        periodEnd: '2031-03-15T00:00:00.000Z',
        targetValue: 100,
        bonusType: 'percent_over',
        bonusValue: 10,
        bonusCap: 3,
        refundSafeDays: 7,
      });
      const open = await createGoal(t, merchant, team.id, { periodMode: 'one_time', targetValue: 100, bonusValue: 5 });
      expect(goal).toMatchObject({ periodEnd: '2031-03-15T00:00:00.000Z', bonusValue: '10.00', bonusCap: '3.00' });
      await sale(member.id, 150);

      await setClock(t, '2031-03-14T00:00:00.000Z');
      await runJobs(t);
      expect((await t.api('GET', `/teams/${team.id}/goals`, merchant.liveReadKey)).body.data[0]).toMatchObject({
        status: 'active',
        progress: { periodKey: 'one_time', aggregate: '150.00' },
      });

      await setClock(t, '2031-03-16T00:00:00.000Z');
      const ran = await runJobs(t);
      expect(ran['team-goal-periods']).toBeGreaterThanOrEqual(1);
      const goals = (await t.api('GET', `/teams/${team.id}/goals`, merchant.liveReadKey)).body.data;
      expect(goals.find((g: { id: string }) => g.id === goal.id)).toMatchObject({ status: 'ended', progress: null, awards: [{ status: 'pending_window', count: 1, total: '3.00' }] });
      // An open-ended one-time goal runs until close_now.
      expect(goals.find((g: { id: string }) => g.id === open.id)).toMatchObject({ status: 'active', progress: { periodKey: 'one_time', aggregate: '150.00' } });
      const awards = (await t.api('GET', `/teams/${team.id}/awards`, merchant.liveReadKey)).body.data;
      expect(awards).toEqual([expect.objectContaining({ periodKey: 'one_time', amount: '3.00', payableAfter: '2031-03-22T00:00:00.000Z' })]);

      const history = (await t.api('GET', `/teams/${team.id}/history?months=1`, merchant.liveReadKey)).body.data;
      expect(history.periods.map((p: { periodKey: string }) => p.periodKey)).toEqual(['one_time', '2031-03']);
      expect(history.periods[0].goals.map((g: { goalId: string; hit: boolean; achieved: string }) => [g.goalId, g.hit, g.achieved])).toEqual([
        [goal.id, true, '150.00'],
        [open.id, true, '150.00'],
      ]);
      expect(history.periods[0]).toMatchObject({ payoutTotal: '3.00', payoutCount: 1 });

      // A reactivated one-time goal whose end has passed runs open-ended, under a fresh key.
      const ended = goals.find((g: { id: string }) => g.id === goal.id);
      const back = await action(team.id, goal.id, { action: 'reactivate', expectedUpdatedAt: ended.updatedAt });
      expect(back.status).toBe(200);
      const again = (await t.api('GET', `/teams/${team.id}/goals`, merchant.liveReadKey)).body.data.find((g: { id: string }) => g.id === goal.id);
      expect(again).toMatchObject({ status: 'active', periodEnd: null, progress: { periodKey: 'one_time#2', aggregate: '0.00' } });
    });
  });
});
