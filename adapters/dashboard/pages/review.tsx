/** @jsxImportSource hono/jsx */
import { Hono } from 'hono';
import type { Child } from 'hono/jsx';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { RISK_REVIEW_STATUSES, type RiskReviewFilter } from '../../../application/ports/risk-review-queries.js';
import type { ListRiskReviews } from '../../../application/risk/list-risk-reviews.js';
import type { RiskRules } from '../../../application/risk/risk-rules.js';
import { BAN_REASON_MAX, RISK_SIGNALS, type RiskSignal } from '../../../domain/index.js';
import { isUuid } from '../../ids/uuid-v7-generator.js';
import type { ConversionUseCases } from '../../http/routes/conversions.routes.js';
import type { People } from '../affiliate-choices.js';
import type { DashboardEnv } from '../dashboard-env.js';
import { noticeOf, page, pageParams, type DashboardContext } from '../page-kit.js';
import { SIGNAL_WORDS } from '../risk-words.js';
import { ErrorBox, FieldError, FilterForm, invalidIf, Notice, Pager, SelectField, type Problem } from '../views/components.js';
import { CsrfField } from '../views/layout.js';
import { BAN_FORM_ID, REVIEW_STATUS_WORDS, ReviewEntry, SALES_FORM_ID } from '../views/review-item.js';
import { banRoute, unbanRoute, type BanAffiliates, type UnbanAffiliates } from './review-ban.js';
import { decideRoute } from './review-decide.js';
import { RISK_SETTINGS_PATH } from './risk-settings.js';

export const REVIEW_PATH = '/dashboard/review';

export interface ReviewPageDependencies {
  readonly rules: RiskRules;
  readonly reviews: ListRiskReviews;
  readonly conversions: ConversionUseCases;
  readonly people: People;
  readonly ban: BanAffiliates;
  readonly unban: UnbanAffiliates;
}

const KINDS = [
  { value: 'conversion', label: 'Sales' },
  { value: 'affiliate', label: 'Affiliates' },
] as const;
/** Waiting for a decision (the navigation's count) by default; then each status; then everything. */
const STATES: readonly { value: string; label: string }[] = [
  { value: 'open', label: 'Waiting for a decision' },
  ...RISK_REVIEW_STATUSES.map((s) => ({ value: s, label: s === 'flagged' ? 'Flagged affiliates' : s === 'banned' ? 'Banned affiliates' : `${REVIEW_STATUS_WORDS[s]} sales` })),
  { value: 'all', label: 'Everything' },
];

/** The filters in the address; a value the page does not offer is ignored, as an unknown filter shows the default list. */
const filtersOf = (c: DashboardContext) => {
  const signal = RISK_SIGNALS.find((s) => s === c.req.query('signal'));
  const kind = KINDS.find((k) => k.value === c.req.query('kind'))?.value;
  const status = STATES.find((s) => s.value === c.req.query('status'))?.value ?? 'open';
  const filters: RiskReviewFilter = { signal, kind, open: status === 'open', status: RISK_REVIEW_STATUSES.find((s) => s === status) };
  return { filters, params: { signal, kind, status: status === 'open' ? undefined : status } };
};

const emptyText = (filtered: boolean, status: string | undefined, mode: string) => {
  if (filtered) return 'Nothing matches these filters.';
  if (status === undefined)
    return mode === 'test'
      ? 'Nothing waits for review in test mode. Test data skips the risk checks; only held sales (such as unconfirmed script sales) would show here.'
      : 'Nothing waits for review: no sale is held, and every sale or affiliate a check flagged has been decided. New flags appear here as sales and sign-ups arrive.';
  return 'Nothing here yet.';
};

/**
 * `/dashboard/review`: flagged or held sales and flagged affiliates, newest first, each with what the
 * checks found in words and its evidence by name; bulk approve or reject (the conversions' own use
 * case and guards, the 5x question included) and bulk ban, each asked before it happens.
 */
