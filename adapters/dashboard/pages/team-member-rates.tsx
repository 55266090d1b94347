/** @jsxImportSource hono/jsx */
import { Hono } from 'hono';
import type { OverridesInput } from '../../../application/teams/team-roster.js';
import type { DomainError } from '../../../domain/index.js';
import { ApiError } from '../../http/api-error.js';
import { unwrap } from '../../http/routes/team-route-kit.js';
import { teamDetailJson } from '../../http/routes/team.json.js';
import { overridesOf, TeamOverridesBody } from '../../http/routes/team.input.js';
import type { TeamRouteDependencies } from '../../http/routes/teams.routes.js';
import type { DashboardEnv } from '../dashboard-env.js';
import { done, formOf, guardsRefuse, idOrNotFound, noticeOf, numberOrText, optional, page, parseWith, refusal, throwIfNotFound, type DashboardContext, type Form } from '../page-kit.js';
import { COMMISSION_TYPE_CHOICES, commissionTypeShown } from '../views/campaign-fields.js';
import { ErrorBox, Notice, SelectField, Table, TextField, type Problem } from '../views/components.js';
import { CsrfField } from '../views/layout.js';
import { rateText, type TeamPageStatus } from './team-detail.js';
import { TEAM_WRITE_GUARDS } from './team-writes.js';

/**
 * A member's own rates (`POST /teams/:id/overrides` for one affiliate): per team campaign, the rate
 * that applies now and the override, which bypasses the team's and the campaign's rates.
 */
