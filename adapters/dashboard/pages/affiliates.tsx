/** @jsxImportSource hono/jsx */
import { Hono } from 'hono';
import { routeBucket } from '../../../application/account/rate-limit-policy.js';
import { AFFILIATE_SORT_FIELDS, type AffiliateListFilter, type AffiliateSortField } from '../../../application/ports/affiliate-queries.js';
import { dateRangeOf, DateRangeFields, rangeParams } from '../date-range.js';
import type { ListCampaigns } from '../../../application/campaigns/list-campaigns.js';
import type { Clock } from '../../../application/ports/clock.js';
import type { RateLimiter } from '../../../application/ports/rate-limiter.js';
import { ApiError } from '../../http/api-error.js';
import { affiliateDetailJson, affiliateListItemJson } from '../../http/routes/affiliate.json.js';
import { CreateAffiliateBody, EditAffiliateBody, INVITES_PER_MINUTE, InviteAffiliateBody, type AffiliateRouteDependencies } from '../../http/routes/affiliates.routes.js';
import { campaignChoices } from '../campaign-choices.js';
import type { DashboardEnv } from '../dashboard-env.js';
import { done, formOf, guardsRefuse, idOrNotFound, noticeOf, page, pageParams, parseWith, refusal, throwIfNotFound, type DashboardContext, type Form } from '../page-kit.js';
import { choicesOf, ErrorBox, FilterForm, Notice, Pager, SelectField, shortDate, Table, type Problem } from '../views/components.js';
import { CsrfField } from '../views/layout.js';
import { payoutMethodName } from '../../display/names.js';
import { streamCsv } from '../csv.js';
import type { GetAffiliateProfile } from '../../../application/affiliates/affiliate-profile.js';
import { AffiliateProfileView } from './affiliate-profile.js';
import { AffiliateRecordForm, tagsOf } from './affiliate-record-form.js';
import { statusLabel } from '../../display/status-labels.js';
import { AskFirst } from '../ask-first.js';
import { SIGNAL_WORDS } from '../risk-words.js';

export interface AffiliatePageDependencies {
  readonly affiliates: Omit<AffiliateRouteDependencies, 'rateLimiter' | 'clock'>;
  readonly listCampaigns: ListCampaigns;
  readonly rateLimiter: RateLimiter;
  readonly clock: Clock;
  readonly profile: GetAffiliateProfile;
}

/** The membership moves the state machine allows from each status (`PATCH /affiliates/:id`). */
const MEMBERSHIP_ACTIONS: Record<'approved' | 'pending' | 'rejected' | 'suspended', readonly (readonly ['approved' | 'rejected' | 'suspended', string])[]> = {
  pending: [
    ['approved', 'Approve'],
    ['rejected', 'Reject'],
  ],
  approved: [['suspended', 'Suspend']],
  suspended: [['approved', 'Reinstate']],
  rejected: [['approved', 'Approve']],
};

/** The list's filters from the address (campaign, status, tag, when the membership began), shared by the page and its CSV. */
const listFilterOf = (c: DashboardContext, clock: Clock) => {
  const q = (name: string) => c.req.query(name) || undefined;
  const status = q('status') === 'pending' || q('status') === 'approved' ? (q('status') as 'pending' | 'approved') : undefined;
  const campaignId = q('campaignId');
  const tag = q('tag')?.trim().slice(0, 32) || undefined;
  const range = dateRangeOf(q, clock.now());
  const filter: AffiliateListFilter = { campaignId: campaignId ? idOrNotFound(campaignId, 'Campaign') : undefined, status, tag, joinedFrom: range.from, joinedTo: range.to };
  const params: Record<string, string> = { ...(campaignId ? { campaignId } : {}), ...(status ? { status } : {}), ...(tag ? { tag } : {}), ...rangeParams(range) };
  return { filter, params, range };
};

