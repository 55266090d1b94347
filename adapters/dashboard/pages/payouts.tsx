/** @jsxImportSource hono/jsx */
import { Hono } from 'hono';
import type { Child } from 'hono/jsx';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ManualPayouts } from '../../../application/payouts/manual-payouts.js';
import type { PayoutQueries } from '../../../application/ports/payout-queries.js';
import { OPEN_PAYOUT_STATUSES, PAYOUT_STATUSES, type PayoutMethod, type PayoutStatus } from '../../../domain/index.js';
import { ApiError } from '../../http/api-error.js';
import { payoutJson } from '../../http/routes/payout.json.js';
import type { DashboardEnv } from '../dashboard-env.js';
import { done, formOf, guardsRefuse, idOrNotFound, noticeOf, optional, page, pageParams, refusal, throwIfNotFound, type Guard, type DashboardContext } from '../page-kit.js';
import { ErrorBox, FilterForm, Notice, Pager, SelectField, shortDate, Table, type Problem } from '../views/components.js';
import { CsrfField } from '../views/layout.js';
import { markSeveralHandler, MarkSeveralForm } from './payout-mark-several.js';
import { EXPORT_GUARDS, ExportForm, payoutExportHandler } from './payout-export.js';
import { payoutMethodName } from '../../display/names.js';
import type { People } from '../affiliate-choices.js';
import { AffiliateCell, AffiliatePicker } from '../views/people.js';
import { dateRangeOf, DateRangeFields } from '../date-range.js';
import { streamCsv } from '../csv.js';
import { queryOf } from './conversion-filters.js';
import { statusLabel, statusChoices } from '../../display/status-labels.js';
import { payoutReasonText } from '../../display/payout-reasons.js';

export interface PayoutPageDependencies {
  readonly payoutQueries: PayoutQueries;
  /** The merchant's manual path, as `POST /payouts/mark-paid` uses it. */
  readonly manual: ManualPayouts;
}

/** `POST /payouts/mark-paid`'s guards, in its order. */
const MARK_PAID_GUARDS: readonly Guard[] = [{ plan: 'ultimate', feature: 'Payout actions' }, 'write', 'managePayouts'];
/** The methods a merchant pays by hand (connected-account payouts are settled with their transfer id by the operator). */
const MANUAL_METHODS = ['wallet_a', 'transfer_b'] as const satisfies readonly PayoutMethod[];

const OPEN = new Set<string>(OPEN_PAYOUT_STATUSES);
const CSV_COLUMNS = ['id', 'conversionId', 'campaignId', 'affiliateId', 'amount', 'currency', 'status', 'scheduledDate', 'attempts', 'completedAt', 'failureReason', 'createdAt'] as const;
/** After the API's columns (the `id` column stays first: Mark several paid reads it back), who is paid and where. */
const NAME_COLUMNS = ['affiliateName', 'affiliateEmail', 'payoutEmail'] as const;
const EXPORT_PAGE = 100;

