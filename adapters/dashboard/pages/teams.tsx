/** @jsxImportSource hono/jsx */
import { Hono } from 'hono';
import type { Result } from 'neverthrow';
import { HISTORY_MONTHS_DEFAULT } from '../../../application/teams/team-reads.js';
import { AWARD_ACTIONS, type AwardAction, type DomainError } from '../../../domain/index.js';
import { ApiError } from '../../http/api-error.js';
import { awardJson } from '../../http/routes/team-award.json.js';
import { goalListItemJson, historyJson } from '../../http/routes/team-goal.json.js';
import { teamDetailJson, teamListItemJson } from '../../http/routes/team.json.js';
import type { TeamRouteDependencies } from '../../http/routes/teams.routes.js';
import type { DashboardEnv } from '../dashboard-env.js';
import type { ListCampaigns } from '../../../application/campaigns/list-campaigns.js';
import type { AffiliateRouteDependencies } from '../../http/routes/affiliates.routes.js';
import { affiliateListItemJson } from '../../http/routes/affiliate.json.js';
import { campaignChoices } from '../campaign-choices.js';
import { done, formOf, guardsRefuse, idOrNotFound, noticeOf, page, pageParams, refusal, type DashboardContext } from '../page-kit.js';
import { AddCampaignForm, AddMembersForm, CreateGoalForm, CreateTeamForm, GOAL_MOVES, type TeamFormState } from './team-forms.js';
import { teamWriteRoutes } from './team-writes.js';
import { ErrorBox, Notice, Pager, shortDate, Table } from '../views/components.js';
import { CsrfField } from '../views/layout.js';

const SCALE = { plan: 'scale', feature: 'Teams' } as const;
const unwrap = <T,>(r: Result<T, DomainError>): T => {
  if (r.isErr()) throw ApiError.from(r.error);
  return r.value;
};
const ACTION_LABELS: Record<AwardAction, string> = { approve: 'Approve', mark_paid: 'Mark paid', cancel: 'Cancel' };

/** Teams (Scale): roster, goals with progress, awards (approve, mark paid, cancel) and history. Writes are live-only, as on the API. */
/** Who can join a team: the merchant's approved affiliates (the first 100 memberships, each affiliate once). */
const affiliateChoices = async (c: DashboardContext, affiliates: Pick<AffiliateRouteDependencies, 'listAffiliates'>) => {
  const result = await affiliates.listAffiliates.execute({ tenant: c.get('tenant'), merchant: c.get('principal').merchant, filter: { status: 'approved' }, sort: { field: 'joinedAt', direction: 'desc' }, page: { page: 1, limit: 100 } });
  if (result.isErr()) return [];
  const seen = new Map<string, string>();
  for (const a of result.value.items.map(affiliateListItemJson)) if (!seen.has(a.id)) seen.set(a.id, `${a.name ?? a.email} (${a.email})`);
  return [...seen].map(([id, label]) => ({ id, label }));
};

