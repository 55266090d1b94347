/** @jsxImportSource hono/jsx */
import type { ListCampaigns } from '../../../application/campaigns/list-campaigns.js';
import { HISTORY_MONTHS_DEFAULT, HISTORY_MONTHS_MAX } from '../../../application/teams/team-reads.js';
import { AWARD_ACTIONS, AWARD_STATUSES, type AwardAction, type AwardStatus } from '../../../domain/index.js';
import { unwrap } from '../../http/routes/team-route-kit.js';
import { affiliateListItemJson } from '../../http/routes/affiliate.json.js';
import type { AffiliateRouteDependencies } from '../../http/routes/affiliates.routes.js';
import { awardJson } from '../../http/routes/team-award.json.js';
import { historyJson } from '../../http/routes/team-goal.json.js';
import { teamDetailJson } from '../../http/routes/team.json.js';
import type { TeamRouteDependencies } from '../../http/routes/teams.routes.js';
import { campaignChoices } from '../campaign-choices.js';
import { noticeOf, page, pageParams, type DashboardContext } from '../page-kit.js';
import { ErrorBox, FilterForm, Notice, Pager, SelectField, Table, type Choice } from '../views/components.js';
import { CsrfField } from '../views/layout.js';
import { AddCampaignForm, AddMembersForm, type TeamFormState } from './team-forms.js';
import { CreateGoalForm } from './team-goal-form.js';
import { GoalCards } from './team-goal-cards.js';
import { statusChoices, statusLabel } from '../../display/status-labels.js';
import { AskFirst } from '../ask-first.js';

export const AWARD_ACTION_LABELS: Record<AwardAction, string> = { approve: 'Approve', mark_paid: 'Mark paid', cancel: 'Cancel' };
export type TeamPageStatus = 200 | 400 | 403 | 404 | 409 | 422;

/** A rate as the pages write it: `15.00%` or `7.00` (fixed, in the sale's currency). */
export const rateText = (type: 'percentage' | 'fixed', value: string) => `${value}${type === 'percentage' ? '%' : ' fixed'}`;

/** Who can join a team: the merchant's approved affiliates (the first 100 memberships, each affiliate once). */
const affiliateChoices = async (c: DashboardContext, affiliates: Pick<AffiliateRouteDependencies, 'listAffiliates'>) => {
  const result = await affiliates.listAffiliates.browse({ tenant: c.get('tenant'), merchant: c.get('principal').merchant, filter: { status: 'approved' }, sort: { field: 'joinedAt', direction: 'desc' }, page: { page: 1, limit: 100 } });
  if (result.isErr()) return [];
  const seen = new Map<string, string>();
  for (const a of result.value.items.map(affiliateListItemJson)) if (!seen.has(a.id)) seen.set(a.id, `${a.name ?? a.email} (${a.email})`);
  return [...seen].map(([id, label]) => ({ id, label }));
};

/** An award action's form; `back` sends the browser back to the list it came from (the ledger). */
const AwardActions = ({ csrf, award, back }: { csrf: string; award: ReturnType<typeof awardJson>; back?: string }) => (
  <div class="actions">
    {AWARD_ACTIONS.map((action) => (
      <form method="post" action={`/dashboard/teams/${award.teamId}/awards/${award.id}`} class="inline">
        <CsrfField token={csrf} />
        <input type="hidden" name="action" value={action} />
        {back ? <input type="hidden" name="back" value={back} /> : null}
        <button type="submit" class={action === 'cancel' ? 'danger' : 'secondary'} aria-label={`${AWARD_ACTION_LABELS[action]}: award of ${award.amount} ${award.currency.toUpperCase()} to ${award.affiliateName}`}>
          {AWARD_ACTION_LABELS[action]}
        </button>
      </form>
    ))}
  </div>
);

/** Awards with their actions; the ledger names each award's team and sends `back` with each action. */
export const AwardsTable = ({ caption, awards, csrf, back, withTeam }: { caption: string; awards: readonly ReturnType<typeof awardJson>[]; csrf: string; back?: string; withTeam?: boolean }) => (
  <Table caption={caption} head={['Award', { label: 'Amount', num: true }, 'Status', 'Actions']} empty={awards.length === 0}>
    {awards.map((a) => (
      <tr>
        <td>
          {a.affiliateName}
          <br />
          <span class="muted">
            {withTeam ? (
              <>
                <a href={`/dashboard/teams/${a.teamId}`}>{a.teamName}</a>
                {' · '}
              </>
            ) : null}
            {a.goalName} · {a.periodKey}
          </span>
        </td>
        <td class="num">
          {a.amount} {a.currency.toUpperCase()}
        </td>
        <td>{statusLabel(a.status)}</td>
        <td>
          <AwardActions csrf={csrf} award={a} back={back} />
        </td>
      </tr>
    ))}
  </Table>
);

export const isAwardStatus = (value: string | undefined): value is AwardStatus => (AWARD_STATUSES as readonly string[]).includes(value ?? '');
/** The award statuses as a filter offers them. */
export const AWARD_STATUS_CHOICES: readonly Choice[] = statusChoices(AWARD_STATUSES);

/**
 * The team page: roster (with each member's own rates), campaigns, goals with progress and tiers
 * reached, awards (filtered by status) and history (1 to 36 months), each read through `TeamReads`.
 */
