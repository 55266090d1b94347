import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PayoutSettingsRepository } from '../../application/ports/payout-settings-repository.js';
import type { Tenant } from '../../application/shared/tenant.js';
import { TeamAwards } from '../../application/teams/team-awards.js';
import { AWARD_ACTIONS, AWARD_STATUSES, Decimal, DEFAULT_PAYOUT_SETTINGS, type Award, type AwardAction, type AwardStatus } from '../../domain/index.js';
import { inMemoryWorld } from '../fakes/in-memory-world.js';
import { keyActor } from '../mothers/actor.mother.js';
import { aMerchant } from '../mothers/merchant.mother.js';
import { aGoal, anAward, aPeriod, aTeam } from '../mothers/team.mother.js';

const NOW = new Date('2026-12-20T09:00:00.000Z');
const payoutSettings: PayoutSettingsRepository = {
  get: async () => DEFAULT_PAYOUT_SETTINGS,
  getForUpdate: async () => DEFAULT_PAYOUT_SETTINGS,
  save: async () => undefined,
};

/** One member's award in `status` of `cents`, and the award actions over the fakes. */
const awardWorld = async (status: AwardStatus, cents: number) => {
  const world = inMemoryWorld(NOW);
  const merchant = aMerchant(world.ids.next());
  await world.merchants.insert(merchant);
  const tenant: Tenant = { merchantId: merchant.id, mode: 'live' };
  const affiliate = world.programs.addAffiliate({ id: world.ids.next(), name: 'Jo Seller', email: 'jo@example.com', headless: false, payoutMethod: 'wallet_a' });
  const team = aTeam(world.ids.next(), merchant.id);
  const goal = aGoal(world.ids.next(), team);
  const period = aPeriod(world.ids.next(), goal);
  const award = anAward(world.ids.next(), period, affiliate.id, { status, amount: new Decimal(cents).div(100) });
  await world.teams.insert(tenant, team);
  await world.goals.insert(tenant, goal);
  await world.goals.insertPeriod(tenant, period);
  await world.awards.insertMany(tenant, [award]);
  const actions = new TeamAwards(world.uow, world.teamStores, world.clock, payoutSettings);
  // The action's input built here only, so a change of who acts is one edit.
  const act = (action: AwardAction) => actions.act(tenant, team.id, award.id, action, keyActor('owner', true, 'key-7'));
  const stored = () => world.awards.record(award.id)!.award as Award;
  return { world, award, act, stored };
};

describe('a team bonus award through any sequence of actions (in-memory stores)', () => {
  it('is paid at most once, for its own amount, and stays paid or cancelled once it is', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...AWARD_STATUSES),
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.array(fc.constantFrom(...AWARD_ACTIONS), { maxLength: 8 }),
        async (status, cents, actions) => {
          const { world, award, act, stored } = await awardWorld(status, cents);
          for (const action of actions) {
            const before = { award: stored(), events: world.outbox.events.length };
            const result = await act(action);
            const after = stored();
            if (result.isErr()) {
              expect(after).toEqual(before.award);
              expect(world.outbox.events.length).toBe(before.events);
            }
            if (before.award.status === 'paid' || before.award.status === 'cancelled') expect(after.status).toBe(before.award.status);
            expect(after.amount.eq(award.amount)).toBe(true);
          }
          const paid = world.outbox.ofType('bonus.paid');
          expect(paid.length).toBeLessThanOrEqual(status === 'paid' ? 0 : 1);
          if (paid.length === 1) expect(stored().status).toBe('paid');
        },
      ),
      { numRuns: 150 },
    );
  });
});
