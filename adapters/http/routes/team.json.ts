import { z } from '@hono/zod-openapi';
import type { TeamDetail, TeamListItem } from '../../../application/teams/team-reads.js';
import type { MembersAdded } from '../../../application/teams/team-roster.js';
import {
  formatAmount,
  formatCommissionValue,
  GOAL_METRICS,
  GOAL_STATUSES,
  PERIOD_MODES,
  type CommissionRate,
  type Team,
} from '../../../domain/index.js';
import { figure } from './team-goal.json.js';

/** Teams as the API shows them (goals: `team-goal.json.ts`, awards: `team-award.json.ts`). */

const rateType = (rate: CommissionRate | null) => rate?.type ?? null;
const rateValue = (rate: CommissionRate | null) => (rate === null ? null : formatCommissionValue(rate.value));
const RateType = z.enum(['percentage', 'fixed']).nullable();

const teamCore = {
  id: z.string(),
  name: z.string(),
  currency: z.string(),
  leaderAffiliateId: z.string().nullable(),
  baseCommissionType: RateType,
  baseCommissionValue: z.string().nullable(),
  memberCount: z.number().int(),
  campaignCount: z.number().int(),
  createdAt: z.string(),
};

const teamCoreJson = (team: Team, memberCount: number, campaignCount: number) => ({
  id: team.id,
  name: team.name,
  currency: team.currency,
  leaderAffiliateId: team.leaderAffiliateId,
  baseCommissionType: rateType(team.baseRate),
  baseCommissionValue: rateValue(team.baseRate),
  memberCount,
  campaignCount,
  createdAt: team.createdAt.toISOString(),
});

export const TeamCreatedSchema = z.object(teamCore).openapi('TeamCreated');
export const teamCreatedJson = (team: Team) => teamCoreJson(team, 0, 0);

export const TeamListItemSchema = z
  .object({
    ...teamCore,
    customRateCount: z.number().int(),
    activeTarget: z.object({ name: z.string(), pct: z.number(), label: z.string() }).nullable(),
    pendingAwards: z.object({ count: z.number().int(), total: z.string() }),
  })
  .openapi('TeamListItem');

export const teamListItemJson = ({ summary, activeTarget }: TeamListItem): z.infer<typeof TeamListItemSchema> => ({
  ...teamCoreJson(summary.team, summary.memberCount, summary.campaignCount),
  customRateCount: summary.customRateCount,
  activeTarget,
  pendingAwards: { count: summary.pendingAwards.count, total: formatAmount(summary.pendingAwards.total, summary.team.currency) },
});

export const TeamDetailSchema = z
  .object({
    ...teamCore,
    members: z.array(
      z.object({ affiliateId: z.string(), name: z.string(), email: z.string(), role: z.enum(['leader', 'member']), isHeadless: z.boolean() }),
    ),
    campaigns: z.array(
      z.object({
        campaignId: z.string(),
        name: z.string(),
        baseCommissionType: RateType,
        baseCommissionValue: z.string().nullable(),
        campaignCommissionType: z.enum(['percentage', 'fixed']),
        campaignCommissionValue: z.string(),
      }),
    ),
    overrides: z
      .array(
        z.object({
          campaignId: z.string(),
          affiliateId: z.string(),
          commissionType: z.enum(['percentage', 'fixed']),
          commissionValue: z.string(),
          recurringValue: z.string().nullable(),
        }),
      )
      .openapi({ 'x-extension': true, description: 'Per-member rates on team campaigns (POST /teams/{id}/overrides)' }),
    goals: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        status: z.enum(GOAL_STATUSES),
        metric: z.enum(GOAL_METRICS),
        targetValue: z.string(),
        periodMode: z.enum(PERIOD_MODES),
      }),
    ),
  })
  .openapi('Team');

export const teamDetailJson = (d: TeamDetail): z.infer<typeof TeamDetailSchema> => ({
  ...teamCoreJson(d.team, d.members.length, d.campaigns.length),
  members: d.members.map((m) => ({ affiliateId: m.affiliateId, name: m.name, email: m.email, role: m.role, isHeadless: m.headless })),
  campaigns: d.campaigns.map((c) => ({
    campaignId: c.campaignId,
    name: c.name,
    baseCommissionType: rateType(c.teamRate),
    baseCommissionValue: rateValue(c.teamRate),
    campaignCommissionType: c.campaignRate.type,
    campaignCommissionValue: formatCommissionValue(c.campaignRate.value),
  })),
  overrides: d.overrides.map((o) => ({
    campaignId: o.campaignId,
    affiliateId: o.affiliateId,
    commissionType: o.rate.type,
    commissionValue: formatCommissionValue(o.rate.value),
    recurringValue: o.recurringValue === null ? null : formatCommissionValue(o.recurringValue),
  })),
  goals: d.goals.map((g) => ({
    id: g.id,
    name: g.name,
    status: g.status,
    metric: g.metric,
    targetValue: figure(g, g.targetValue, d.team.currency),
    periodMode: g.periodMode,
  })),
});

export const MembersAddedSchema = z
  .object({
    added: z.number().int(),
    alreadyMembers: z.number().int(),
    skipped: z.number().int(),
    results: z.array(
      z.object({
        affiliateId: z.string(),
        outcome: z.enum(['added', 'already_member', 'skipped']),
        reason: z.enum(['no_relationship', 'pending', 'suspended', 'test_affiliate', 'ineligible']).optional(),
      }),
    ),
  })
  .openapi('TeamMembersAdded');

export const membersAddedJson = (r: MembersAdded): z.infer<typeof MembersAddedSchema> => ({
  added: r.added,
  alreadyMembers: r.alreadyMembers,
  skipped: r.skipped,
  results: r.results.map((x) => (x.reason ? { affiliateId: x.affiliateId, outcome: x.outcome, reason: x.reason } : { affiliateId: x.affiliateId, outcome: x.outcome })),
});
