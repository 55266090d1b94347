import {
  cancelAwardForDowngrade,
  removeMemberFromTeam,
  UNPAID_AWARD_STATUSES,
  type AwardEvent,
  type Conversion,
  type Membership,
  type Merchant,
} from '../../domain/index.js';
import type { MembershipSuspendedHook } from '../affiliates/decide-membership.js';
import type { ConversionChangeHook } from '../conversions/operator-conversion-actions.js';
import type { PlanChangeHandler } from '../merchants/update-merchant.js';
import type { Tenant } from '../shared/tenant.js';
import { recordAwardEvents, type PeriodSettlement, type TeamStores } from './period-settlement.js';

/**
 * Refunds and holds (operator actions) inside their transaction: every closed goal period the sale
 * belongs to whose refund-safe window is still open is recomputed, so its awards shrink, or are
 * cancelled (`bonus.cancelled`) when the target is no longer hit. The running period needs nothing:
 * its progress is always computed from the sales as they are.
 */
export class GoalProgressOnConversionChange implements ConversionChangeHook {
  constructor(
    private readonly stores: TeamStores,
    private readonly settlement: PeriodSettlement,
  ) {}

  async afterConversionChanged(conversion: Conversion, now: Date): Promise<void> {
    // Teams have no test mode.
    if (conversion.mode !== 'live') return;
    const tenant: Tenant = { merchantId: conversion.merchantId, mode: conversion.mode };
    const periods = await this.stores.goals.unsettledPeriodsCoveringForUpdate(tenant, conversion.affiliateId, conversion.createdAt);
    // Recomputing a period the sale does not touch changes nothing, so no campaign filter is needed here.
    for (const period of periods) await this.settlement.recompute(tenant, period, now, false);
  }
}

/**
 * The operator moved a merchant off Scale (extensions: a downgrade cancels the merchant's awards that
 * are not yet paid): every award in `pending_window`, `pending_approval`, `approved` or `failed` is
 * cancelled with `bonus.cancelled`, in the plan change's transaction. Awards already with the payout
 * provider (`processing`) and paid ones are left alone. No new awards are opened while off Scale.
 */
export class CancelAwardsOnDowngrade implements PlanChangeHandler {
  constructor(private readonly stores: TeamStores) {}

  async onPlanChanged(before: Merchant, after: Merchant, now: Date): Promise<void> {
    if (before.plan !== 'scale' || after.plan === 'scale') return;
    const rows = await this.stores.awards.forMerchantForUpdate(after.id, UNPAID_AWARD_STATUSES);
    const byTenant = new Map<string, { tenant: Tenant; events: AwardEvent[] }>();
    for (const { tenant, award } of rows) {
      const change = cancelAwardForDowngrade(award, now);
      if (!change.changed) continue;
      await this.stores.awards.update(tenant, change.award);
      const key = `${tenant.merchantId}:${tenant.mode}`;
      const entry = byTenant.get(key) ?? { tenant, events: [] };
      entry.events.push(...change.events);
      byTenant.set(key, entry);
    }
    for (const { tenant, events } of byTenant.values()) await recordAwardEvents(this.stores, tenant, events, now);
  }
}

/**
 * A suspended affiliate leaves its teams' rosters (the spec's "suspended relation" cannot be a
 * member): it is removed from every team of the merchant, which unlinks its memberships and drops its
 * overrides as a removal by the merchant does, and stops leading. Reinstating does not re-add it.
 */
export class LeaveTeamsOnSuspension implements MembershipSuspendedHook {
  constructor(private readonly stores: Pick<TeamStores, 'teams'>) {}

  async afterMembershipSuspended(tenant: Tenant, membership: Membership, now: Date): Promise<void> {
    for (const teamId of await this.stores.teams.teamsOfMember(tenant, membership.affiliateId)) {
      const team = await this.stores.teams.findByIdForUpdate(tenant, teamId);
      if (!team || !(await this.stores.teams.removeMember(tenant, teamId, membership.affiliateId))) continue;
      const next = removeMemberFromTeam(team, membership.affiliateId, now);
      if (next !== team) await this.stores.teams.update(tenant, next);
    }
  }
}
