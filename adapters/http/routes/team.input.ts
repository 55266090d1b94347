import { z } from '@hono/zod-openapi';
import { ROSTER_BATCH_MAX, type OverridesInput } from '../../../application/teams/team-roster.js';
import type { TeamChanges } from '../../../domain/index.js';
import { knownId } from './path-id.js';
import { amount, optionalAmount, RateType } from './team-route-kit.js';

/**
 * The bodies of `PATCH /teams/:id` and `POST /teams/:id/overrides` and their translation into the use
 * cases' inputs: the API routes and the dashboard's team edit and member-rate forms both read them.
 */

export const TeamChangesBody = z
  .object({
    name: z.string().optional(),
    currency: z.string().regex(/^[A-Za-z]{3}$/, 'must be a 3-letter currency code').optional(),
    baseCommissionType: RateType.optional(),
    baseCommissionValue: z.number().nullable().optional().openapi({ description: 'null clears the base rate' }),
    leaderAffiliateId: z.string().nullable().optional().openapi({ description: 'a current non-headless member; null clears' }),
  })
  .openapi('UpdateTeam');

export const TeamOverridesBody = z
  .object({
    campaignId: z.string(),
    affiliateIds: z.array(z.string()).min(1).max(ROSTER_BATCH_MAX),
    commissionType: RateType,
    commissionValue: z.number(),
    recurringValue: z.number().min(0).optional().openapi({ description: 'Stored; recurring commissions are not computed yet' }),
  })
  .openapi('SetTeamOverrides');

/** As the route reads the body: a bad amount throws its `validation_error`; a malformed leader id is left for the domain to refuse on its field. */
export const teamChangesOf = (body: z.infer<typeof TeamChangesBody>): TeamChanges => {
  const leader = body.leaderAffiliateId;
  return {
    name: body.name,
    currency: body.currency,
    baseCommissionType: body.baseCommissionType,
    baseCommissionValue: optionalAmount(body.baseCommissionValue, 'baseCommissionValue'),
    leaderAffiliateId: leader === undefined || leader === null ? leader : leader.toLowerCase(),
  };
};

/** As the route reads the body: a campaign id that is not a UUID names nothing (404). */
export const overridesOf = (body: z.infer<typeof TeamOverridesBody>): OverridesInput => ({
  campaignId: knownId(body.campaignId, 'Campaign'),
  affiliateIds: body.affiliateIds,
  commissionType: body.commissionType,
  commissionValue: amount(body.commissionValue, 'commissionValue'),
  recurringValue: body.recurringValue === undefined ? null : amount(body.recurringValue, 'recurringValue'),
});