export const teamDetailView =
  (deps: TeamRouteDependencies, affiliates: Pick<AffiliateRouteDependencies, 'listAffiliates'>, listCampaigns: ListCampaigns) =>
  async (c: DashboardContext, id: string, state: TeamFormState = {}, status: TeamPageStatus = 200) => {
    const tenant = c.get('tenant');
    const { page: pageNo, limit } = pageParams(c);
    const awardStatus = c.req.query('awardStatus');
    const months = Math.max(1, Math.min(HISTORY_MONTHS_MAX, Number.parseInt(c.req.query('months') ?? '', 10) || HISTORY_MONTHS_DEFAULT));
    // The sections are independent reads: one wait, not six in a row (the team's own 404 still wins).
    const [teamRead, goalsRead, awardsRead, historyRead, members, campaigns] = await Promise.all([
      deps.reads.get(tenant, id),
      deps.reads.goals(tenant, id),
      deps.reads.teamAwards(tenant, id, { status: isAwardStatus(awardStatus) ? awardStatus : undefined }, { page: pageNo, limit }),
      deps.reads.history(tenant, id, months),
      affiliateChoices(c, affiliates),
      campaignChoices(listCampaigns, tenant),
    ]);
    const team = teamDetailJson(unwrap(teamRead));
    const goals = unwrap(goalsRead);
    const awards = unwrap(awardsRead);
    const history = historyJson(unwrap(historyRead));
    const csrf = c.get('webSession')!.csrfToken;
    const campaignName = new Map(team.campaigns.map((tc) => [tc.campaignId, tc.name]));
    const removeButton = (path: string, label: string) => (
      <form method="post" action={path} class="inline">
        <CsrfField token={csrf} />
        <AskFirst question={`${label}?`} yes="Yes, remove" />
        <button type="submit" class="danger" aria-label={label}>
          Remove
        </button>
      </form>
    );
    const baseRate = team.baseCommissionType ? rateText(team.baseCommissionType, team.baseCommissionValue!) : "the campaigns' own rates";
    return page(
      c,
      team.name,
      '/dashboard/teams',
      <>
        <p>
          <a href="/dashboard/teams">← Teams</a> · {team.currency.toUpperCase()} · team rate {baseRate} ·{' '}
          <a href={`/dashboard/teams/${id}/edit`}>Edit or delete the team</a>
        </p>
        <Notice text={noticeOf(c)} />
        <ErrorBox problem={state.problem} />
        <h2>Roster</h2>
        <Table caption="Team members" head={['Member', 'Role', 'Own rates', { label: 'Email', narrow: true }, 'Actions']} empty={team.members.length === 0}>
          {team.members.map((m) => {
            const own = team.overrides.filter((o) => o.affiliateId === m.affiliateId);
            return (
              <tr>
                <td>
                  <a href={`/dashboard/affiliates/${m.affiliateId}`}>{m.name}</a>
                </td>
                <td>{m.role}</td>
                <td>{own.length === 0 ? 'none' : own.map((o) => `${campaignName.get(o.campaignId) ?? 'campaign'}: ${rateText(o.commissionType, o.commissionValue)}`).join('; ')}</td>
                <td class="hide-narrow">{m.email}</td>
                <td>
                  <div class="actions">
                    <a class="button secondary" href={`/dashboard/teams/${id}/members/${m.affiliateId}`} aria-label={`Own rates of ${m.name}`}>
                      Rates
                    </a>
                    {removeButton(`/dashboard/teams/${id}/members/${m.affiliateId}/remove`, `Remove ${m.name} from the team`)}
                  </div>
                </td>
              </tr>
            );
          })}
        </Table>
        <AddMembersForm csrf={csrf} teamId={id} state={state} choices={members} />
        <h2>Campaigns</h2>
        <Table caption="The team's campaigns" head={['Campaign', 'Team rate', { label: 'Campaign rate', narrow: true }, 'Actions']} empty={team.campaigns.length === 0}>
          {team.campaigns.map((tc) => (
            <tr>
              <td>
                <a href={`/dashboard/campaigns/${tc.campaignId}`}>{tc.name}</a>
              </td>
              <td>{tc.baseCommissionType ? rateText(tc.baseCommissionType, tc.baseCommissionValue!) : team.baseCommissionType ? 'team base rate' : 'campaign rate'}</td>
              <td class="hide-narrow">{rateText(tc.campaignCommissionType, tc.campaignCommissionValue)}</td>
              <td>{removeButton(`/dashboard/teams/${id}/campaigns/${tc.campaignId}/remove`, `Remove ${tc.name} from the team`)}</td>
            </tr>
          ))}
        </Table>
        <p class="muted">Assigning a campaign the team has already changes the team's rate on it.</p>
        <AddCampaignForm csrf={csrf} teamId={id} state={state} choices={campaigns} />
        <h2>Goals</h2>
        <GoalCards teamId={id} csrf={csrf} views={goals} />
        <CreateGoalForm csrf={csrf} teamId={id} state={state} campaigns={team.campaigns} />
        <h2 id="awards">Awards</h2>
        <FilterForm action={`/dashboard/teams/${id}`} submit="Show awards">
          <SelectField label="Status" name="awardStatus" none="Any" choices={AWARD_STATUS_CHOICES} selected={awardStatus} />
          <input type="hidden" name="months" value={String(months)} />
        </FilterForm>
        <div id="list">
          <AwardsTable caption="Awards" awards={awards.items.map(awardJson)} csrf={csrf} />
          <Pager base={`/dashboard/teams/${id}`} params={{ awardStatus: isAwardStatus(awardStatus) ? awardStatus : undefined, months: String(months) }} page={awards.page} limit={awards.limit} total={awards.total} />
        </div>
        <h2 id="history">History (last {history.months} months)</h2>
        <FilterForm action={`/dashboard/teams/${id}`} submit="Show history">
          <label>
            Months (1 to {HISTORY_MONTHS_MAX})
            <input name="months" type="number" min={1} max={HISTORY_MONTHS_MAX} value={String(months)} />
          </label>
          {isAwardStatus(awardStatus) ? <input type="hidden" name="awardStatus" value={awardStatus} /> : null}
        </FilterForm>
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
