/** @jsxImportSource hono/jsx */
import { Hono } from 'hono';
import type { People } from '../affiliate-choices.js';
import { CAMPAIGN_SORT_FIELDS, type CampaignSortField } from '../../../application/campaigns/campaign-stats.js';
import { Decimal } from '../../../domain/index.js';
import { ApiError } from '../../http/api-error.js';
import { campaignDetailJson, campaignJson, tiersFromJson } from '../../http/routes/campaign.json.js';
import { CreateCampaignBody, type CampaignUseCases } from '../../http/routes/campaigns.routes.js';
import { affiliateListItemJson } from '../../http/routes/affiliate.json.js';
import type { AffiliateRouteDependencies } from '../../http/routes/affiliates.routes.js';
import type { DashboardEnv } from '../dashboard-env.js';
import { checked, done, formOf, guardsRefuse, idOrNotFound, noticeOf, numberOrText, optional, page, pageParams, parseWith, refusal, type DashboardContext, type Form } from '../page-kit.js';
import { AutoApproveCommissionsField, COMMISSION_TYPE_CHOICES, commissionTypeShown } from '../views/campaign-fields.js';
import { countOf, ErrorBox, Notice, Pager, SelectField, shortDate, Table, type Problem } from '../views/components.js';
import { RecentConversions } from '../views/conversion-table.js';
import { CsrfField } from '../views/layout.js';
import { CampaignActions } from './campaign-edit.js';
import { statusLabel } from '../../display/status-labels.js';
import type { GetCampaignPerformance } from '../../../application/campaigns/campaign-performance.js';
import { dateRangeOf } from '../date-range.js';
import { campaignPeriod, CampaignPerformanceView } from './campaign-performance.js';

// `POST /campaigns`' guards, in its order (below Ultimate the plan answers, not the read-only key).
const CREATE_GUARDS = [{ plan: 'ultimate', feature: 'Creating campaigns' }, 'write', { live: 'Creating campaigns' }] as const;

const CreateForm = ({ c, form, problem }: { c: DashboardContext; form?: Form; problem?: Problem | null }) => (
  <section class="panel" aria-labelledby="new-campaign">
    <h2 id="new-campaign">New campaign</h2>
    <ErrorBox problem={problem} />
    <form method="post" action="/dashboard/campaigns" class="stack">
      <CsrfField token={c.get('webSession')!.csrfToken} />
      <label>
        Name
        <input name="name" required minlength={2} maxlength={200} value={form?.name ?? ''} />
      </label>
      <SelectField label="Commission type" name="commissionType" choices={COMMISSION_TYPE_CHOICES} selected={commissionTypeShown(form?.commissionType)} />
      <label>
        Commission value
        <input name="commissionValue" inputmode="decimal" required value={form?.commissionValue ?? ''} />
      </label>
      <label>
        Landing page URL
        <input name="targetUrl" type="url" value={form?.targetUrl ?? ''} />
      </label>
      <AutoApproveCommissionsField selected={form?.autoApproveCommissionsAfterDays} />
      <label class="check">
        <input type="checkbox" name="autoApproveAffiliates" checked={checked(form?.autoApproveAffiliates)} /> Approve affiliates who join automatically
      </label>
      <label class="check">
        <input type="checkbox" name="isPublic" checked={checked(form?.isPublic)} /> Listed publicly for affiliates to join
      </label>
      <button type="submit">Create campaign</button>
    </form>
  </section>
);

