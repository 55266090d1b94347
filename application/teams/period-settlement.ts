import {
  addDays,
  bonusEventPayload,
  computeProgress,
  computeShares,
  Decimal,
  reconcilePeriodAwards,
  type AwardEvent,
  type BonusOutcome,
  type ClosedPeriod,
  type CurrencyCode,
  type Goal,
  type Progress,
  type Team,
} from '../../domain/index.js';
import type { EventOutbox } from '../ports/event-outbox.js';
import type { IdGenerator } from '../ports/id-generator.js';
import type { MerchantRepository } from '../ports/merchant-repository.js';
import type { TeamAwardRepository } from '../ports/team-award-repository.js';
import type { TeamConversionFacts } from '../ports/team-conversion-facts.js';
import type { GoalPeriod, TeamGoalRepository } from '../ports/team-goal-repository.js';
import type { TeamRepository } from '../ports/team-repository.js';
import type { Tenant } from '../shared/tenant.js';

export interface TeamStores {
  readonly teams: TeamRepository;
  readonly goals: TeamGoalRepository;
  readonly awards: TeamAwardRepository;
  readonly facts: TeamConversionFacts;
  readonly merchants: MerchantRepository;
  readonly outbox: EventOutbox;
  readonly ids: IdGenerator;
}

/** Records award events in the outbox with the names their payload carries (spec: bonus events). */
export const recordAwardEvents = async (stores: Pick<TeamStores, 'awards' | 'outbox'>, tenant: Tenant, events: readonly AwardEvent[], now: Date): Promise<void> => {
  if (events.length === 0) return;
  const contexts = await stores.awards.eventContexts(tenant, events.map((e) => e.award));
  await stores.outbox.record(
    events.map((event) => {
      const context = contexts.get(event.award.id) ?? { goalName: '', teamName: '', affiliateEmail: '', affiliateName: '' };
      return {
        merchantId: tenant.merchantId,
        mode: tenant.mode,
        type: event.type,
        payload: { ...bonusEventPayload(event.award, context) },
        occurredAt: now,
      };
    }),
  );
};

export interface ProgressScope {
  readonly memberIds: readonly string[];
  readonly campaignIds: readonly string[];
  readonly from: Date;
  readonly to: Date | null;
  readonly periodKey: string;
}

/**
 * Closing goal periods and keeping their awards right while the refund-safe window is open. Used by
 * `close_now`, the goal-periods job, the refund hook and the window job; it runs inside the caller's
 * transaction.
 */
export class PeriodSettlement {
  constructor(private readonly stores: TeamStores) {}

  /** A goal's progress over a period, from the sales of the given roster on the given campaigns. */
  async progress(tenant: Tenant, goal: Goal, currency: CurrencyCode, scope: ProgressScope): Promise<Progress> {
    const campaignIds = goal.scope === 'campaign' && goal.campaignId ? [goal.campaignId] : scope.campaignIds;
    const facts =
      scope.memberIds.length === 0 || campaignIds.length === 0
        ? []
        : await this.stores.facts.factsFor(tenant, { affiliateIds: scope.memberIds, campaignIds, from: scope.from, to: scope.to });
    return computeProgress({
      metric: goal.metric,
      scope: goal.scope,
      campaignId: goal.campaignId,
      teamCampaignIds: scope.campaignIds,
      memberIds: scope.memberIds,
      currency,
      periodKey: scope.periodKey,
      from: scope.from,
      to: scope.to,
      facts,
    });
  }

  /** The running period of an active goal so far, with the current roster and campaigns. */
  async liveProgress(tenant: Tenant, goal: Goal, team: Team, roster?: { memberIds: readonly string[]; campaignIds: readonly string[] }): Promise<Progress> {
    const memberIds = roster?.memberIds ?? (await this.stores.teams.members(tenant, team.id)).map((m) => m.affiliateId);
    const campaignIds = roster?.campaignIds ?? (await this.stores.teams.campaigns(tenant, team.id)).map((c) => c.campaignId);
    return this.progress(tenant, goal, team.currency, { memberIds, campaignIds, from: goal.currentPeriodStart, to: null, periodKey: goal.currentPeriodKey });
  }

  /** Bonus shares; nothing is payable while the merchant is not on Scale (a downgrade stops new awards). */
  private async outcome(tenant: Tenant, goal: Goal, currency: CurrencyCode, progress: Progress, leader: string | null): Promise<BonusOutcome> {
    const outcome = computeShares({
      rule: goal.bonus,
      target: goal.targetValue,
      aggregate: progress.aggregate,
      currency,
      byMember: progress.byMember,
      leaderAffiliateId: leader,
    });
    const merchant = await this.stores.merchants.findById(tenant.merchantId);
    return merchant?.plan === 'scale' ? outcome : { hit: outcome.hit, total: new Decimal(0), shares: [] };
  }

