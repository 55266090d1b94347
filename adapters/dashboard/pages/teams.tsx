/** @jsxImportSource hono/jsx */
import { Hono } from 'hono';
import type { ListCampaigns } from '../../../application/campaigns/list-campaigns.js';
import { AWARD_ACTIONS, type AwardAction } from '../../../domain/index.js';
import { ApiError } from '../../http/api-error.js';
import type { AffiliateRouteDependencies } from '../../http/routes/affiliates.routes.js';
import { teamListItemJson } from '../../http/routes/team.json.js';
import type { TeamRouteDependencies } from '../../http/routes/teams.routes.js';
import type { DashboardEnv } from '../dashboard-env.js';
import { done, formOf, guardsRefuse, idOrNotFound, noticeOf, page, pageParams, refusal, throwIfNotFound, type DashboardContext } from '../page-kit.js';
import { ErrorBox, Notice, Pager, shortDate, Table } from '../views/components.js';
import { awardLedgerCsv, awardLedgerView, LEDGER_PATH } from './team-awards-ledger.js';
import type { Clock } from '../../../application/ports/clock.js';
import { teamDetailView, type TeamPageStatus } from './team-detail.js';
import { teamEditRoutes } from './team-edit.js';
import { CreateTeamForm, type TeamFormState } from './team-forms.js';
import { teamMemberRateRoutes } from './team-member-rates.js';
import { TEAM_WRITE_GUARDS, teamWriteRoutes } from './team-writes.js';

const SCALE = { plan: 'scale', feature: 'Teams' } as const;
const AWARD_DONE: Record<AwardAction, string> = { approve: 'Award approved.', mark_paid: 'Award marked paid.', cancel: 'Award cancelled.' };

/**
 * Teams (Scale): the list, a team's page (roster, campaigns, goals, awards, history), its edit page,
 * each member's own rates and the award ledger. Writes are live-only, as on the API.
 */
export const teamRoutes = (deps: TeamRouteDependencies, affiliates: Pick<AffiliateRouteDependencies, 'listAffiliates'>, listCampaigns: ListCampaigns, clock: Clock) => {
  const detail = teamDetailView(deps, affiliates, listCampaigns);
  const ledger = awardLedgerView(deps, clock);

  const list = async (c: DashboardContext, state: TeamFormState = {}, status: TeamPageStatus = 200) => {
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
        <p>
          <a href={LEDGER_PATH}>Award ledger</a>: every team's bonus awards, to approve, mark paid or cancel.
        </p>
        <CreateTeamForm csrf={c.get('webSession')!.csrfToken} state={state} />
        <div id="list">
          <Table caption="Teams" head={['Team', { label: 'Members', num: true }, 'Active goal', { label: 'Pending awards', num: true }, { label: 'Created', narrow: true }]} empty={rows.length === 0 && 'No teams yet: create one above, then add members and assign it a campaign.'}>
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
      </>,
      status,
    );
  };

  return new Hono<DashboardEnv>()
    .route('/', teamWriteRoutes(deps, { list, detail }))
    .route('/', teamEditRoutes(deps))
    .route('/', teamMemberRateRoutes(deps))
    .get('/teams', (c) => list(c))
    .get('/awards', (c) => ledger(c))
    .get('/awards.csv', awardLedgerCsv(deps, clock))
    .get('/teams/:id', async (c) => {
      const refused = guardsRefuse(c, [SCALE]);
      if (refused) throw refused;
      return detail(c, idOrNotFound(c.req.param('id'), 'Team'));
    })
    .post('/teams/:id/awards/:awardId', async (c) => {
      const id = idOrNotFound(c.req.param('id'), 'Team');
      const awardId = idOrNotFound(c.req.param('awardId'), 'Award');
      const form = await formOf(c);
      // From the ledger: back to it, filters and page kept; anything else goes back to the team.
      const back = form.back === LEDGER_PATH || form.back?.startsWith(`${LEDGER_PATH}?`) ? form.back : null;
      const refused = guardsRefuse(c, TEAM_WRITE_GUARDS);
      if (refused) throw refused;
      const action = form.action;
      if (!(AWARD_ACTIONS as readonly string[]).includes(action ?? '')) throw new ApiError('validation_error', 'Unknown action');
      const result = await deps.awards.act(c.get('tenant'), id, awardId, action as AwardAction, c.get('principal').actor);
      if (result.isErr()) {
        throwIfNotFound(result.error);
        const r = refusal(c, result.error);
        return back ? ledger(c, { problem: r.problem, status: r.status as 409, from: back }) : detail(c, id, { problem: r.problem }, r.status as 409);
      }
      return done(c, back ?? `/dashboard/teams/${id}`, AWARD_DONE[action as AwardAction]);
    });
};