/** The payout queue: filter, CSV export, the PayPal / Wise batch file, and marking rows paid by hand, one or several at once (how headless affiliates are paid). */
export const payoutRoutes = (deps: PayoutPageDependencies, people: People) => {
  const statusOf = (c: DashboardContext): PayoutStatus | undefined => ((PAYOUT_STATUSES as readonly string[]).includes(c.req.query('status') ?? '') ? (c.req.query('status') as PayoutStatus) : undefined);
  /** The list's filters: status, affiliate (picked by name or email), due date. */
  const viewOf = async (c: DashboardContext) => {
    const typed = c.req.query('affiliate')?.trim() ?? '';
    const affiliateId = typed === '' ? undefined : ((await people.names.resolve(c.get('tenant'), typed)) ?? null);
    const range = dateRangeOf((name) => c.req.query(name), people.clock.now());
    const status = statusOf(c);
    return { filter: { status, affiliateId: affiliateId ?? undefined, from: range.from, to: range.to }, unknown: affiliateId === null, range, typed, params: { status, affiliate: typed || undefined, ...range.params } };
  };

  const list = async (c: DashboardContext, extra: { problem?: Problem | null; notice?: string; aside?: Child } = {}, status: ContentfulStatusCode = 200) => {
    const refused = guardsRefuse(c, [{ plan: 'professional', feature: 'Payout reads' }]);
    if (refused) throw refused;
    const { page: pageNo, limit } = pageParams(c);
    const view = await viewOf(c);
    const result = view.unknown ? { items: [], total: 0, page: pageNo, limit } : await deps.payoutQueries.list(c.get('tenant'), view.filter, { page: pageNo, limit });
    const rows = result.items.map(payoutJson);
    const affiliates = await people.names.directory(c.get('tenant'), rows.map((p) => p.affiliateId));
    const csrf = c.get('webSession')!.csrfToken;
    // Offered only to whom the API would let mark rows paid; a forged post meets the same guards.
    const mayMarkPaid = guardsRefuse(c, MARK_PAID_GUARDS) === null;
    return page(
      c,
      'Payouts',
      '/dashboard/payouts',
      <>
        <Notice text={extra.notice ?? noticeOf(c)} />
        <ErrorBox problem={extra.problem} />
        {extra.aside}
        <FilterForm
          action="/dashboard/payouts"
          after={
            <a href={`/dashboard/payouts.csv${queryOf(view.params)}`} download>
              Export CSV
            </a>
          }
        >
          <SelectField label="Status" name="status" none="Any status" choices={statusChoices(PAYOUT_STATUSES)} selected={view.filter.status} />
          <AffiliatePicker name="affiliate" label="Affiliate" value={view.typed} offered={[]} />
          <DateRangeFields range={view.range} />
        </FilterForm>
        <div id="list">
          {mayMarkPaid ? null : <p class="muted">Marking payouts paid by hand needs the Ultimate plan or above and, for team members, the Manage payouts permission.</p>}
          <Table caption="Payout queue, newest first" head={['Due', { label: 'Affiliate', narrow: true }, { label: 'Amount', num: true }, 'Status', 'Mark paid']} empty={rows.length === 0 && 'No payouts here: approved commissions are queued on the payout day, once the holding days have passed.'}>
            {rows.map((p) => (
              <tr>
                <td>{shortDate(p.scheduledDate)}</td>
                <td class="hide-narrow">
                  <AffiliateCell id={p.affiliateId} names={affiliates} />
                </td>
                <td class="num">
                  {p.amount} {p.currency.toUpperCase()}
                </td>
                <td>
                  {statusLabel(p.status)}
                  {p.failureReason ? <div class="muted">{payoutReasonText(p.failureReason)}</div> : null}
                </td>
                <td>
                  {mayMarkPaid && OPEN.has(p.status) ? (
                    <form method="post" action={`/dashboard/payouts/${p.id}/mark-paid`} class="actions">
                      <CsrfField token={csrf} />
                      <label class="sr-only" for={`method-${p.id}`}>
                        Payout method
                      </label>
                      <select name="payoutMethod" id={`method-${p.id}`}>
                        <option value="">Saved method</option>
                        {MANUAL_METHODS.map((m) => (
                          <option value={m}>{payoutMethodName(m)}</option>
                        ))}
                      </select>
                      <button type="submit" aria-label={`Mark paid: ${p.amount} ${p.currency.toUpperCase()} to ${affiliates.get(p.affiliateId)?.name ?? 'this affiliate'}`}>
                        Mark paid
                      </button>
                    </form>
                  ) : null}
                </td>
              </tr>
            ))}
          </Table>
          <Pager base="/dashboard/payouts" params={view.params} page={result.page} limit={result.limit} total={result.total} />
        </div>
        {guardsRefuse(c, EXPORT_GUARDS) === null ? <ExportForm form={{ method: c.req.query('method') ?? '', currency: c.req.query('currency') ?? 'usd' }} problem={extra.problem} /> : null}
        {mayMarkPaid ? <MarkSeveralForm csrf={csrf} methods={MANUAL_METHODS} /> : null}
      </>,
      status,
    );
  };

  return new Hono<DashboardEnv>()
    .get('/payouts', (c) => list(c))
    .post('/payouts/mark-paid', markSeveralHandler(deps, MARK_PAID_GUARDS, list, people))
    .get('/payouts/export', payoutExportHandler(deps, MARK_PAID_GUARDS, list))
    .get('/payouts.csv', async (c) => {
      const refused = guardsRefuse(c, [{ plan: 'professional', feature: 'Payout reads' }]);
      if (refused) throw refused;
      const tenant = c.get('tenant');
      const view = await viewOf(c);
      // Page by page, each written before the next is read, so a long history never sits in memory.
      async function* rows() {
        if (view.unknown) return;
        for (let pageNo = 1; ; pageNo += 1) {
          const result = await deps.payoutQueries.list(tenant, view.filter, { page: pageNo, limit: EXPORT_PAGE });
          const named = await people.names.directory(tenant, result.items.map((p) => p.affiliateId));
          yield result.items.map(payoutJson).map((p) => {
            const a = named.get(p.affiliateId);
            return [...CSV_COLUMNS.map((k) => p[k]), a?.name ?? '', a?.email ?? '', a?.payoutEmail ?? ''];
          });
          if (pageNo * EXPORT_PAGE >= result.total || result.items.length === 0) return;
        }
      }
      return streamCsv(c, `payouts-${tenant.mode}.csv`, [...CSV_COLUMNS, ...NAME_COLUMNS], rows());
    })
    .post('/payouts/:id/mark-paid', async (c) => {
      const id = idOrNotFound(c.req.param('id'), 'Payout');
      const refused = guardsRefuse(c, MARK_PAID_GUARDS);
      if (refused) {
        const r = refusal(c, refused);
        return list(c, { problem: r.problem }, r.status);
      }
      const form = await formOf(c);
      const method = optional(form.payoutMethod);
      if (method !== undefined && !(MANUAL_METHODS as readonly string[]).includes(method)) {
        const r = refusal(c, new ApiError('validation_error', 'Unknown payout method', [{ field: 'payoutMethod', message: `must be one of ${MANUAL_METHODS.map(payoutMethodName).join(', ')}` }]));
        return list(c, { problem: r.problem }, r.status);
      }
      const result = await deps.manual.markPaid(c.get('tenant'), [id], (method as PayoutMethod | undefined) ?? null);
      if (result.isErr()) {
        throwIfNotFound(result.error);
        const r = refusal(c, result.error);
        return list(c, { problem: r.problem }, r.status);
      }
      return done(c, '/dashboard/payouts', 'Payout marked paid.');
    });
};
