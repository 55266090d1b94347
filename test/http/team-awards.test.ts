import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMerchant, type TestMerchant } from '../support/merchant-mother.js';
import { createAffiliate, createCampaign, postConversion, type TestCampaign } from '../support/program-mother.js';
import { connectedAffiliate, createGoal, createTeam, runJobs, setClock, staffTeam } from '../support/team-mother.js';
import { startTestService, type TestService } from '../support/test-service.js';

/**
 * The whole life of team awards on one timeline (the test clock only moves forward): January sales,
 * the month closing on February 1, the 7-day refund-safe window ending on February 8, approval and
 * payment. Three merchants share the timeline: the main story, refunds during the window, and a
 * plan downgrade.
 */
describe('team awards: from a hit target to a paid bonus', () => {
  let t: TestService;
  // The main story.
  let m1: TestMerchant;
  let c1: TestCampaign;
  let headless: { id: string; email: string };
  let connected: { id: string };
  let outsider: { id: string };
  let team1: { id: string; name: string };
  let goal1: { id: string };
  // Refunds during the window.
  let m2: TestMerchant;
  let team2: { id: string };
  let x: { id: string };
  let y: { id: string };
  let xSale: string;
  let ySale: string;
  // A plan downgrade.
  let m3: TestMerchant;
  let team3: { id: string };
  // Automatic payouts on, but no payout provider configured (live).
  let m4: TestMerchant;
  let team4: { id: string };
  let w: { id: string };

  const awardsOf = async (merchant: TestMerchant, teamId: string, query = '') => {
    const res = await t.api('GET', `/teams/${teamId}/awards${query}`, merchant.liveReadKey);
    expect(res.status).toBe(200);
    return res.body.data as Record<string, any>[];
  };
  const awardFor = async (merchant: TestMerchant, teamId: string, affiliateId: string) =>
    (await awardsOf(merchant, teamId)).find((a) => a.affiliateId === affiliateId)!;
  const bonusEvents = async (merchantId: string, type?: string) =>
    t.sql(
      `select type, payload from outbox_events where merchant_id = $1 and type like 'bonus.%' ${type ? 'and type = $2' : ''} order by occurred_at, id`,
      type ? [merchantId, type] : [merchantId],
    );
  const sale = async (merchant: TestMerchant, campaignId: string, affiliateId: string, amount: number, currency = 'usd') => {
    const res = await postConversion(t, merchant.liveKey, { campaignId, affiliateId, amount, currency });
    expect(res.status).toBe(201);
    return res.body.data.id as string;
  };
  const act = (merchant: TestMerchant, teamId: string, awardId: string, action: string) =>
    t.api('PATCH', `/teams/${teamId}/awards/${awardId}`, merchant.liveKey, { action });

  beforeAll(async () => {
    t = await startTestService();
    await setClock(t, '2031-01-05T10:00:00.000Z');

    m1 = await createMerchant(t, 'scale');
    c1 = await createCampaign(t, m1, { commissionType: 'percentage', commissionValue: 10 });
    const auto = await createCampaign(t, m1, { autoApproveAffiliates: true });
    headless = await createAffiliate(t, m1.liveKey, c1.id);
    connected = await connectedAffiliate(t, m1, auto.id);
    outsider = await createAffiliate(t, m1.liveKey, c1.id);
    team1 = await createTeam(t, m1, { name: 'Closers' });
    await staffTeam(t, m1, team1.id, [headless.id, connected.id], [c1.id]);
    goal1 = await createGoal(t, m1, team1.id, {
      name: 'January revenue',
      metric: 'revenue',
      targetValue: 1000,
      bonusType: 'flat',
      bonusValue: 100,
      bonusSplit: 'proportional',
      refundSafeDays: 7,
    });

    m2 = await createMerchant(t, 'scale');
    const c2 = await createCampaign(t, m2);
    x = await createAffiliate(t, m2.liveKey, c2.id);
    y = await createAffiliate(t, m2.liveKey, c2.id);
    team2 = await createTeam(t, m2);
    await staffTeam(t, m2, team2.id, [x.id, y.id], [c2.id]);
    await createGoal(t, m2, team2.id, { targetValue: 300, bonusValue: 90, bonusSplit: 'proportional', refundSafeDays: 7 });
    xSale = await sale(m2, c2.id, x.id, 200);
    ySale = await sale(m2, c2.id, y.id, 150);

    m3 = await createMerchant(t, 'scale');
    const c3 = await createCampaign(t, m3);
    const z1 = await createAffiliate(t, m3.liveKey, c3.id);
    const z2 = await createAffiliate(t, m3.liveKey, c3.id);
    team3 = await createTeam(t, m3);
    await staffTeam(t, m3, team3.id, [z1.id, z2.id], [c3.id]);
    await createGoal(t, m3, team3.id, { targetValue: 100, bonusValue: 50, refundSafeDays: 7 });
    await sale(m3, c3.id, z1.id, 60);
    await sale(m3, c3.id, z2.id, 40);

    m4 = await createMerchant(t, 'scale', { automaticPayouts: true });
    const c4 = await createCampaign(t, m4, { autoApproveAffiliates: true });
    w = await connectedAffiliate(t, m4, c4.id);
    team4 = await createTeam(t, m4);
    await staffTeam(t, m4, team4.id, [w.id], [c4.id]);
    await createGoal(t, m4, team4.id, { targetValue: 10, bonusValue: 20.95, refundSafeDays: 7 });
    await sale(m4, c4.id, w.id, 10);
  });
  afterAll(() => t.close());

  it('shows January progress: members’ sales in the team currency, other currencies excluded and counted', async () => {
    await sale(m1, c1.id, headless.id, 600);
    await sale(m1, c1.id, connected.id, 400);
    await sale(m1, c1.id, headless.id, 50, 'eur');
    await sale(m1, c1.id, outsider.id, 5000); // not a member
    const rejected = await sale(m1, c1.id, connected.id, 700);
    expect((await t.api('PATCH', `/conversions/${rejected}`, m1.liveKey, { status: 'rejected' })).status).toBe(200);

    const goals = await t.api('GET', `/teams/${team1.id}/goals`, m1.liveReadKey);
    expect(goals.status).toBe(200);
    expect(goals.body.data).toHaveLength(1);
    expect(goals.body.data[0]).toMatchObject({
      id: goal1.id,
      status: 'active',
      targetValue: '1000.00',
      progress: {
        periodKey: '2031-01',
        aggregate: '1000.00',
        byMember: [
          { affiliateId: headless.id, contribution: '600.00' },
          { affiliateId: connected.id, contribution: '400.00' },
        ],
        excludedByCurrency: { eur: { count: 1, amount: '50.00' } },
      },
      awards: [],
    });
    const list = await t.api('GET', '/teams', m1.liveReadKey);
    expect(list.body.data[0].activeTarget).toEqual({ name: 'January revenue', pct: 100, label: '1000.00 / 1000.00 USD' });
  });

  it('closes January at the month end: provisional awards split in proportion, nothing announced yet', async () => {
    await setClock(t, '2031-02-01T00:00:05.000Z');
    const ran = await runJobs(t);
    expect(ran['team-goal-periods']).toBeGreaterThanOrEqual(3);
    const awards = await awardsOf(m1, team1.id);
    expect(awards.map((a) => [a.affiliateId, a.amount, a.status, a.periodKey]).sort()).toEqual(
      [
        [headless.id, '60.00', 'pending_window', '2031-01'],
        [connected.id, '40.00', 'pending_window', '2031-01'],
      ].sort(),
    );
    expect(awards[0]).toMatchObject({
      goalId: goal1.id,
      goalName: 'January revenue',
      teamId: team1.id,
      teamName: 'Closers',
      currency: 'usd',
      payableAfter: '2031-02-08T00:00:00.000Z',
      approvedAt: null,
      paidAt: null,
      payoutMethod: null,
      cardTransferId: null,
      failureReason: null,
    });
    expect((await awardFor(m1, team1.id, headless.id)).contributing).toEqual({ count: 1, amount: '600.00' });
    expect(await bonusEvents(m1.id)).toEqual([]);
    // The monthly goal runs on into February.
    const goals = (await t.api('GET', `/teams/${team1.id}/goals`, m1.liveReadKey)).body.data;
    expect(goals[0]).toMatchObject({ status: 'active', progress: { periodKey: '2031-02', aggregate: '0.00' }, awards: [{ status: 'pending_window', count: 2, total: '100.00' }] });
    // Awards still in their window cannot be approved.
    const early = await act(m1, team1.id, awards[0]!.id, 'approve');
    expect(early.status).toBe(409);
    expect(early.body.error.code).toBe('invalid_transition');
  });

  it('is idempotent: running the jobs again at the same clock changes nothing', async () => {
    const before = await t.sql(`select id, status, amount::text, updated_at from team_awards order by id`);
    const periods = await t.sql(`select id, updated_at from team_goal_periods order by id`);
    const ran = await runJobs(t);
    expect(ran['team-goal-periods']).toBe(0);
    expect(ran['team-award-windows']).toBe(0);
    expect(await t.sql(`select id, status, amount::text, updated_at from team_awards order by id`)).toEqual(before);
    expect(await t.sql(`select id, updated_at from team_goal_periods order by id`)).toEqual(periods);
  });

  it('shrinks awards when a refund lands during the window, and cancels them once the target is missed', async () => {
    const start = await awardsOf(m2, team2.id);
    expect(Object.fromEntries(start.map((a) => [a.affiliateId, a.amount]))).toEqual({ [x.id]: '51.43', [y.id]: '38.57' });
    const partial = await t.admin('POST', `/conversions/${xSale}/refund`, { amount: 20 });
    expect(partial.status).toBe(200);
    const shrunk = await awardsOf(m2, team2.id);
    expect(Object.fromEntries(shrunk.map((a) => [a.affiliateId, [a.amount, a.status]]))).toEqual({
      [x.id]: ['49.09', 'pending_window'],
      [y.id]: ['40.91', 'pending_window'],
    });
    expect(await bonusEvents(m2.id)).toEqual([]);
    const whole = await t.admin('POST', `/conversions/${ySale}/refund`);
    expect(whole.body.data.status).toBe('refunded');
    const cancelled = await awardsOf(m2, team2.id);
    expect(cancelled.map((a) => a.status)).toEqual(['cancelled', 'cancelled']);
    const events = await bonusEvents(m2.id);
    expect(events.map((e) => [e.type, e.payload.status, e.payload.affiliateId]).sort()).toEqual(
      [
        ['bonus.cancelled', 'cancelled', x.id],
        ['bonus.cancelled', 'cancelled', y.id],
      ].sort(),
    );
    const history = (await t.api('GET', `/teams/${team2.id}/history?months=2`, m2.liveReadKey)).body.data;
    const january = history.periods.find((p: { periodKey: string }) => p.periodKey === '2031-01');
    expect(january.goals[0]).toMatchObject({ target: '300.00', achieved: '180.00', hit: false, pct: 60 });
    expect(january).toMatchObject({ payoutTotal: '0.00', payoutCount: 0 });
  });

  it('ends the window on February 8: awards await approval and bonus.awarded goes out', async () => {
    await setClock(t, '2031-02-08T00:00:05.000Z');
    const ran = await runJobs(t);
    expect(ran['team-award-windows']).toBeGreaterThanOrEqual(4);
    const awards = await awardsOf(m1, team1.id);
    expect(awards.map((a) => a.status)).toEqual(['pending_approval', 'pending_approval']);
    const awarded = await bonusEvents(m1.id, 'bonus.awarded');
    expect(awarded).toHaveLength(2);
    const mine = awarded.find((e) => e.payload.affiliateId === headless.id)!;
    expect(mine.payload).toEqual({
      awardId: (await awardFor(m1, team1.id, headless.id)).id,
      goalId: goal1.id,
      goalName: 'January revenue',
      teamId: team1.id,
      teamName: 'Closers',
      affiliateId: headless.id,
      affiliateEmail: headless.email,
      affiliateName: headless.email,
      amount: '60.00',
      currency: 'usd',
      periodKey: '2031-01',
      status: 'pending_approval',
      payoutMethod: null,
    });
    // The refunded team got nothing to announce.
    expect(await bonusEvents(m2.id, 'bonus.awarded')).toEqual([]);
    expect((await runJobs(t))['team-award-windows']).toBe(0);
  });

  it('keeps a settled period as it is: a refund after the window changes no award', async () => {
    const before = await awardsOf(m1, team1.id);
    const [january] = await t.sql(`select id from conversions where affiliate_id = $1 and amount = 600`, [headless.id]);
    expect((await t.admin('POST', `/conversions/${january.id}/refund`)).status).toBe(200);
    expect(await awardsOf(m1, team1.id)).toEqual(before);
  });

  it('approves (stamping the key, idempotent on repeat) and records a manual payout with bonus.paid', async () => {
    const keyId = (await t.api('GET', '/me', m1.liveKey)).body.data.apiKey.id;
    const award = await awardFor(m1, team1.id, headless.id);
    const approved = await act(m1, team1.id, award.id, 'approve');
    expect(approved.status).toBe(200);
    expect(approved.body.data).toMatchObject({
      id: award.id,
      status: 'approved',
      approvedBy: `apikey:${keyId}`,
      approvedAt: expect.any(String),
      teamId: team1.id,
      teamName: 'Closers',
      idempotent: false,
    });
    const again = await act(m1, team1.id, award.id, 'approve');
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({ status: 'approved', idempotent: true, updatedAt: approved.body.data.updatedAt });
    // A headless affiliate is never paid automatically: the payout job leaves it alone.
    await runJobs(t);
    expect(await awardFor(m1, team1.id, headless.id)).toMatchObject({ status: 'approved', paidAt: null });
    const paid = await act(m1, team1.id, award.id, 'mark_paid');
    expect(paid.status).toBe(200);
    expect(paid.body.data).toMatchObject({ status: 'paid', paidAt: expect.any(String), cardTransferId: null });
    const events = await bonusEvents(m1.id, 'bonus.paid');
    expect(events.map((e) => [e.payload.affiliateId, e.payload.status, e.payload.amount])).toEqual([[headless.id, 'paid', '60.00']]);
    for (const action of ['mark_paid', 'cancel']) {
      const refused = await act(m1, team1.id, award.id, action);
      expect(refused.status).toBe(409);
      expect(refused.body.error.code).toBe('invalid_transition');
    }
    expect((await act(m1, team1.id, award.id, 'approve')).body.data.idempotent).toBe(true);
  });

  it('never reads paid before money left: with automatic payouts off the approved award waits for the merchant', async () => {
    const award = await awardFor(m1, team1.id, connected.id);
    expect((await act(m1, team1.id, award.id, 'approve')).body.data.status).toBe('approved');
    await runJobs(t);
    expect(await awardFor(m1, team1.id, connected.id)).toMatchObject({ status: 'approved', paidAt: null, cardTransferId: null });
    expect((await bonusEvents(m1.id, 'bonus.paid')).some((e) => e.payload.affiliateId === connected.id)).toBe(false);
    const paid = await act(m1, team1.id, award.id, 'mark_paid');
    expect(paid.body.data).toMatchObject({ status: 'paid', payoutMethod: 'connect', cardTransferId: null });
    const event = (await bonusEvents(m1.id, 'bonus.paid')).find((e) => e.payload.affiliateId === connected.id);
    expect(event?.payload).toMatchObject({ status: 'paid', payoutMethod: 'connect', amount: '40.00' });
  });

  it('sends nothing through a sandbox in live mode: without a provider the award waits for the manual path', async () => {
    const [award] = await awardsOf(m4, team4.id);
    expect(award).toMatchObject({ status: 'pending_approval', amount: '20.95' });
    expect((await act(m4, team4.id, award!.id, 'approve')).body.data.status).toBe('approved');
    await runJobs(t);
    expect(await awardFor(m4, team4.id, w.id)).toMatchObject({ status: 'approved', failureReason: 'payout_provider_not_configured', paidAt: null });
    expect(await bonusEvents(m4.id, 'bonus.paid')).toEqual([]);
    expect(await t.sql(`select 1 from sandbox_payout_transfers where merchant_id = $1`, [m4.id])).toEqual([]);
    // Still approved: the merchant may cancel it, or pay it by hand.
    const paid = await act(m4, team4.id, award!.id, 'mark_paid');
    expect(paid.body.data).toMatchObject({ status: 'paid', payoutMethod: 'connect', cardTransferId: null, failureReason: null });
    expect((await bonusEvents(m4.id, 'bonus.paid')).map((e) => e.payload.status)).toEqual(['paid']);
  });

  it('lists the brand-wide ledger with filters and summarises awards per goal', async () => {
    const all = await t.api('GET', '/awards', m1.liveReadKey);
    expect(all.body.pagination.total).toBe(2);
    expect(all.body.data.every((a: { teamName: string }) => a.teamName === 'Closers')).toBe(true);
    const filter = async (query: string) => (await t.api('GET', `/awards?${query}`, m1.liveReadKey)).body.data.length;
    expect(await filter('status=paid')).toBe(2);
    expect(await filter('status=approved')).toBe(0);
    expect(await filter(`affiliateId=${headless.id}`)).toBe(1);
    expect(await filter(`teamId=${team1.id}&periodKey=2031-01`)).toBe(2);
    expect(await filter('periodKey=2031-02')).toBe(0);
    expect(await filter('teamId=nope')).toBe(0);
    expect((await t.api('GET', '/awards?status=won', m1.liveReadKey)).status).toBe(400);
    expect((await awardsOf(m1, team1.id, '?status=paid&limit=1')).length).toBe(1);
    const goals = (await t.api('GET', `/teams/${team1.id}/goals`, m1.liveReadKey)).body.data;
    expect(goals[0].awards).toEqual([{ status: 'paid', count: 2, total: '100.00' }]);
    // Other merchants see none of it.
    expect((await t.api('GET', '/awards', m2.liveReadKey)).body.data.every((a: { teamId: string }) => a.teamId === team2.id)).toBe(true);
  });

  it('reports the history, newest period first, with what January paid', async () => {
    const res = await t.api('GET', `/teams/${team1.id}/history`, m1.liveReadKey);
    expect(res.status).toBe(200);
    const { data } = res.body;
    expect(data.currency).toBe('usd');
    expect(data.months).toBe(6);
    expect(data.periods.map((p: { periodKey: string }) => p.periodKey)).toEqual(['2031-02', '2031-01', '2030-12', '2030-11', '2030-10', '2030-09']);
    const [february, january] = data.periods;
    expect(february.goals[0]).toMatchObject({ goalId: goal1.id, status: 'active', achieved: '0.00', hit: false });
    expect(january).toEqual({
      periodKey: '2031-01',
      goals: [
        {
          goalId: goal1.id,
          name: 'January revenue',
          metric: 'revenue',
          scope: 'team',
          campaignId: null,
          periodMode: 'monthly',
          status: 'active',
          target: '1000.00',
          achieved: '1000.00',
          hit: true,
          pct: 100,
          members: [
            { affiliateId: headless.id, name: headless.email, email: headless.email, contribution: '600.00' },
            { affiliateId: connected.id, name: expect.any(String), email: expect.any(String), contribution: '400.00' },
          ],
          excludedByCurrency: { eur: { count: 1, amount: '50.00' } },
        },
      ],
      payoutTotal: '100.00',
      payoutCount: 2,
    });
    expect((await t.api('GET', `/teams/${team1.id}/history?months=2`, m1.liveReadKey)).body.data.periods).toHaveLength(2);
    expect((await t.api('GET', `/teams/${team1.id}/history?months=0`, m1.liveReadKey)).status).toBe(400);
  });

  it('refuses to delete a team with award history (409 team_has_awards)', async () => {
    const res = await t.api('DELETE', `/teams/${team1.id}`, m1.liveKey);
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('team_has_awards');
    expect((await t.api('GET', `/teams/${team1.id}`, m1.liveReadKey)).status).toBe(200);
  });

  it('cancels every unpaid award with bonus.cancelled when the operator moves the merchant off Scale', async () => {
    const awards = await awardsOf(m3, team3.id);
    expect(awards.map((a) => [a.status, a.amount])).toEqual([
      ['pending_approval', '25.00'],
      ['pending_approval', '25.00'],
    ]);
    expect((await act(m3, team3.id, awards[0]!.id, 'approve')).body.data.status).toBe('approved');
    const downgraded = await t.admin('PATCH', `/merchants/${m3.id}`, { plan: 'ultimate' });
    expect(downgraded.status).toBe(200);
    const rows = await t.sql(`select status, cancel_reason from team_awards where merchant_id = $1`, [m3.id]);
    expect(rows).toEqual([
      { status: 'cancelled', cancel_reason: 'plan_downgrade' },
      { status: 'cancelled', cancel_reason: 'plan_downgrade' },
    ]);
    const cancelled = await bonusEvents(m3.id, 'bonus.cancelled');
    expect(cancelled.map((e) => e.payload.status)).toEqual(['cancelled', 'cancelled']);
    expect((await t.api('GET', '/teams', m3.liveReadKey)).body.error.code).toBe('plan_insufficient');
    // Upgrading again does not bring them back.
    await t.admin('PATCH', `/merchants/${m3.id}`, { plan: 'scale' });
    expect((await awardsOf(m3, team3.id)).map((a) => a.status)).toEqual(['cancelled', 'cancelled']);
  });
});