export const teamRoutes = (deps: TeamRouteDependencies, affiliates: Pick<AffiliateRouteDependencies, 'listAffiliates'>, listCampaigns: ListCampaigns) => {
  const detail = async (c: DashboardContext, id: string, state: TeamFormState = {}, status: 200 | 400 | 403 | 404 | 409 | 422 = 200) => {
    const problem = state.problem;
    const tenant = c.get('tenant');
    const team = teamDetailJson(unwrap(await deps.reads.get(tenant, id)));
    const goals = unwrap(await deps.reads.goals(tenant, id)).map(goalListItemJson);
    const { page: pageNo, limit } = pageParams(c);
    const awards = unwrap(await deps.reads.teamAwards(tenant, id, {}, { page: pageNo, limit }));
    const history = historyJson(unwrap(await deps.reads.history(tenant, id, HISTORY_MONTHS_DEFAULT)));
    const csrf = c.get('webSession')!.csrfToken;
    const [members, campaigns] = await Promise.all([affiliateChoices(c, affiliates), campaignChoices(listCampaigns, tenant)]);
    const removeButton = (path: string, label: string) => (
      <form method="post" action={path} class="inline">
        <CsrfField token={csrf} />
        <button type="submit" class="danger" aria-label={label}>
          Remove
        </button>
      </form>
    );
    return page(
      c,
      team.name,
      '/dashboard/teams',
      <>
        <Notice text={noticeOf(c)} />
        <ErrorBox problem={problem} />
        <h2>Roster</h2>
        <Table caption="Team members" head={['Member', 'Role', { label: 'Email', narrow: true }, 'Actions']} empty={team.members.length === 0}>
          {team.members.map((m) => (
            <tr>
              <td>
                <a href={`/dashboard/affiliates/${m.affiliateId}`}>{m.name}</a>
              </td>
              <td>{m.role}</td>
              <td class="hide-narrow">{m.email}</td>
              <td>{removeButton(`/dashboard/teams/${id}/members/${m.affiliateId}/remove`, `Remove ${m.name} from the team`)}</td>
            </tr>
          ))}
        </Table>
        <AddMembersForm csrf={csrf} teamId={id} state={state} choices={members} />
        <h2>Campaigns</h2>
        <Table caption="The team's campaigns" head={['Campaign', 'Team rate', { label: 'Campaign rate', narrow: true }, 'Actions']} empty={team.campaigns.length === 0}>
          {team.campaigns.map((tc) => (
            <tr>
              <td>
                <a href={`/dashboard/campaigns/${tc.campaignId}`}>{tc.name}</a>
              </td>
              <td>{tc.baseCommissionType ? `${tc.baseCommissionValue}${tc.baseCommissionType === 'percentage' ? '%' : ''}` : 'campaign rate'}</td>
              <td class="hide-narrow">
                {tc.campaignCommissionValue}
                {tc.campaignCommissionType === 'percentage' ? '%' : ''}
              </td>
              <td>{removeButton(`/dashboard/teams/${id}/campaigns/${tc.campaignId}/remove`, `Remove ${tc.name} from the team`)}</td>
            </tr>
          ))}
        </Table>
        <AddCampaignForm csrf={csrf} teamId={id} state={state} choices={campaigns} />
        <h2>Goals</h2>
        <Table caption="Goals with this period's progress" head={['Goal', 'Status', 'Target', 'Progress', 'Actions']} empty={goals.length === 0}>
          {goals.map((g) => (
            <tr>
              <td>
                {g.name} <span class="muted">({g.metric})</span>
              </td>
              <td>{g.status}</td>
              <td>{g.targetValue}</td>
              <td>{g.progress ? `${g.progress.aggregate} in ${g.progress.periodKey}` : '—'}</td>
              <td>
                <div class="actions">
                  {GOAL_MOVES[g.status].map((move) => (
                    <form method="post" action={`/dashboard/teams/${id}/goals/${g.id}`} class="inline">
                      <CsrfField token={csrf} />
                      <input type="hidden" name="action" value={move.action} />
                      <input type="hidden" name="expectedUpdatedAt" value={g.updatedAt} />
                      <button type="submit" class={move.action === 'cancel' ? 'danger' : 'secondary'} aria-label={`${move.label}: goal ${g.name}`}>
                        {move.label}
                      </button>
                    </form>
                  ))}
                </div>
              </td>
            </tr>
          ))}
        </Table>
        <CreateGoalForm csrf={csrf} teamId={id} state={state} campaigns={team.campaigns} />
        <h2>Awards</h2>
        <div id="list">
          <Table caption="Awards" head={['Member', 'Goal', { label: 'Amount', num: true }, 'Status', 'Actions']} empty={awards.items.length === 0}>
            {awards.items.map(awardJson).map((a) => (
              <tr>
                <td>{a.affiliateName}</td>
                <td>
                  {a.goalName} <span class="muted">{a.periodKey}</span>
                </td>
                <td class="num">
                  {a.amount} {a.currency.toUpperCase()}
                </td>
                <td>{a.status}</td>
                <td>
                  <div class="actions">
                    {AWARD_ACTIONS.map((action) => (
                      <form method="post" action={`/dashboard/teams/${id}/awards/${a.id}`} class="inline">
                        <CsrfField token={csrf} />
                        <input type="hidden" name="action" value={action} />
                        <button type="submit" class={action === 'cancel' ? 'danger' : 'secondary'} aria-label={`${ACTION_LABELS[action]}: award of ${a.amount} ${a.currency.toUpperCase()} to ${a.affiliateName}`}>
                          {ACTION_LABELS[action]}
                        </button>
                      </form>
                    ))}
                  </div>
                </td>
              </tr>
            ))}
          </Table>
          <Pager base={`/dashboard/teams/${id}`} params={{}} page={awards.page} limit={awards.limit} total={awards.total} />
        </div>
        <h2>History (last {history.months} months)</h2>
        <Table caption="Goal history by period" head={['Period', 'Goal', 'Achieved', 'Target', 'Hit']} empty={history.periods.length === 0}>
          {history.periods.flatMap((p) =>
            p.goals.map((g) => (
              <tr>
                <td>{p.periodKey}</td>
                <td>{g.name}</td>
                <td>{g.achieved}</td>
                <td>{g.target}</td>
                <td>{g.hit ? 'yes' : 'no'}</td>
              </tr>
            )),
          )}
        </Table>
      </>,
      status,
    );
  };

  const list = async (c: DashboardContext, state: TeamFormState = {}, status: 200 | 400 | 403 | 404 | 409 | 422 = 200) => {
    const refused = guardsRefuse(c, [SCALE]);
    if (refused) throw refused;
    const { page: pageNo, limit } = pageParams(c);
    const result = await deps.reads.list(c.get('tenant'), { page: pageNo, limit });
    const rows = result.items.map(teamListItemJson);
    return page(
      c,
      'Teams',
      '/dashboard/teams',
      <>
        <Notice text={noticeOf(c)} />
        <ErrorBox problem={state.problem} />
        <div id="list">
          <Table caption="Teams" head={['Team', { label: 'Members', num: true }, 'Active goal', { label: 'Pending awards', num: true }, { label: 'Created', narrow: true }]} empty={rows.length === 0}>
            {rows.map((t) => (
              <tr>
                <td>
                  <a href={`/dashboard/teams/${t.id}`}>{t.name}</a>
                </td>
                <td class="num">{t.memberCount}</td>
                <td>{t.activeTarget ? `${t.activeTarget.name}: ${t.activeTarget.label}` : '—'}</td>
                <td class="num">
                  {t.pendingAwards.count} ({t.pendingAwards.total} {t.currency.toUpperCase()})
                </td>
                <td class="hide-narrow">{shortDate(t.createdAt)}</td>
              </tr>
            ))}
          </Table>
          <Pager base="/dashboard/teams" params={{}} page={result.page} limit={result.limit} total={result.total} />
        </div>
        <CreateTeamForm csrf={c.get('webSession')!.csrfToken} state={state} />
      </>,
      status,
    );
  };

  return new Hono<DashboardEnv>()
    .route('/', teamWriteRoutes(deps, { list, detail }))
    .get('/teams', (c) => list(c))
    .get('/teams/:id', async (c) => {
      const refused = guardsRefuse(c, [SCALE]);
      if (refused) throw refused;
      return detail(c, idOrNotFound(c.req.param('id'), 'Team'));
    })
    .post('/teams/:id/awards/:awardId', async (c) => {
      const id = idOrNotFound(c.req.param('id'), 'Team');
      const awardId = idOrNotFound(c.req.param('awardId'), 'Award');
      const refused = guardsRefuse(c, [SCALE, 'write', { live: 'Team writes' }]);
      if (refused) throw refused;
      const action = (await formOf(c)).action;
      if (!(AWARD_ACTIONS as readonly string[]).includes(action ?? '')) throw new ApiError('validation_error', 'Unknown action');
      const result = await deps.awards.act(c.get('tenant'), id, awardId, action as AwardAction, c.get('principal').key.id);
      if (result.isErr()) {
        if (result.error.code === 'not_found') throw ApiError.from(result.error);
        const r = refusal(c, result.error);
        return detail(c, id, { problem: r.problem }, r.status as 409);
      }
      return done(c, `/dashboard/teams/${id}`, `Award ${action === 'mark_paid' ? 'marked paid' : `${action === 'approve' ? 'approved' : 'cancelled'}`}.`);
    });
};
