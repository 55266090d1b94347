import 'reflect-metadata';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Migration20261128020001AwardsInPayments } from '../../adapters/persistence/migrations/Migration20261128020001AwardsInPayments.js';
import { TOKENS } from '../../bootstrap/tokens.js';
import { createMerchant } from '../support/merchant-mother.js';
import { createAffiliate, createCampaign } from '../support/program-mother.js';
import { createGoal, createTeam } from '../support/team-mother.js';
import { startTestService, type TestService } from '../support/test-service.js';

/**
 * The data part of `…AwardsInPayments`, run again on awards as the old award job left them: a live
 * award "paid" by the sandbox never received money and is queued to be paid for real; real transfers,
 * test-mode sandbox payments and everything else stay as they are; an award the old job left in
 * `processing` (no payment) is queued again.
 */
describe('migration: awards paid through the sandbox in live mode', () => {
  let t: TestService;

  beforeAll(async () => {
    t = await startTestService();
  });
  afterAll(() => t.close());

  it('puts live sandbox-paid awards back to approved and queues the old job’s processing ones; nothing else moves', async () => {
    const m = await createMerchant(t, 'scale');
    const campaign = await createCampaign(t, m);
    const people = [];
    for (let i = 0; i < 5; i += 1) people.push(await createAffiliate(t, m.liveKey, campaign.id));
    const team = await createTeam(t, m);
    const goal = await createGoal(t, m, team.id, { targetValue: 1, bonusValue: 5, refundSafeDays: 7 });
    expect((await t.api('PATCH', `/teams/${team.id}/goals/${goal.id}`, m.liveKey, { action: 'close_now' })).status).toBe(200);
    const [period] = await t.sql(`select period_key from team_goal_periods where goal_id = $1`, [goal.id]);
    const award = async (affiliateId: string, mode: string, status: string, transfer: string | null) => {
      const [row] = await t.sql(
        `insert into team_awards (id, merchant_id, mode, team_id, goal_id, period_key, affiliate_id, amount, currency, status, payable_after,
           contributing_count, contributing_amount, paid_at, payout_method, card_transfer_id, payout_attempts, created_at, updated_at)
         values (gen_random_uuid(), $1, $2, $3, $4, $5, $6, 5, 'usd', $7, now(), 1, 1, case when $7 = 'paid' then now() end, 'connect', $8, 1, now(), now())
         returning id`,
        [m.id, mode, team.id, goal.id, period.period_key, affiliateId, status, transfer],
      );
      return row.id as string;
    };
    const sandboxLive = await award(people[0]!.id, 'live', 'paid', 'tr_sbx_0123abcd');
    const realLive = await award(people[1]!.id, 'live', 'paid', 'tr_1Real');
    const sandboxTest = await award(people[2]!.id, 'test', 'paid', 'tr_sbx_4567efgh');
    const inFlight = await award(people[3]!.id, 'live', 'processing', null);
    const cancelled = await award(people[4]!.id, 'live', 'cancelled', null);

    const migration = new Migration20261128020001AwardsInPayments(t.service.container.resolve(TOKENS.Orm).em.getDriver(), t.service.container.resolve(TOKENS.Orm).config);
    migration.up();
    const dataFixes = migration.getQueries().map(String).filter((q) => q.trim().startsWith('update team_awards'));
    expect(dataFixes).toHaveLength(2);
    for (const query of dataFixes) await t.sql(query);

    const state = async (id: string) =>
      (await t.sql(`select status, card_transfer_id, paid_at is not null as paid, failure_reason, next_payout_attempt_at is not null as queued from team_awards where id = $1`, [id]))[0];
    expect(await state(sandboxLive)).toEqual({ status: 'approved', card_transfer_id: null, paid: false, failure_reason: 'sandbox_transfer_not_paid', queued: true });
    expect(await state(realLive)).toEqual({ status: 'paid', card_transfer_id: 'tr_1Real', paid: true, failure_reason: null, queued: false });
    expect(await state(sandboxTest)).toEqual({ status: 'paid', card_transfer_id: 'tr_sbx_4567efgh', paid: true, failure_reason: null, queued: false });
    expect(await state(inFlight)).toEqual({ status: 'approved', card_transfer_id: null, paid: false, failure_reason: null, queued: true });
    expect(await state(cancelled)).toMatchObject({ status: 'cancelled', queued: false });
  });
});