export const teamMemberRateRoutes = (deps: TeamRouteDependencies) => {
  /** The team and the member, or 404 (another merchant's team, or an affiliate not on this roster). */
  const load = async (c: DashboardContext, teamId: string, affiliateId: string) => {
    const team = teamDetailJson(unwrap(await deps.reads.get(c.get('tenant'), teamId)));
    const member = team.members.find((m) => m.affiliateId === affiliateId);
    if (!member) throw new ApiError('not_found', 'Team member not found');
    return { team, member };
  };

  const ratesPage = async (c: DashboardContext, teamId: string, affiliateId: string, extra: { form?: Form; problem?: Problem | null } = {}, status: TeamPageStatus = 200) => {
    const refused = guardsRefuse(c, [TEAM_WRITE_GUARDS[0]]);
    if (refused) throw refused;
    const { team, member } = await load(c, teamId, affiliateId);
    const form = extra.form ?? {};
    const problem = extra.problem;
    const csrf = c.get('webSession')!.csrfToken;
    const own = new Map(team.overrides.filter((o) => o.affiliateId === affiliateId).map((o) => [o.campaignId, o]));
    const teamRate = (tc: (typeof team.campaigns)[number]) =>
      tc.baseCommissionType
        ? `team rate on the campaign, ${rateText(tc.baseCommissionType, tc.baseCommissionValue!)}`
        : team.baseCommissionType
          ? `team base rate, ${rateText(team.baseCommissionType, team.baseCommissionValue!)}`
          : `campaign rate, ${rateText(tc.campaignCommissionType, tc.campaignCommissionValue)}`;
    return page(
      c,
      `${member.name}'s rates in ${team.name}`,
      '/dashboard/teams',
      <>
        <p>
          <a href={`/dashboard/teams/${teamId}`}>← Back to the team</a> · {member.email} · {member.role}
        </p>
        <Notice text={noticeOf(c)} />
        <ErrorBox problem={problem} />
        <Table caption={`${member.name}'s rates per team campaign`} head={['Campaign', 'Own rate', 'Otherwise', { label: 'Recurring', narrow: true }]} empty={team.campaigns.length === 0 ? 'The team has no campaign yet: assign one on the team page first.' : false}>
          {team.campaigns.map((tc) => {
            const o = own.get(tc.campaignId);
            return (
              <tr>
                <td>{tc.name}</td>
                <td>{o ? rateText(o.commissionType, o.commissionValue) : 'none'}</td>
                <td>{teamRate(tc)}</td>
                <td class="hide-narrow">{o?.recurringValue ?? '—'}</td>
              </tr>
            );
          })}
        </Table>
        {team.campaigns.length > 0 ? (
          <section aria-labelledby="set-rate">
            <h2 id="set-rate">Set an own rate</h2>
            <p class="muted">It applies to {member.name}'s new sales on that campaign, before any team or campaign rate (volume tiers included). Saving again replaces it.</p>
            <form method="post" action={`/dashboard/teams/${teamId}/members/${affiliateId}/rates`} class="stack">
              <CsrfField token={csrf} />
              <SelectField label="Campaign" name="campaignId" choices={team.campaigns.map((tc) => ({ value: tc.campaignId, label: tc.name }))} selected={form.campaignId} problem={problem} required />
              <SelectField label="Commission type" name="commissionType" choices={COMMISSION_TYPE_CHOICES} selected={commissionTypeShown(form.commissionType)} />
              <TextField form={form} problem={problem} name="commissionValue" label="Commission value" inputmode="decimal" required />
              <TextField form={form} problem={problem} name="recurringValue" label="Recurring value (optional)" inputmode="decimal" hint="Stored for recurring sales; not computed yet." />
              <button type="submit">Save rate</button>
            </form>
          </section>
        ) : null}
      </>,
      status,
    );
  };

  const fail = (c: DashboardContext, teamId: string, affiliateId: string, form: Form, error: DomainError | ApiError) => {
    throwIfNotFound(error);
    const r = refusal(c, error);
    return ratesPage(c, teamId, affiliateId, { form, problem: r.problem }, r.status as TeamPageStatus);
  };

  return new Hono<DashboardEnv>()
    .get('/teams/:id/members/:affiliateId', (c) => ratesPage(c, idOrNotFound(c.req.param('id'), 'Team'), idOrNotFound(c.req.param('affiliateId'), 'Team member')))
    .post('/teams/:id/members/:affiliateId/rates', async (c) => {
      const teamId = idOrNotFound(c.req.param('id'), 'Team');
      const affiliateId = idOrNotFound(c.req.param('affiliateId'), 'Team member');
      const form = await formOf(c);
      const refused = guardsRefuse(c, TEAM_WRITE_GUARDS);
      if (refused) return fail(c, teamId, affiliateId, form, refused);
      const { team, member } = await load(c, teamId, affiliateId);
      const parsed = parseWith(TeamOverridesBody, {
        campaignId: form.campaignId ?? '',
        affiliateIds: [affiliateId],
        commissionType: optional(form.commissionType),
        commissionValue: numberOrText(form.commissionValue),
        recurringValue: numberOrText(form.recurringValue),
      });
      if (!parsed.ok) return fail(c, teamId, affiliateId, form, parsed.error);
      let input: OverridesInput;
      try {
        input = overridesOf(parsed.value);
      } catch (error) {
        if (error instanceof ApiError) return fail(c, teamId, affiliateId, form, error);
        throw error;
      }
      const result = await deps.roster.setOverrides(c.get('tenant'), teamId, input);
      if (result.isErr()) return fail(c, teamId, affiliateId, form, result.error);
      const campaign = team.campaigns.find((tc) => tc.campaignId === result.value.campaignId)?.name ?? 'the campaign';
      if (result.value.updated === 0) {
        // The API answers 200 with the affiliate under `skipped`; here that is said plainly, and nothing was saved.
        const problem = { message: `Not saved: ${member.name}'s membership on ${campaign} is not linked to this team (it was rejected, or it belongs to another team), so no team rate applies to it.` };
        return ratesPage(c, teamId, affiliateId, { form, problem });
      }
      return done(c, `/dashboard/teams/${teamId}/members/${affiliateId}`, `Own rate on ${campaign} saved.`);
    });
};
