/** @jsxImportSource hono/jsx */
import { Hono } from 'hono';
import { CampaignCell } from '../views/people.js';
import { routeBucket } from '../../../application/account/rate-limit-policy.js';
import type { ManageInvitations } from '../../../application/affiliates/manage-invitations.js';
import type { ListCampaigns } from '../../../application/campaigns/list-campaigns.js';
import type { Clock } from '../../../application/ports/clock.js';
import type { RateLimiter } from '../../../application/ports/rate-limiter.js';
import { INVITATION_STATUSES, type InvitationStatus } from '../../../domain/index.js';
import { ApiError } from '../../http/api-error.js';
import { invitationJson } from '../../http/routes/affiliate.json.js';
import { INVITES_PER_MINUTE } from '../../http/routes/affiliates.routes.js';
import { campaignChoices } from '../campaign-choices.js';
import type { DashboardEnv } from '../dashboard-env.js';
import { done, formOf, guardsRefuse, idOrNotFound, noticeOf, page, pageParams, refusal, throwIfNotFound, type DashboardContext } from '../page-kit.js';
import { ErrorBox, FilterForm, Notice, Pager, SelectField, shortDate, Table, type Problem } from '../views/components.js';
import { CsrfField } from '../views/layout.js';
import { statusLabel } from '../../display/status-labels.js';
import { AskFirst } from '../ask-first.js';
import { dateRangeOf, DateRangeFields } from '../date-range.js';

export interface InvitationPageDependencies {
  readonly manageInvitations: ManageInvitations;
  readonly listCampaigns: ListCampaigns;
  readonly rateLimiter: RateLimiter;
  readonly clock: Clock;
}

const BASE = '/dashboard/affiliates/invitations';

/**
 * The invitations `Invite an affiliate` sent, with what became of them; a pending one can be sent
 * again or revoked (`/affiliates/invitations`'s use case and guards). Mounted before the affiliate
 * detail, whose path would otherwise take `invitations` for an id.
 */
export const invitationRoutes = (deps: InvitationPageDependencies) => {
  const list = async (c: DashboardContext, problem?: Problem | null, status: 200 | 400 | 403 | 409 | 429 = 200) => {
    const tenant = c.get('tenant');
    const { page: pageNo, limit } = pageParams(c);
    const filter = (INVITATION_STATUSES as readonly string[]).includes(c.req.query('status') ?? '') ? (c.req.query('status') as InvitationStatus) : undefined;
    const range = dateRangeOf((name) => c.req.query(name), deps.clock.now());
    const [result, choices] = await Promise.all([
      deps.manageInvitations.list(tenant, { status: filter, createdFrom: range.from, createdBefore: range.to }, { page: pageNo, limit }),
      campaignChoices(deps.listCampaigns, tenant),
    ]);
    const names = new Map(choices.map((ch) => [ch.id, ch.name]));
    const rows = result.items.map(invitationJson);
    const csrf = c.get('webSession')!.csrfToken;
    const back = `${BASE}${new URL(c.req.url).search}`;
    return page(
      c,
      'Invitations',
      '/dashboard/affiliates',
      <>
        <p>
          <a href="/dashboard/affiliates">← Affiliates</a> (invite someone from there)
        </p>
        <Notice text={noticeOf(c)} />
        <ErrorBox problem={problem} />
        <FilterForm action={BASE}>
          <SelectField label="Status" name="status" none="Any status" choices={INVITATION_STATUSES} selected={filter} />
          <DateRangeFields range={range} legend="Invited" />
        </FilterForm>
        <div id="list">
          <Table caption="Invitations, newest first" head={['Invited', 'Campaign', 'Status', { label: 'Last sent', narrow: true }, { label: 'Expires', narrow: true }, 'Actions']} empty={rows.length === 0 && 'No invitations: invite an affiliate by email from the Affiliates page.'}>
            {rows.map((i) => (
              <tr>
                <td>
                  {i.name ? `${i.name} ` : ''}
                  <span class="muted">{i.email}</span>
                </td>
                <td>
                  <CampaignCell id={i.campaignId} names={names} />
                </td>
                <td>{statusLabel(i.status)}</td>
                <td class="hide-narrow">
                  {shortDate(i.sentAt)} ({i.sendCount}×)
                </td>
                <td class="hide-narrow">{shortDate(i.expiresAt)}</td>
                <td>
                  {i.status === 'pending' ? (
                    <div class="actions">
                      {(['resend', 'revoke'] as const).map((action) => (
                        <form method="post" action={`${BASE}/${i.id}/${action}`} class="inline">
                          <CsrfField token={csrf} />
                          <input type="hidden" name="back" value={back} />
                          {action === 'revoke' ? <AskFirst question={`Revoke the invitation of ${i.email}? Its link stops working.`} yes="Yes, revoke" /> : null}
                          <button type="submit" class={action === 'revoke' ? 'danger' : 'secondary'} aria-label={`${action === 'resend' ? 'Resend' : 'Revoke'} the invitation of ${i.email}`}>
                            {action === 'resend' ? 'Resend' : 'Revoke'}
                          </button>
                        </form>
                      ))}
                    </div>
                  ) : null}
                </td>
              </tr>
            ))}
          </Table>
          <Pager base={BASE} params={{ status: filter }} page={result.page} limit={result.limit} total={result.total} />
        </div>
      </>,
      status,
    );
  };

  const act = (action: 'resend' | 'revoke') => async (c: DashboardContext) => {
    const id = idOrNotFound(c.req.param('id'), 'Invitation');
    const form = await formOf(c);
    const fail = (error: Parameters<typeof refusal>[1]) => {
      const r = refusal(c, error);
      return list(c, r.problem, r.status as 409);
    };
    const refused = guardsRefuse(c, ['write']);
    if (refused) return fail(refused);
    if (action === 'resend') {
      // The same budget as sending invitations, as on the API.
      const limit = await deps.rateLimiter.consume(routeBucket(c.get('principal').merchant.id, c.get('tenant').mode, 'affiliates:invite'), INVITES_PER_MINUTE, deps.clock.now());
      if (!limit.allowed) return fail(new ApiError('rate_limit_exceeded', `At most ${INVITES_PER_MINUTE} invitations a minute; try again in ${limit.retryAfterSeconds} seconds`));
    }
    const result = action === 'resend' ? await deps.manageInvitations.resend(c.get('tenant'), id) : await deps.manageInvitations.revoke(c.get('tenant'), id);
    if (result.isErr()) {
      throwIfNotFound(result.error);
      return fail(result.error);
    }
    const back = form.back?.startsWith(BASE) ? form.back : BASE;
    return done(c, back, action === 'resend' ? `Invitation sent again to ${result.value.email}.` : `Invitation of ${result.value.email} revoked.`);
  };

  return new Hono<DashboardEnv>()
    .get('/affiliates/invitations', (c) => list(c))
    .post('/affiliates/invitations/:id/resend', act('resend'))
    .post('/affiliates/invitations/:id/revoke', act('revoke'));
};
