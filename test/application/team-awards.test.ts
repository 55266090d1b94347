import { keyActor } from '../mothers/actor.mother.js';
import { describe, expect, it } from 'vitest';
import type { PayoutSettingsRepository } from '../../application/ports/payout-settings-repository.js';
import type { Tenant } from '../../application/shared/tenant.js';
import { TeamAwards } from '../../application/teams/team-awards.js';
import { Decimal, DEFAULT_PAYOUT_SETTINGS, type Award, type AwardAction, type AwardStatus, type PayoutMethod } from '../../domain/index.js';
import { inMemoryWorld } from '../fakes/in-memory-world.js';
import { aMerchant } from '../mothers/merchant.mother.js';
import { aGoal, anAward, aPeriod, aTeam } from '../mothers/team.mother.js';

const NOW = new Date('2026-12-20T09:00:00.000Z');
/** No payout day: an approved award is due at once. */
const payoutSettings: PayoutSettingsRepository = {
  get: async () => DEFAULT_PAYOUT_SETTINGS,
  getForUpdate: async () => DEFAULT_PAYOUT_SETTINGS,
  save: async () => undefined,
};

/** One team, goal and closed period with one member's award in `status`, and the award actions over the fakes. */
const awardIn = async (status: AwardStatus, member: { headless?: boolean; payoutMethod?: PayoutMethod | null } = {}) => {
  const world = inMemoryWorld(NOW);
  const merchant = aMerchant(world.ids.next());
  await world.merchants.insert(merchant);
  const tenant: Tenant = { merchantId: merchant.id, mode: 'live' };
  const affiliate = world.programs.addAffiliate({
    id: world.ids.next(),
    name: 'Jo Seller',
    email: 'jo@example.com',
    headless: member.headless ?? false,
    payoutMethod: member.payoutMethod === undefined ? 'wallet_a' : member.payoutMethod,
  });
  const team = aTeam(world.ids.next(), merchant.id, { name: 'Closers' });
  const goal = aGoal(world.ids.next(), team, { name: 'November push' });
  const period = aPeriod(world.ids.next(), goal);
  const award = anAward(world.ids.next(), period, affiliate.id, { status, amount: new Decimal('125.5') });
  await world.teams.insert(tenant, team);
  await world.goals.insert(tenant, goal);
  await world.goals.insertPeriod(tenant, period);
  await world.awards.insertMany(tenant, [award]);
  const actions = new TeamAwards(world.uow, world.teamStores, world.clock, payoutSettings);
  const act = (action: AwardAction, on: Tenant = tenant, teamId = team.id) => actions.act(on, teamId, award.id, action, keyActor('owner', false, 'key-7'));
  const stored = () => world.awards.record(award.id);
  return { world, tenant, team, goal, award, affiliate, act, stored };
};

const codeOf = (result: { isErr(): boolean }) => (result.isErr() ? (result as unknown as { error: { code: string } }).error.code : 'ok');