export const affiliateRoutes = (deps: AffiliatePageDependencies) => {
  const list = async (c: DashboardContext, form?: Form, problem?: Problem | null, status: 200 | 400 | 403 | 404 | 409 | 429 = 200) => {
    const tenant = c.get('tenant');
    const { page: pageNo, limit } = pageParams(c);
    const { filter, params, range } = listFilterOf(c, deps.clock);
    const [field, direction] = (c.req.query('sort') ?? 'joinedAt:desc').split(':');
    const sort = (AFFILIATE_SORT_FIELDS as readonly string[]).includes(field ?? '') ? { field: field as AffiliateSortField, direction: direction === 'asc' ? ('asc' as const) : ('desc' as const) } : { field: 'joinedAt' as const, direction: 'desc' as const };
    const [result, choices] = await Promise.all([
      deps.affiliates.listAffiliates.browse({
        tenant,
        merchant: c.get('principal').merchant,
        filter,
        sort,
        page: { page: pageNo, limit },
      }),
      campaignChoices(deps.listCampaigns, tenant),
    ]);
    const campaignId = params.campaignId;
    const statusFilter = filter.status;
    if (result.isErr()) throw ApiError.from(result.error);
    const rows = result.value.items.map(affiliateListItemJson);
    const csrf = c.get('webSession')!.csrfToken;
    return page(
      c,
      'Affiliates',
      '/dashboard/affiliates',
      <>
        <Notice text={noticeOf(c)} />
        <ErrorBox problem={problem} />
        <div class="panels">
        {(['create', 'invite'] as const).map((kind) => (
          <section class="panel" aria-labelledby={`${kind}-affiliate`}>
            <h2 id={`${kind}-affiliate`}>{kind === 'create' ? 'Add an affiliate (approved at once, no login)' : 'Invite an affiliate by email'}</h2>
            <form method="post" action={`/dashboard/affiliates/${kind}`} class="stack">
              <CsrfField token={csrf} />
              <label>
                Email
                <input type="email" name="email" required value={form?.kind === kind ? (form.email ?? '') : ''} />
              </label>
              <label>
                Name
                <input name="name" value={form?.kind === kind ? (form.name ?? '') : ''} />
              </label>
              <SelectField label="Campaign" name="campaignId" choices={choicesOf(choices)} selected={form?.campaignId ?? c.req.query('invite')} required />
              <input type="hidden" name="kind" value={kind} />
              <button type="submit">{kind === 'create' ? 'Add affiliate' : 'Send invitation'}</button>
            </form>
          </section>
        ))}
        </div>
        <FilterForm
          action="/dashboard/affiliates"
          after={
            <>
              <a href={`/dashboard/affiliates.csv${Object.keys(params).length > 0 ? `?${new URLSearchParams(params).toString()}` : ''}`} download>
                Export CSV
              </a>
              <a href="/dashboard/affiliates/invitations">Invitations sent</a>
            </>
          }
        >
          <SelectField label="Campaign" name="campaignId" none="All campaigns" choices={choicesOf(choices)} selected={campaignId} />
          <SelectField
            label="Status"
            name="status"
            none="Pending and approved"
            choices={[
              { value: 'pending', label: 'Pending' },
              { value: 'approved', label: 'Approved' },
            ]}
            selected={statusFilter}
          />
          <label>
            Tag
            <input name="tag" value={params.tag ?? ''} maxlength={32} />
          </label>
          <DateRangeFields range={range} legend="Joined" />
        </FilterForm>
        <div id="list">
          <Table caption="Affiliates by campaign membership" head={['Affiliate', 'Campaign', 'Status', { label: 'Joined', narrow: true }, 'Actions']} empty={rows.length === 0 && 'No affiliates match: add or invite one above, or change the filters.'}>
            {rows.map((a) => (
              <tr>
                <td>
                  <a href={`/dashboard/affiliates/${a.id}`}>{a.name ?? a.email}</a>
                  <div class="muted">{a.email}</div>
                  {a.tags.length > 0 ? <div class="muted">Tags: {a.tags.join(', ')}</div> : null}
                </td>
                <td>{a.campaignName}</td>
                <td>{statusLabel(a.status)}</td>
                <td class="hide-narrow">{shortDate(a.joinedAt)}</td>
                <td>
                  {a.status === 'pending' ? (
                    <div class="actions">
                      {(['approved', 'rejected'] as const).map((decision) => (
                        <form method="post" action={`/dashboard/affiliates/${a.id}/decision`} class="inline">
                          <CsrfField token={csrf} />
                          <input type="hidden" name="campaignId" value={a.campaignId} />
                          <input type="hidden" name="status" value={decision} />
                          {decision === 'rejected' ? <AskFirst question={`Reject ${a.name ?? a.email} on ${a.campaignName}?`} yes="Yes, reject" /> : null}
                          <button type="submit" class={decision === 'rejected' ? 'danger' : undefined} aria-label={`${decision === 'approved' ? 'Approve' : 'Reject'} ${a.name ?? a.email} on ${a.campaignName}`}>
                            {decision === 'approved' ? 'Approve' : 'Reject'}
                          </button>
                        </form>
                      ))}
                    </div>
                  ) : (
                    <button type="button" class="secondary" data-copy={a.trackingLink} aria-label={`Copy link of ${a.name ?? a.email}`}>
                      Copy link
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </Table>
          <Pager base="/dashboard/affiliates" params={{ ...params, sort: `${sort.field}:${sort.direction}` }} page={result.value.page} limit={result.value.limit} hasMore={result.value.hasMore} />
        </div>
      </>,
      status,
    );
  };

  const fail = (c: DashboardContext, form: Form, error: Parameters<typeof refusal>[1]) => {
    const r = refusal(c, error);
    return list(c, form, r.problem, r.status as 400);
  };

  const profilePage = async (c: DashboardContext, id: string, form?: Form, problem?: Problem | null, status: 200 | 400 | 409 = 200) => {
      const result = await deps.profile.execute(c.get('tenant'), c.get('principal').merchant, idOrNotFound(id, 'Affiliate'));
      if (result.isErr()) throw ApiError.from(result.error);
      const d = affiliateDetailJson(result.value.detail);
      const flags = (await deps.affiliates.riskFlags.forSubjects(c.get('tenant'), 'affiliate', [result.value.detail.affiliate.id])).get(result.value.detail.affiliate.id) ?? [];
      return page(
        c,
        d.name,
        '/dashboard/affiliates',
        <>
          <Notice text={noticeOf(c)} />
          <ErrorBox problem={problem} />
          <p>
            {d.email} · {d.createdVia === 'api' ? 'added by the merchant (no login)' : 'signed up'} · payout details {d.payoutDetailsCompleted ? `complete (${payoutMethodName(d.payoutMethod)})` : 'missing'}
          </p>
          <AffiliateRecordForm detail={d} form={form} problem={problem} csrf={c.get('webSession')!.csrfToken} />
          <AffiliateProfileView profile={result.value} detail={d} />
          <h2>Risk flags</h2>
          {flags.length === 0 ? (
            <p class="muted">None: the risk checks found nothing about this affiliate.</p>
          ) : (
            <>
              <ul class="review-flags">
                {flags.map((f) => (
                  <li>
                    <strong>{SIGNAL_WORDS[f.code].name}:</strong> {f.message} <span class="muted">(since {shortDate(f.createdAt.toISOString())})</span>
                  </li>
                ))}
              </ul>
              <p>
                <a href="/dashboard/review?kind=affiliate">Decide on the Review page</a>
              </p>
            </>
          )}
          <h2>Campaigns</h2>
          <Table caption="Campaign memberships" head={['Campaign', 'Status', 'Joined', 'Actions']}>
            {d.campaigns.map((m) => (
              <tr>
                <td>
                  <a href={`/dashboard/campaigns/${m.campaignId}`}>{m.campaignName}</a>
                </td>
                <td>{statusLabel(m.status)}</td>
                <td>{shortDate(m.joinedAt)}</td>
                <td>
                  <div class="actions">
                    {MEMBERSHIP_ACTIONS[m.status].map(([status, label]) => (
                      <form method="post" action={`/dashboard/affiliates/${d.id}/decision`} class="inline">
                        <CsrfField token={c.get('webSession')!.csrfToken} />
                        <input type="hidden" name="campaignId" value={m.campaignId} />
                        <input type="hidden" name="status" value={status} />
                        <input type="hidden" name="back" value={`/dashboard/affiliates/${d.id}`} />
                        {status === 'approved' ? null : <AskFirst question={`${label} on ${m.campaignName}? Their sales there stop earning.`} yes={`Yes, ${label.toLowerCase()}`} />}
                        <button type="submit" class={status === 'approved' ? undefined : 'danger'} aria-label={`${label} on ${m.campaignName}`}>
                          {label}
                        </button>
                      </form>
                    ))}
                  </div>
                </td>
              </tr>
            ))}
          </Table>
          <p>
            <a href={`/dashboard/conversions?affiliateId=${d.id}`}>Conversions of this affiliate</a> · <a href={`/dashboard/conversions.csv?affiliateId=${d.id}`}>Export them as CSV</a> · <a href={`/dashboard/clicks.csv?affiliateId=${d.id}`}>Export this affiliate's clicks as CSV</a>
          </p>
        </>,
        status,
      );
  };

  return new Hono<DashboardEnv>()
    .get('/affiliates', (c) => list(c))
    .get('/affiliates.csv', async (c) => {
      const tenant = c.get('tenant');
      const merchant = c.get('principal').merchant;
      const { filter } = listFilterOf(c, deps.clock);
      // The list's own read, a page at a time, each written before the next is read.
      async function* rows() {
        for (let pageNo = 1; ; pageNo += 1) {
          const result = await deps.affiliates.listAffiliates.browse({ tenant, merchant, filter, sort: { field: 'joinedAt', direction: 'desc' }, page: { page: pageNo, limit: 100 } });
          if (result.isErr()) throw ApiError.from(result.error);
          yield result.value.items.map(affiliateListItemJson).map((a) => [a.id, a.name ?? '', a.email, a.campaignName, a.campaignId, a.status, a.joinedAt, a.trackingLink, a.tags.join('; '), a.payoutEmail ?? '']);
          if (!result.value.hasMore) return;
        }
      }
      return streamCsv(c, `affiliates-${tenant.mode}.csv`, ['id', 'name', 'email', 'campaignName', 'campaignId', 'status', 'joinedAt', 'trackingLink', 'tags', 'payoutEmail'], rows());
    })
    .post('/affiliates/create', async (c) => {
      const form = await formOf(c);
      const refused = guardsRefuse(c, [{ plan: 'ultimate', feature: 'Creating affiliates' }, 'write']);
      if (refused) return fail(c, form, refused);
      const parsed = parseWith(CreateAffiliateBody, { email: form.email, name: form.name || undefined, campaignId: form.campaignId });
      if (!parsed.ok) return fail(c, form, parsed.error);
      const result = await deps.affiliates.createAffiliate.execute({ tenant: c.get('tenant'), email: parsed.value.email, name: parsed.value.name, campaignId: idOrNotFound(parsed.value.campaignId, 'Campaign') });
      if (result.isErr()) return fail(c, form, result.error);
      return done(c, `/dashboard/affiliates/${result.value.affiliate.id}`, 'Affiliate added.');
    })
    .post('/affiliates/invite', async (c) => {
      const form = await formOf(c);
      const refused = guardsRefuse(c, ['write']);
      if (refused) return fail(c, form, refused);
      const limit = await deps.rateLimiter.consume(routeBucket(c.get('principal').merchant.id, c.get('tenant').mode, 'affiliates:invite'), INVITES_PER_MINUTE, deps.clock.now());
      if (!limit.allowed) return fail(c, form, new ApiError('rate_limit_exceeded', `At most ${INVITES_PER_MINUTE} invitations a minute; try again in ${limit.retryAfterSeconds} seconds`));
      const parsed = parseWith(InviteAffiliateBody, { email: form.email, name: form.name || undefined, campaignId: form.campaignId });
      if (!parsed.ok) return fail(c, form, parsed.error);
      const result = await deps.affiliates.inviteAffiliate.execute({ tenant: c.get('tenant'), email: parsed.value.email, name: parsed.value.name, campaignId: idOrNotFound(parsed.value.campaignId, 'Campaign') });
      if (result.isErr()) return fail(c, form, result.error);
      return done(c, '/dashboard/affiliates', `Invitation sent to ${parsed.value.email}.`);
    })
    .post('/affiliates/:id/decision', async (c) => {
      const form = await formOf(c);
      const refused = guardsRefuse(c, ['write']);
      if (refused) return fail(c, form, refused);
      const status = form.status === 'approved' || form.status === 'rejected' || form.status === 'suspended' ? form.status : null;
      if (!status) return fail(c, form, new ApiError('validation_error', 'Choose an action', [{ field: 'status', message: 'must be approved, rejected or suspended' }]));
      const result = await deps.affiliates.decideMembership.execute({
        tenant: c.get('tenant'),
        merchant: c.get('principal').merchant,
        affiliateId: idOrNotFound(c.req.param('id'), 'Affiliate'),
        campaignId: idOrNotFound(form.campaignId, 'Campaign'),
        status,
      });
      if (result.isErr()) {
        throwIfNotFound(result.error);
        return fail(c, form, result.error);
      }
      const back = form.back?.startsWith('/dashboard/affiliates/') ? form.back : '/dashboard/affiliates';
      return done(c, back, `${result.value.affiliate.name ?? result.value.affiliate.email} ${status} on ${result.value.campaignName}.`);
    })
    .get('/affiliates/:id', (c) => profilePage(c, c.req.param('id')))
    .post('/affiliates/:id/edit', async (c) => {
      const id = c.req.param('id');
      const form = await formOf(c);
      const fail = (error: Parameters<typeof refusal>[1]) => {
        const r = refusal(c, error);
        return profilePage(c, id, form, r.problem, r.status as 400);
      };
      const refused = guardsRefuse(c, ['write']);
      if (refused) return fail(refused);
      const parsed = parseWith(EditAffiliateBody, { name: form.name, email: form.email || undefined, notes: form.notes ?? '', tags: tagsOf(form.tags) });
      if (!parsed.ok) return fail(parsed.error);
      const result = await deps.affiliates.editAffiliate.execute({ tenant: c.get('tenant'), affiliateId: idOrNotFound(id, 'Affiliate'), ...parsed.value });
      if (result.isErr()) {
        throwIfNotFound(result.error);
        return fail(result.error);
      }
      return done(c, `/dashboard/affiliates/${result.value.id}`, 'Affiliate saved.');
    });
};
