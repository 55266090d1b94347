import { Hono } from 'hono';
import { BONUS_TIERS_MAX, GOAL_ACTIONS, type GoalAction } from '../../../domain/index.js';
import { ApiError } from '../../http/api-error.js';
import { unwrap } from '../../http/routes/team-route-kit.js';
import { GoalBody, newGoalOf } from '../../http/routes/team-goals.routes.js';
import { MembersBody, newTeamOf, TeamBody, TeamCampaignBody, teamCampaignOf, type TeamRouteDependencies } from '../../http/routes/teams.routes.js';
import type { DashboardEnv } from '../dashboard-env.js';
import { done, formOf, guardsRefuse, idOrNotFound, numberOrText, optional, parseWith, refusal, throwIfNotFound, type DashboardContext, type Form } from '../page-kit.js';
import type { TeamPageStatus } from './team-detail.js';
import type { TeamFormName, TeamFormState, TierRow } from './team-forms.js';

/** Every team write: Scale, a write key, live mode (`/teams`' guards, in their order). */
export const TEAM_WRITE_GUARDS = [{ plan: 'scale', feature: 'Teams' }, 'write', { live: 'Team writes' }] as const;

export interface TeamViews {
  readonly list: (c: DashboardContext, state: TeamFormState, status: TeamPageStatus) => Promise<Response>;
  readonly detail: (c: DashboardContext, id: string, state: TeamFormState, status: TeamPageStatus) => Promise<Response>;
}

/** A `datetime-local` value read as UTC; anything else goes to the schema as typed. */
const utc = (value: string | undefined) => {
  const v = optional(value);
  if (v === undefined) return null;
  return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(v) ? `${v}:00Z` : v;
};

/** The goal form: its single fields (trimmed) and its tier rows, in order (a row's two fields share an index). */
const goalFormOf = async (c: DashboardContext): Promise<{ form: Form; tiers: TierRow[] }> => {
  const body = await c.req.parseBody({ all: true });
  const values = (v: unknown) => ([] as unknown[]).concat(v ?? []).filter((x): x is string => typeof x === 'string').map((x) => x.trim());
  const form: Form = {};
  for (const [name, value] of Object.entries(body)) {
    const all = values(value);
    if (all.length > 0) form[name] = all[all.length - 1]!;
  }
  const thresholds = values(body.tierThreshold);
  const amounts = values(body.tierAmount);
  const tiers = Array.from({ length: Math.max(thresholds.length, amounts.length) }, (_, i) => ({ threshold: thresholds[i] ?? '', amount: amounts[i] ?? '' }));
  return { form, tiers };
};

/**
 * Team writes from the dashboard: create, members, campaigns, goals and goal moves, through the
 * validation helpers and use cases of `/teams` (a bad amount throws the route's own `validation_error`).
 */