export const reviewRoutes = (deps: ReviewPageDependencies) => {
  const list = async (c: DashboardContext, extra?: { problem?: Problem | null; aside?: Child }, status: ContentfulStatusCode = 200) => {
    const tenant = c.get('tenant');
    const { page: pageNo, limit } = pageParams(c);
    const { filters, params } = filtersOf(c);
    // One after the other: the reads may share the request's connection.
    const result = await deps.reviews.execute(tenant, filters, { page: pageNo, limit });
    // Everything the items and their evidence name, read together: affiliates, then sales (the items' own included, for their order ids).
    const evidence = [...new Set(result.items.flatMap((i) => i.flags.flatMap((f) => f.evidence)).filter(isUuid))];
    const affiliates = await deps.people.names.directory(tenant, [...new Set([...result.items.map((i) => i.affiliateId), ...evidence])]);
    const saleIds = [...new Set([...result.items.filter((i) => i.kind === 'conversion').map((i) => i.id), ...evidence.filter((id) => !affiliates.has(id))])];
    const sales = saleIds.length > 0 ? (await deps.conversions.conversionQueries.list(tenant, { ids: saleIds }, { page: 1, limit: saleIds.length })).items : [];
    const names = {
      affiliates,
      sales: new Map(sales.map((sale) => [sale.id, sale])),
    };
    const csrf = c.get('webSession')!.csrfToken;
    const query = new URL(c.req.url).searchParams;
    query.delete('notice');
    const here = `${REVIEW_PATH}${query.size > 0 ? `?${query.toString()}` : ''}`;
    const filtered = Boolean(params.signal || params.kind);
    const hasSales = result.items.some((i) => i.kind === 'conversion');
    const hasAffiliates = result.items.some((i) => i.kind === 'affiliate' && i.status === 'flagged');
    return page(
      c,
      'Review',
      REVIEW_PATH,
      <>
        <Notice text={noticeOf(c)} />
        <ErrorBox problem={extra?.problem} />
        {extra?.aside}
        <p>
          Sales and affiliates the risk checks flagged, and held sales, newest first. Each says what was found and on what evidence. A flagged sale is never approved automatically.{' '}
          {c.get('user').role === 'owner' ? (
            <>
              Choose what each check does on <a href={RISK_SETTINGS_PATH}>Risk rules</a>.
            </>
          ) : null}
        </p>
        <FilterForm action={REVIEW_PATH}>
          <SelectField label="Check" name="signal" none="Any check" choices={RISK_SIGNALS.map((s: RiskSignal) => ({ value: s, label: SIGNAL_WORDS[s].name }))} selected={params.signal} />
          <SelectField label="Kind" name="kind" none="Sales and affiliates" choices={KINDS.map((k) => ({ value: k.value, label: k.label }))} selected={params.kind} />
          <SelectField label="Status" name="status" choices={STATES.map((s) => ({ value: s.value, label: s.label }))} selected={params.status ?? 'open'} />
        </FilterForm>
        <div id="list">
          {result.items.length === 0 ? (
            <p class="muted" role="status">
              {emptyText(filtered, params.status, tenant.mode)}
            </p>
          ) : (
            <ul class="review-list" aria-label="Items to review, newest first">
              {result.items.map((item) => (
                <ReviewEntry item={item} names={names} csrf={csrf} back={here} />
              ))}
            </ul>
          )}
          <Pager base={REVIEW_PATH} params={params} page={result.page} limit={result.limit} total={result.total} />
          {/* Inside the list: paging with htmx brings the forms its rows need. */}
          {hasSales ? (
            <form method="post" action={`${REVIEW_PATH}/decide`} id={SALES_FORM_ID} class="actions review-bulk" aria-label="With the selected sales">
              <CsrfField token={csrf} />
              <input type="hidden" name="back" value={here} />
              <p class="muted flush">Tick sales, then (a held sale is released first; you are asked before anything changes):</p>
              <button type="submit" name="status" value="approved" class="secondary">
                Approve selected sales
              </button>
              <button type="submit" name="status" value="rejected" class="danger">
                Reject selected sales
              </button>
            </form>
          ) : null}
          {hasAffiliates ? (
            <form method="post" action={`${REVIEW_PATH}/ban`} id={BAN_FORM_ID} class="stack review-bulk" aria-label="With the selected affiliates">
              <CsrfField token={csrf} />
              <input type="hidden" name="back" value={here} />
              <p class="muted flush">Tick affiliates, give the reason, then ban them (you are asked first):</p>
              <label>
                Reason for the ban
                <input name="reason" maxlength={BAN_REASON_MAX} required {...invalidIf(extra?.problem, 'reason')} />
                <span class="muted plain">Kept with the ban and in the audit log; the affiliate does not see it.</span>
                <FieldError problem={extra?.problem} field="reason" />
              </label>
              <div class="actions">
                <button type="submit" class="danger">
                  Ban selected affiliates
                </button>
              </div>
            </form>
          ) : null}
        </div>
      </>,
      status,
    );
  };

  return new Hono<DashboardEnv>()
    .get('/review', (c) => list(c))
    .post('/review/decide', decideRoute(deps.conversions, list))
    .post('/review/ban', banRoute(deps.ban, deps.people, list))
    .post('/review/unban', unbanRoute(deps.unban, deps.people, list));
};