export const campaignRoutes = (campaigns: CampaignUseCases, affiliates: Pick<AffiliateRouteDependencies, 'listAffiliates'>, people: People, performance: GetCampaignPerformance) => {
  const list = async (c: DashboardContext, form?: Form, problem?: Problem | null, status: 200 | 400 | 403 | 404 | 409 | 422 = 200) => {
    const { page: pageNo, limit } = pageParams(c);
    const sortRaw = c.req.query('sort') ?? 'createdAt:desc';
    const [field, direction] = sortRaw.split(':');
    const sort = (CAMPAIGN_SORT_FIELDS as readonly string[]).includes(field ?? '') ? { field: field as CampaignSortField, direction: direction === 'asc' ? ('asc' as const) : ('desc' as const) } : { field: 'createdAt' as const, direction: 'desc' as const };
    const result = await campaigns.listCampaigns.execute(c.get('tenant'), { page: pageNo, limit }, sort);
    const rows = result.items.map(campaignJson);
    const sortValue = `${sort.field}:${sort.direction}`;
    return page(
      c,
      'Campaigns',
      '/dashboard/campaigns',
      <>
        <Notice text={noticeOf(c)} />
        <form method="get" action="/dashboard/campaigns" class="filters">
          <label>
            Sort by
            <select name="sort">
              {CAMPAIGN_SORT_FIELDS.flatMap((f) => [`${f}:desc`, `${f}:asc`]).map((s) => (
                <option value={s} selected={s === sortValue}>
                  {s.replace(':desc', ', highest / newest first').replace(':asc', ', lowest / oldest first')}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" class="secondary">
            Sort
          </button>
        </form>
        <CreateForm c={c} form={form} problem={problem} />
        <div id="list">
          <Table caption="Campaigns" head={['Name', 'Status', 'Commission', { label: 'Conversions', num: true }, { label: 'Revenue by currency', num: true, narrow: true }, { label: 'Affiliates', num: true, narrow: true }]} empty={rows.length === 0 && 'No campaigns yet: create your first one above, then add or invite affiliates to it.'}>
            {rows.map((r) => (
              <tr>
                <td>
                  <a href={`/dashboard/campaigns/${r.id}`}>{r.name}</a>
                </td>
                <td>{statusLabel(r.status)}</td>
                <td>{r.commissionType === 'percentage' ? `${r.commissionValue}%` : r.commissionValue}</td>
                <td class="num">{r.conversions}</td>
                <td class="num hide-narrow">{r.byCurrency.map((b) => `${b.revenue} ${b.currency.toUpperCase()}`).join(', ') || '—'}</td>
                <td class="num hide-narrow">{r.affiliateCount}</td>
              </tr>
            ))}
          </Table>
          <Pager base="/dashboard/campaigns" params={{ sort: sortValue }} page={result.page} limit={result.limit} total={result.total} />
        </div>
      </>,
      status,
    );
  };

  return new Hono<DashboardEnv>()
    .get('/campaigns', (c) => list(c))
    .post('/campaigns', async (c) => {
      const form = await formOf(c);
      const refused = guardsRefuse(c, CREATE_GUARDS);
      if (refused) {
        const r = refusal(c, refused);
        return list(c, form, r.problem, r.status as 403);
      }
      const parsed = parseWith(CreateCampaignBody, {
        name: form.name,
        commissionType: form.commissionType,
        commissionValue: numberOrText(form.commissionValue),
        targetUrl: optional(form.targetUrl) ?? null,
        autoApproveCommissionsAfterDays: form.autoApproveCommissionsAfterDays ? numberOrText(form.autoApproveCommissionsAfterDays) : null,
        autoApproveAffiliates: checked(form.autoApproveAffiliates),
        isPublic: checked(form.isPublic),
      });
      if (!parsed.ok) {
        const r = refusal(c, parsed.error);
        return list(c, form, r.problem, r.status as 400);
      }
      const body = parsed.value;
      const { actor, merchant } = c.get('principal');
      const result = await campaigns.createCampaign.execute({
        merchantId: merchant.id,
        actor,
        campaign: { ...body, commissionValue: new Decimal(String(body.commissionValue)), commissionTiers: tiersFromJson(body.commissionTiers ?? null) },
      });
      if (result.isErr()) {
        const r = refusal(c, result.error);
        return list(c, form, r.problem, r.status as 400);
      }
      return done(c, `/dashboard/campaigns/${result.value.campaign.id}`, 'Campaign created.');
    })
    .get('/campaigns/:id', async (c) => {
      const id = idOrNotFound(c.req.param('id'), 'Campaign');
      const result = await campaigns.getCampaign.execute(c.get('tenant'), id);
      if (result.isErr()) throw ApiError.from(result.error);
      const d = campaignDetailJson(result.value);
      const linksPage = pageParams(c);
      const members = await affiliates.listAffiliates.browse({
        tenant: c.get('tenant'),
        merchant: c.get('principal').merchant,
        filter: { campaignId: id, status: 'approved' },
        sort: { field: 'joinedAt', direction: 'desc' },
        page: linksPage,
      });
      if (members.isErr()) throw ApiError.from(members.error);
      const links = members.value.items.map(affiliateListItemJson);
      const range = dateRangeOf((name) => c.req.query(name) || undefined, people.clock.now());
      const period = campaignPeriod(range, people.clock.now());
      const [named, perf] = await Promise.all([
        people.names.directory(c.get('tenant'), d.recentConversions.map((r) => r.affiliateId)),
        performance.execute(c.get('tenant'), id, period.from, period.to),
      ]);
      return page(
        c,
        d.name,
        '/dashboard/campaigns',
        <>
          <Notice text={noticeOf(c)} />
          <CampaignActions c={c} campaign={d} />
          <dl>
            <dt>Status</dt>
            <dd>
              {statusLabel(d.status)}
              {d.endsAt ? ` · ends ${shortDate(d.endsAt)} UTC` : ''}
            </dd>
            <dt>Commission</dt>
            <dd>{d.commissionType === 'percentage' ? `${d.commissionValue}% of each sale` : `${d.commissionValue} per sale`}</dd>
            <dt>Tracking code</dt>
            <dd>
              <code>{d.trackingCode}</code>
            </dd>
            <dt>Automatic commission approval</dt>
            <dd>{d.autoApproveCommissionsAfterDays ? `after ${d.autoApproveCommissionsAfterDays} days` : 'off'}</dd>
            <dt>Conversions</dt>
            <dd>
              {countOf(d.conversions, 'conversion')} ({d.byCurrency.map((b) => `${b.revenue} ${b.currency.toUpperCase()}`).join(', ') || 'no revenue yet'})
            </dd>
          </dl>
          <CampaignPerformanceView campaignId={d.id} range={range} period={period} perf={perf} />
          <h2>Recruit affiliates</h2>
          {d.isPublic ? (
            <p>
              Public join link: <code>{`${people.trackingLinks.portalBase(c.get('principal').merchant)}/c/${d.trackingCode}`}</code>{' '}
              <button type="button" class="secondary" data-copy={`${people.trackingLinks.portalBase(c.get('principal').merchant)}/c/${d.trackingCode}`} aria-label="Copy the public join link">
                Copy
              </button>
            </p>
          ) : (
            <p class="muted">This campaign is not listed publicly: affiliates join it by invitation (or make it public in Edit).</p>
          )}
          <p>
            <a class="button" href={`/dashboard/affiliates?invite=${d.id}#invite-affiliate`}>
              Invite an affiliate to {d.name}
            </a>
          </p>
          <h2>Tracking links</h2>
          <div id="links">
            <Table caption="Tracking links of approved affiliates, newest first" head={['Affiliate', 'Link']} empty={links.length === 0 && 'No approved affiliates yet: invite one with the button above, or approve a pending one on the Affiliates page.'}>
              {links.map((a) => (
                <tr>
                  <td>
                    <a href={`/dashboard/affiliates/${a.id}`}>{a.name ?? a.email}</a>
                  </td>
                  <td>
                    <code>{a.trackingLink}</code>{' '}
                    <button type="button" class="secondary" data-copy={a.trackingLink} aria-label={`Copy the link of ${a.name ?? a.email}`}>
                      Copy
                    </button>
                  </td>
                </tr>
              ))}
            </Table>
            <Pager base={`/dashboard/campaigns/${d.id}`} params={{}} page={members.value.page} limit={members.value.limit} hasMore={members.value.hasMore} target="links" />
          </div>
          <p>
            <a href={`/dashboard/affiliates?campaignId=${d.id}`}>All affiliates of this campaign</a>
          </p>
          <RecentConversions rows={d.recentConversions} affiliates={named} />
          <p>
            <a href={`/dashboard/conversions?campaignId=${d.id}`}>All conversions of this campaign</a>
          </p>
        </>,
      );
    });
};
