import { apiKeyActor } from '../application/shared/actor.js';
import type { Container } from './token.js';
import type { ApiKey } from '../application/api-keys/api-key.js';
import type { ConversionChangeSinks } from '../application/conversions/apply-conversion-change.js';
import { ConversionPayoutQueue } from '../application/payouts/conversion-payout-queue.js';
import { PeriodSettlement, type TeamStores } from '../application/teams/period-settlement.js';
import { TeamGoals } from '../application/teams/team-goals.js';
import { Decimal, type CurrencyCode } from '../domain/index.js';
import { DEMO_IDS } from '../adapters/http/openapi/demo-ids.js';
import { SqlPayoutRepository } from '../adapters/persistence/repositories/sql-payout-repository.js';
import { TOKENS as T } from './tokens.js';
import { orFail, type PresetIds } from './demo-program.js';
import { createConversionWith, updateConversionStatusWith } from './modules/conversions.module.js';

/**
 * The demo affiliate's approved sale (its payout row queued: `POST /payouts/mark-paid`'s example pays
 * it) and a one-time goal of the demo team that the sale hits, closed at once: its bonus award
 * (`PATCH /teams/{id}/awards/{awardId}`'s example acts on it) waits out its refund-safe window.
 * Through the same use cases as the API, with the ids the examples name.
 */
export const createDemoSaleAndBonus = async (c: Container, merchantId: string, liveKey: ApiKey, ids: PresetIds): Promise<void> => {
  const tenant = { merchantId, mode: 'live' as const };
  const roster = c.resolve(T.TeamRoster);
  orFail(await roster.addCampaign(tenant, DEMO_IDS.team, { campaignId: DEMO_IDS.campaign }), 'team campaign');
  orFail(await roster.addMembers(tenant, DEMO_IDS.team, [DEMO_IDS.affiliate]), 'team member');

  const stores: TeamStores = { ...c.resolve(T.TeamStores), ids };
  const goals = new TeamGoals(c.resolve(T.UnitOfWork), stores, new PeriodSettlement(stores), c.resolve(T.Clock));
  const goal = orFail(
    await goals.create(tenant, DEMO_IDS.team, { name: 'First sale', metric: 'conversions', targetValue: new Decimal(1), periodMode: 'one_time', bonusType: 'flat', bonusValue: new Decimal(50) }),
    'goal',
  ).goal;

  ids.nextIs(DEMO_IDS.conversion);
  orFail(
    await createConversionWith(c, ids).execute({
      tenant,
      actor: apiKeyActor(liveKey),
      campaignId: DEMO_IDS.campaign,
      affiliateId: DEMO_IDS.affiliate,
      amount: new Decimal(120),
      taxAmount: null,
      currency: 'usd' as CurrencyCode,
      orderId: 'demo-order-1',
      clickId: null,
      customerEmail: null,
      customerName: null,
    }),
    'sale',
  );
  ids.nextIs(DEMO_IDS.payout);
  const sinks: ConversionChangeSinks = {
    ...c.resolve(T.ConversionChangeSinks),
    payouts: new ConversionPayoutQueue(new SqlPayoutRepository(c.resolve(T.Orm)), ids),
  };
  orFail(await updateConversionStatusWith(c, sinks).execute({ tenant, id: DEMO_IDS.conversion, status: 'approved', confirmAboveSale: false }), 'approval');

  // Closing the goal draws the period's id, then the award's.
  ids.nextAre(null, DEMO_IDS.award);
  orFail(await goals.act(tenant, DEMO_IDS.team, goal.id, { action: 'close_now' }), 'goal close');
  // The examples name the award by its id: a change in the order of id draws must fail here, not in /docs.
  if (!(await stores.awards.findWithScheduleForUpdate(tenant, DEMO_IDS.award))) throw new Error('demo award could not be created');
};