export const teamWriteRoutes = (deps: TeamRouteDependencies, views: TeamViews) => {
  /** Runs a write; a refusal re-renders the page it came from with the error beside the form's fields. */
  const attempt = async (c: DashboardContext, where: { teamId?: string; which: TeamFormName; tiers?: readonly TierRow[] }, form: Form, run: () => Promise<Response>) => {
    const fail = (error: Parameters<typeof refusal>[1]) => {
      throwIfNotFound(error);
      const r = refusal(c, error);
      const state = { form, problem: r.problem, which: where.which, tiers: where.tiers };
      return where.teamId ? views.detail(c, where.teamId, state, r.status as 400) : views.list(c, state, r.status as 400);
    };
    const refused = guardsRefuse(c, TEAM_WRITE_GUARDS);
    if (refused) return fail(refused);
    try {
      return await run();
    } catch (error) {
      if (error instanceof ApiError && error.code !== 'not_found') return fail(error);
      throw error;
    }
  };
  const parsed = <T>(result: ReturnType<typeof parseWith<T>>): T => {
    if (!result.ok) throw result.error;
    return result.value;
  };
  const rate = (form: Form) => ({ baseCommissionType: optional(form.baseCommissionType), baseCommissionValue: numberOrText(form.baseCommissionValue) });

  return new Hono<DashboardEnv>()
    .post('/teams', async (c) => {
      const form = await formOf(c);
      return attempt(c, { which: 'team' }, form, async () => {
        const body = parsed(parseWith(TeamBody, { name: form.name ?? '', currency: optional(form.currency), ...rate(form) }));
        const team = unwrap(await deps.manageTeams.create(c.get('tenant'), newTeamOf(body)));
        return done(c, `/dashboard/teams/${team.id}`, 'Team created.');
      });
    })
    .post('/teams/:id/members', async (c) => {
      const teamId = idOrNotFound(c.req.param('id'), 'Team');
      const all = await c.req.parseBody({ all: true });
      const affiliateIds = ([] as unknown[]).concat(all.affiliateIds ?? []).filter((v): v is string => typeof v === 'string');
      return attempt(c, { teamId, which: 'members' }, {}, async () => {
        const body = parsed(parseWith(MembersBody, { affiliateIds }));
        const added = unwrap(await deps.roster.addMembers(c.get('tenant'), teamId, body.affiliateIds));
        const skipped = added.results.filter((r) => r.outcome === 'skipped').map((r) => r.reason ?? 'ineligible');
        const notice = `${added.added} added, ${added.alreadyMembers} already members${skipped.length ? `, ${skipped.length} skipped (${[...new Set(skipped)].join(', ').replace(/_/g, ' ')})` : ''}.`;
        return done(c, `/dashboard/teams/${teamId}`, notice);
      });
    })
    .post('/teams/:id/members/:affiliateId/remove', async (c) => {
      const teamId = idOrNotFound(c.req.param('id'), 'Team');
      const affiliateId = idOrNotFound(c.req.param('affiliateId'), 'Team member');
      const form = await formOf(c);
      return attempt(c, { teamId, which: 'members' }, form, async () => {
        unwrap(await deps.roster.removeMember(c.get('tenant'), teamId, affiliateId));
        return done(c, `/dashboard/teams/${teamId}`, 'Member removed from the team.');
      });
    })
    .post('/teams/:id/campaigns', async (c) => {
      const teamId = idOrNotFound(c.req.param('id'), 'Team');
      const form = await formOf(c);
      return attempt(c, { teamId, which: 'campaign' }, form, async () => {
        const body = parsed(parseWith(TeamCampaignBody, { campaignId: form.campaignId ?? '', ...rate(form) }));
        const result = unwrap(await deps.roster.addCampaign(c.get('tenant'), teamId, teamCampaignOf(body)));
        return done(c, `/dashboard/teams/${teamId}`, `Campaign assigned; ${result.tally.created + result.tally.linked} members placed on it.`);
      });
    })
    .post('/teams/:id/campaigns/:campaignId/remove', async (c) => {
      const teamId = idOrNotFound(c.req.param('id'), 'Team');
      const campaignId = idOrNotFound(c.req.param('campaignId'), 'Team campaign');
      const form = await formOf(c);
      return attempt(c, { teamId, which: 'campaign' }, form, async () => {
        unwrap(await deps.roster.removeCampaign(c.get('tenant'), teamId, campaignId));
        return done(c, `/dashboard/teams/${teamId}`, 'Campaign removed from the team.');
      });
    })
    .post('/teams/:id/goals', async (c) => {
      const teamId = idOrNotFound(c.req.param('id'), 'Team');
      const { form, tiers } = await goalFormOf(c);
      // Blank rows are left out, so a refused tier's index is its row on the page shown again.
      const filled = tiers.filter((t) => t.threshold !== '' || t.amount !== '');
      return attempt(c, { teamId, which: 'goal', tiers: filled }, form, async () => {
        const body = parsed(
          parseWith(GoalBody, {
            name: form.name ?? '',
            metric: optional(form.metric),
            targetValue: numberOrText(form.targetValue),
            periodMode: optional(form.periodMode),
            scope: optional(form.campaignId) ? 'campaign' : 'team',
            campaignId: optional(form.campaignId) ?? null,
            bonusType: optional(form.bonusType),
            bonusValue: numberOrText(form.bonusValue) ?? null,
            bonusTiers: filled.length === 0 ? null : filled.map((t) => ({ threshold: numberOrText(t.threshold), amount: numberOrText(t.amount) })),
            bonusCap: numberOrText(form.bonusCap) ?? null,
            bonusScope: optional(form.bonusScope),
            bonusSplit: optional(form.bonusSplit),
            bonusVisibility: optional(form.bonusVisibility),
            refundSafeDays: numberOrText(form.refundSafeDays),
            periodStart: utc(form.periodStart),
            periodEnd: utc(form.periodEnd),
          }),
        );
        unwrap(await deps.goals.create(c.get('tenant'), teamId, newGoalOf(body)));
        return done(c, `/dashboard/teams/${teamId}`, 'Goal created.');
      });
    })
    .post('/teams/:id/goals/tiers', async (c) => {
      // Shows the goal form again with a tier row more or less; nothing is written.
      const teamId = idOrNotFound(c.req.param('id'), 'Team');
      const refused = guardsRefuse(c, [TEAM_WRITE_GUARDS[0]]);
      if (refused) throw refused;
      const { form, tiers } = await goalFormOf(c);
      const rows = tiers.length === 0 ? [{ threshold: '', amount: '' }] : [...tiers];
      const move = form.tiers ?? '';
      const removed = /^remove:(\d+)$/.exec(move);
      if (move === 'add' && rows.length < BONUS_TIERS_MAX) rows.push({ threshold: '', amount: '' });
      if (removed) rows.splice(Number(removed[1]), 1);
      return views.detail(c, teamId, { form, which: 'goal', tiers: rows, focus: move === 'add' ? 'new-tier' : 'add-tier' }, 200);
    })
    .post('/teams/:id/goals/:goalId', async (c) => {
      const teamId = idOrNotFound(c.req.param('id'), 'Team');
      const goalId = idOrNotFound(c.req.param('goalId'), 'Goal');
      const form = await formOf(c);
      return attempt(c, { teamId, which: 'goal' }, {}, async () => {
        if (!(GOAL_ACTIONS as readonly string[]).includes(form.action ?? '')) throw new ApiError('validation_error', 'Choose an action', [{ field: 'action', message: `must be one of ${GOAL_ACTIONS.join(', ')}` }]);
        const expected = optional(form.expectedUpdatedAt);
        const result = unwrap(await deps.goals.act(c.get('tenant'), teamId, goalId, { action: form.action as GoalAction, expectedUpdatedAt: expected ? new Date(expected) : undefined }));
        return done(c, `/dashboard/teams/${teamId}`, `Goal ${result.goal.status === 'active' ? 'active again' : result.goal.status}.`);
      });
    });
};