describe('TeamAwards.act (use case, in-memory stores)', () => {
  it('approves an award awaiting approval: stamped with the key, queued for the payout job, no event', async () => {
    const { world, act, stored, award } = await awardIn('pending_approval');
    const { view, idempotent } = (await act('approve'))._unsafeUnwrap();
    expect(idempotent).toBe(false);
    expect(view).toMatchObject({ goalName: 'November push', teamName: 'Closers', affiliateName: 'Jo Seller', affiliateEmail: 'jo@example.com' });
    expect(view.award).toMatchObject({ id: award.id, status: 'approved', approvedAt: NOW, approvedBy: 'apikey:key-7', updatedAt: NOW });
    expect(stored()).toMatchObject({ award: view.award, schedule: { nextAttemptAt: NOW, failedAttempts: 0, paymentId: null } });
    expect(world.outbox.events).toEqual([]);
  });

  it.each<AwardStatus>(['approved', 'processing', 'paid'])('answers approving a %s award again as idempotent, changing nothing', async (status) => {
    const { act, stored, award } = await awardIn(status);
    const { view, idempotent } = (await act('approve'))._unsafeUnwrap();
    expect(idempotent).toBe(true);
    expect(view.award).toEqual(award);
    expect(stored()?.schedule.nextAttemptAt).toBeNull();
  });

  it('approves a failed payout again to retry it, clearing the failure', async () => {
    const { world, act, stored, award } = await awardIn('failed');
    await world.awards.update({ merchantId: award.merchantId, mode: 'live' }, { ...award, failureReason: 'account_closed' });
    const { view } = (await act('approve'))._unsafeUnwrap();
    expect(view.award).toMatchObject({ status: 'approved', failureReason: null });
    expect(stored()?.schedule.nextAttemptAt).toEqual(NOW);
  });

  it('marks an approved award paid with the affiliate’s saved method and records bonus.paid with the spec payload', async () => {
    const { world, act, award, team, goal, affiliate, tenant } = await awardIn('approved');
    const { view } = (await act('mark_paid'))._unsafeUnwrap();
    expect(view.award).toMatchObject({ status: 'paid', paidAt: NOW, payoutMethod: 'wallet_a', cardTransferId: null });
    expect(world.outbox.events).toEqual([
      {
        merchantId: tenant.merchantId,
        mode: 'live',
        type: 'bonus.paid',
        occurredAt: NOW,
        payload: {
          awardId: award.id,
          goalId: goal.id,
          goalName: 'November push',
          teamId: team.id,
          teamName: 'Closers',
          affiliateId: affiliate.id,
          affiliateEmail: 'jo@example.com',
          affiliateName: 'Jo Seller',
          amount: '125.50',
          currency: 'usd',
          periodKey: award.periodKey,
          status: 'paid',
          payoutMethod: 'wallet_a',
        },
      },
    ]);
  });

  it('marks paid without a method when the affiliate saved none', async () => {
    const { act } = await awardIn('failed', { headless: true, payoutMethod: null });
    expect((await act('mark_paid'))._unsafeUnwrap().view.award).toMatchObject({ status: 'paid', payoutMethod: null });
  });

  it.each<AwardStatus>(['pending_window', 'pending_approval', 'approved'])('cancels a %s award with bonus.cancelled', async (status) => {
    const { world, act } = await awardIn(status);
    const { view } = (await act('cancel'))._unsafeUnwrap();
    expect(view.award).toMatchObject({ status: 'cancelled', cancelReason: 'merchant', updatedAt: NOW });
    expect(world.outbox.types()).toEqual(['bonus.cancelled']);
    expect(world.outbox.events[0]?.payload).toMatchObject({ status: 'cancelled', amount: '125.50', teamName: 'Closers' });
  });

  it.each<[AwardStatus, AwardAction]>([
    ['pending_window', 'approve'],
    ['cancelled', 'approve'],
    ['pending_window', 'mark_paid'],
    ['pending_approval', 'mark_paid'],
    ['processing', 'mark_paid'],
    ['paid', 'mark_paid'],
    ['paid', 'cancel'],
    ['processing', 'cancel'],
    ['failed', 'cancel'],
    ['cancelled', 'cancel'],
  ])('refuses the action on a %s award: %s is an invalid_transition, changing nothing', async (status, action) => {
    const { world, act, stored, award } = await awardIn(status);
    expect(codeOf(await act(action))).toBe('invalid_transition');
    expect(stored()?.award).toEqual(award);
    expect(world.outbox.events).toEqual([]);
  });

  it("does not find an award through another team, mode or merchant", async () => {
    const { world, act, tenant, award } = await awardIn('pending_approval');
    const results = [
      await act('approve', tenant, 'another-team'),
      await act('approve', { ...tenant, mode: 'test' }),
      await act('cancel', { merchantId: 'another-merchant', mode: 'live' }),
    ];
    expect(results.map((r) => r._unsafeUnwrapErr())).toEqual(Array(3).fill(expect.objectContaining({ code: 'not_found', message: 'Award not found' })));
    expect(world.awards.record(award.id)?.award).toEqual(award);
  });

  it('serialises two actions on one award: a cancel racing an approval sees it approved', async () => {
    const { act, stored } = await awardIn('pending_approval');
    const [approve, cancel] = await Promise.all([act('approve'), act('cancel')]);
    expect(approve._unsafeUnwrap().view.award.status).toBe('approved');
    expect(cancel._unsafeUnwrap().view.award.status).toBe('cancelled');
    expect((stored()!.award as Award).approvedBy).toBe('apikey:key-7');
  });
});