  /**
   * Closes a period: freezes the roster, campaigns and leader, computes the result and opens a
   * `pending_window` award per share when the target is hit (payable after `refundSafeDays` from the
   * close). A period already closed under that key is left alone. Returns the awards opened.
   */
  async close(tenant: Tenant, goal: Goal, team: Team, closed: ClosedPeriod, now: Date): Promise<number> {
    const memberIds = (await this.stores.teams.members(tenant, team.id)).map((m) => m.affiliateId);
    const campaignIds = (await this.stores.teams.campaigns(tenant, team.id)).map((c) => c.campaignId);
    const progress = await this.progress(tenant, goal, team.currency, { memberIds, campaignIds, from: closed.start, to: closed.end, periodKey: closed.key });
    const outcome = await this.outcome(tenant, goal, team.currency, progress, team.leaderAffiliateId);
    const period: GoalPeriod = {
      id: this.stores.ids.next(),
      goalId: goal.id,
      teamId: team.id,
      merchantId: tenant.merchantId,
      periodKey: closed.key,
      start: closed.start,
      end: closed.end,
      closedAt: closed.closedAt,
      windowEndsAt: addDays(closed.closedAt, goal.refundSafeDays),
      settledAt: null,
      memberIds,
      campaignIds,
      leaderAffiliateId: team.leaderAffiliateId,
      target: goal.targetValue,
      aggregate: progress.aggregate,
      hit: outcome.hit,
      byMember: progress.byMember,
      excludedByCurrency: progress.excludedByCurrency,
      bonusTotal: outcome.total,
      createdAt: now,
      updatedAt: now,
    };
    if ((await this.stores.goals.insertPeriod(tenant, period)) === 'exists') return 0;
    const change = reconcilePeriodAwards([], outcome, {
      merchantId: tenant.merchantId,
      teamId: team.id,
      goalId: goal.id,
      periodKey: closed.key,
      currency: team.currency,
      payableAfter: period.windowEndsAt,
      now,
      closeWindow: false,
      nextId: () => this.stores.ids.next(),
    });
    await this.stores.awards.insertMany(tenant, change.created);
    await recordAwardEvents(this.stores, tenant, change.events, now);
    return change.created.length;
  }

  /**
   * Recomputes an unsettled period from the sales as they are now (refunds included) with its frozen
   * roster: open awards are revised or cancelled. With `closeWindow` the period is settled: awards
   * still in their window move to `pending_approval` (`bonus.awarded`) or are cancelled. Returns the
   * awards that changed.
   */
  async recompute(tenant: Tenant, period: GoalPeriod, now: Date, closeWindow: boolean): Promise<number> {
    if (period.settledAt !== null) return 0;
    const goal = await this.stores.goals.findById(tenant, period.teamId, period.goalId);
    const team = await this.stores.teams.findById(tenant, period.teamId);
    if (!goal || !team) return 0;
    const progress = await this.progress(tenant, goal, team.currency, {
      memberIds: period.memberIds,
      campaignIds: period.campaignIds,
      from: period.start,
      to: period.end,
      periodKey: period.periodKey,
    });
    const outcome = await this.outcome(tenant, goal, team.currency, progress, period.leaderAffiliateId);
    const existing = await this.stores.awards.forPeriodForUpdate(tenant, goal.id, period.periodKey);
    const change = reconcilePeriodAwards(existing, outcome, {
      merchantId: tenant.merchantId,
      teamId: team.id,
      goalId: goal.id,
      periodKey: period.periodKey,
      currency: team.currency,
      payableAfter: period.windowEndsAt,
      now,
      closeWindow,
      nextId: () => this.stores.ids.next(),
    });
    await this.stores.awards.insertMany(tenant, change.created);
    for (const award of change.updated) await this.stores.awards.update(tenant, award);
    await recordAwardEvents(this.stores, tenant, change.events, now);
    await this.stores.goals.updatePeriod(tenant, {
      ...period,
      aggregate: progress.aggregate,
      hit: outcome.hit,
      byMember: progress.byMember,
      excludedByCurrency: progress.excludedByCurrency,
      bonusTotal: outcome.total,
      settledAt: closeWindow ? now : null,
      updatedAt: now,
    });
    return change.updated.length + change.created.length;
  }
}
