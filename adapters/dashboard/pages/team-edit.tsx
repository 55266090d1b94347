/** @jsxImportSource hono/jsx */
import { Hono } from 'hono';
import type { DomainError, TeamChanges } from '../../../domain/index.js';
import { ApiError } from '../../http/api-error.js';
import { unwrap } from '../../http/routes/team-route-kit.js';
import { teamDetailJson } from '../../http/routes/team.json.js';
import { TeamChangesBody, teamChangesOf } from '../../http/routes/team.input.js';
import type { TeamRouteDependencies } from '../../http/routes/teams.routes.js';
import type { DashboardEnv } from '../dashboard-env.js';
import { done, formOf, guardsRefuse, idOrNotFound, numberOrText, optional, page, parseWith, refusal, throwIfNotFound, type DashboardContext, type Form } from '../page-kit.js';
import { ConfirmDialog, ErrorBox, SelectField, TextField, type Problem } from '../views/components.js';
import { CsrfField } from '../views/layout.js';
import type { TeamPageStatus } from './team-detail.js';
import { RateFields } from './team-forms.js';
import { TEAM_WRITE_GUARDS } from './team-writes.js';

type TeamJson = ReturnType<typeof teamDetailJson>;

const formOfTeam = (team: TeamJson): Form => ({
  name: team.name,
  currency: team.currency,
  baseCommissionType: team.baseCommissionType ?? '',
  baseCommissionValue: team.baseCommissionValue ?? '',
  leaderAffiliateId: team.leaderAffiliateId ?? '',
});

/**
 * The form as `PATCH /teams/:id` takes it: "Campaign's own rate" clears the base rate (`null`), an
 * empty leader clears the leader. Every field is sent; one unchanged changes nothing (the currency
 * included, even once it is locked).
 */
const changesOf = (form: Form) => ({
  name: form.name ?? '',
  currency: optional(form.currency),
  baseCommissionType: optional(form.baseCommissionType),
  baseCommissionValue: optional(form.baseCommissionType) === undefined ? null : numberOrText(form.baseCommissionValue),
  leaderAffiliateId: optional(form.leaderAffiliateId) ?? null,
});

const DeleteDialog = ({ csrf, team }: { csrf: string; team: TeamJson }) => (
  <ConfirmDialog
    id="delete-team"
    name="delete"
    title={`Delete ${team.name}?`}
    text={`Deleting is final: the sales of its members (${team.memberCount}) earn their campaigns' own rates again, its goals and their history go, and its chat becomes a read-only archive.`}
    action={`/dashboard/teams/${team.id}/delete`}
    csrf={csrf}
    confirm="Delete team"
    danger
    cancelHref={`/dashboard/teams/${team.id}/edit`}
  >
    <input type="hidden" name="confirm" value="true" />
  </ConfirmDialog>
);

/** `PATCH` and `DELETE /teams/:id`: rename, currency, team rate and leader; deleting asks once more, and a team with awards is refused as the API refuses it. */
export const teamEditRoutes = (deps: TeamRouteDependencies) => {
  const editPage = async (c: DashboardContext, id: string, extra: { form?: Form; problem?: Problem | null; confirmDelete?: boolean } = {}, status: TeamPageStatus = 200) => {
    const refused = guardsRefuse(c, [TEAM_WRITE_GUARDS[0]]);
    if (refused) throw refused;
    const team = teamDetailJson(unwrap(await deps.reads.get(c.get('tenant'), id)));
    const form = extra.form ?? formOfTeam(team);
    const problem = extra.problem;
    const csrf = c.get('webSession')!.csrfToken;
    const leaders = team.members.filter((m) => !m.isHeadless);
    return page(
      c,
      `Edit ${team.name}`,
      '/dashboard/teams',
      <>
        <p>
          <a href={`/dashboard/teams/${id}`}>← Back to the team</a>
        </p>
        <ErrorBox problem={problem} />
        {extra.confirmDelete ? <DeleteDialog csrf={csrf} team={team} /> : null}
        <section aria-labelledby="settings">
          <h2 id="settings">Settings</h2>
          <form method="post" action={`/dashboard/teams/${id}/edit`} class="stack">
            <CsrfField token={csrf} />
            <TextField form={form} problem={problem} name="name" label="Name" required maxlength={120} />
            <TextField
              form={form}
              problem={problem}
              name="currency"
              label="Currency (3 letters)"
              maxlength={3}
              hint={team.goals.length > 0 ? 'Locked: the team has goals, whose targets and awards are in this currency.' : 'Goals and awards count in it.'}
            />
            <RateFields form={form} problem={problem} />
            <SelectField
              label="Leader"
              name="leaderAffiliateId"
              none="No leader"
              choices={leaders.map((m) => ({ value: m.affiliateId, label: `${m.name} (${m.email})` }))}
              selected={form.leaderAffiliateId}
              problem={problem}
              hint="A member with a login account; members you added without one cannot lead."
            />
            <button type="submit">Save changes</button>
          </form>
        </section>
        <section aria-labelledby="delete">
          <h2 id="delete">Delete the team</h2>
          <p>A team that has awarded bonuses keeps its award history and cannot be deleted; remove its members and cancel its goals instead.</p>
          <form method="post" action={`/dashboard/teams/${id}/delete`} class="actions">
            <CsrfField token={csrf} />
            <button type="submit" class="danger" data-asks-first aria-label={`Delete team ${team.name}`}>
              Delete team
            </button>
          </form>
        </section>
      </>,
      status,
    );
  };

  const fail = (c: DashboardContext, id: string, form: Form | undefined, error: DomainError | ApiError) => {
    throwIfNotFound(error);
    const r = refusal(c, error);
    return editPage(c, id, { form, problem: r.problem }, r.status as TeamPageStatus);
  };

  return new Hono<DashboardEnv>()
    .get('/teams/:id/edit', (c) => editPage(c, idOrNotFound(c.req.param('id'), 'Team')))
    .post('/teams/:id/edit', async (c) => {
      const id = idOrNotFound(c.req.param('id'), 'Team');
      const form = await formOf(c);
      const refused = guardsRefuse(c, TEAM_WRITE_GUARDS);
      if (refused) return fail(c, id, form, refused);
      const parsed = parseWith(TeamChangesBody, changesOf(form));
      if (!parsed.ok) return fail(c, id, form, parsed.error);
      let changes: TeamChanges;
      try {
        changes = teamChangesOf(parsed.value);
      } catch (error) {
        if (error instanceof ApiError) return fail(c, id, form, error);
        throw error;
      }
      const result = await deps.manageTeams.update(c.get('tenant'), id, changes);
      if (result.isErr()) return fail(c, id, form, result.error);
      return done(c, `/dashboard/teams/${id}`, 'Team saved.');
    })
    .post('/teams/:id/delete', async (c) => {
      const id = idOrNotFound(c.req.param('id'), 'Team');
      const form = await formOf(c);
      const refused = guardsRefuse(c, TEAM_WRITE_GUARDS);
      if (refused) return fail(c, id, undefined, refused);
      // Deleting is final: asked once more, as a dialog that sends `confirm`.
      if (form.confirm !== 'true') return editPage(c, id, { confirmDelete: true });
      const result = await deps.manageTeams.delete(c.get('tenant'), id);
      if (result.isErr()) return fail(c, id, undefined, result.error);
      return done(c, '/dashboard/teams', 'Team deleted.');
    });
};
