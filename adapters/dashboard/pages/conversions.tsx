/** @jsxImportSource hono/jsx */
import { Hono } from 'hono';
import type { Child } from 'hono/jsx';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ListCampaigns } from '../../../application/campaigns/list-campaigns.js';
import { CONVERSION_CORRECTIONS, CONVERSION_PATCH_STATUSES, isRefundable } from '../../../domain/index.js';
import { ApiError } from '../../http/api-error.js';
import { CreateConversionBody, toCreateConversionInput, toUpdateConversionInput } from '../../http/routes/conversion.input.js';
import { conversionListItemJson } from '../../http/routes/conversion.json.js';
import type { ConversionUseCases } from '../../http/routes/conversions.routes.js';
import { campaignChoices } from '../campaign-choices.js';
import type { DashboardEnv } from '../dashboard-env.js';
import { done, formOf, guardsRefuse, idOrNotFound, noticeOf, numberOrText, optional, page, pageParams, parseWith, refusal, throwIfNotFound, type DashboardContext, type Form } from '../page-kit.js';
import { choicesOf, ConfirmDialog, ErrorBox, FilterForm, Notice, Pager, SelectField, shortDate, Table, type Problem } from '../views/components.js';
import { ConversionCells } from '../views/conversion-table.js';
import { CsrfField } from '../views/layout.js';
import { offeredAffiliates, type People } from '../affiliate-choices.js';
import { AffiliateCell, AffiliatePicker, CampaignCell } from '../views/people.js';
import { ConversionFilterFields, conversionViewOf, queryOf } from './conversion-filters.js';
import { CONVERSION_CSV_COLUMNS, conversionCsvRows, EXPORT_PAGE } from './conversion-csv.js';
import { cursorPages, streamCsv } from '../csv.js';
import type { Conversion } from '../../../domain/index.js';
import { AboveSaleResendFields, BULK_ACTION, BULK_FORM_ID, BULK_STATUSES, bulkStatusHandler, rowLabel } from './conversion-bulk.js';

const WRITE_GUARDS = ['write', { plan: 'ultimate', feature: 'Conversion writes' }] as const;

type PatchStatus = (typeof CONVERSION_PATCH_STATUSES)[number];
const LABELS: Record<PatchStatus, string> = { approved: 'Approve', rejected: 'Reject', held: 'Hold', released: 'Release', pending: 'Reopen' };
/** What each status may become: the conversion machine's table, so the buttons offered are its moves. */
const ACTIONS = CONVERSION_CORRECTIONS;
/** Rows offered for the bulk decisions: those one of them applies to. */
const SELECTABLE = new Set(Object.entries(ACTIONS).filter(([, moves]) => moves.some((m) => (BULK_STATUSES as readonly string[]).includes(m))).map(([status]) => status));

/** The 5x guard's question: the approval is resent with `confirmAboveSale` only if the user says so. */
const AboveSaleDialog = ({ csrf, id, status, message, back }: { csrf: string; id: string; status: string; message: string; back: string }) => (
  <ConfirmDialog
    id="above-sale"
    name="above-sale"
    title="Approve a commission above 5× its sale?"
    text={`${message}. Approving moves money to the affiliate.`}
    action={`/dashboard/conversions/${id}/status`}
    csrf={csrf}
    confirm="Approve anyway"
    cancelHref={back}
    cancel="Cancel"
  >
    <AboveSaleResendFields status={status} back={back} />
  </ConfirmDialog>
);

export const conversionRoutes = (useCases: ConversionUseCases, listCampaigns: ListCampaigns, people: People) => {
  const list = async (c: DashboardContext, extra?: { form?: Form; problem?: Problem | null; dialog?: { id: string; status: string; message: string }; aside?: Child }, status: ContentfulStatusCode = 200) => {
    const tenant = c.get('tenant');
    const { page: pageNo, limit } = pageParams(c);
    const view = await conversionViewOf(c, people);
    const q = view.filters;
    const [result, choices, offered] = await Promise.all([
      view.unknownAffiliate ? { items: [], page: pageNo, limit, hasMore: false } : useCases.conversionQueries.browse(tenant, q, { page: pageNo, limit }),
      campaignChoices(listCampaigns, tenant),
      offeredAffiliates(people, tenant, c.get('principal').merchant),
    ]);
    const rows = result.items.map(conversionListItemJson);
    const affiliates = await people.names.directory(tenant, rows.map((r) => r.affiliateId));
    const csrf = c.get('webSession')!.csrfToken;
    // Where an action comes back to: this view without its last notice (the action brings its own).
    const query = new URL(c.req.url).searchParams;
    query.delete('notice');
    const here = `/dashboard/conversions${query.size > 0 ? `?${query.toString()}` : ''}`;
    const names = new Map(choices.map((ch) => [ch.id, ch.name]));
    return page(
      c,
      'Conversions',
      '/dashboard/conversions',
      <>
        <Notice text={noticeOf(c)} />
        <ErrorBox problem={extra?.problem} />
        {extra?.aside}
        {extra?.dialog ? <AboveSaleDialog csrf={csrf} id={extra.dialog.id} status={extra.dialog.status} message={extra.dialog.message} back={c.req.header('referer') ? new URL(c.req.header('referer')!).pathname + new URL(c.req.header('referer')!).search : '/dashboard/conversions'} /> : null}
        <section class="panel compact" aria-labelledby="new-conversion">
          <h2 id="new-conversion">Record a sale</h2>
          <form method="post" action="/dashboard/conversions" class="stack">
            <CsrfField token={csrf} />
            <SelectField label="Campaign" name="campaignId" choices={choicesOf(choices)} selected={extra?.form?.campaignId} required />
            <AffiliatePicker name="affiliateId" label="Affiliate" value={extra?.form?.affiliateId} offered={offered} required invalid={extra?.problem?.details?.some((d) => d.field === 'affiliateId')} />
            <label>
              Amount
              <input name="amount" inputmode="decimal" required value={extra?.form?.amount ?? ''} />
            </label>
            <label>
              Currency
              <input name="currency" value={extra?.form?.currency ?? 'usd'} maxlength={3} />
            </label>
            <label>
              Order id
              <input name="orderId" value={extra?.form?.orderId ?? ''} />
            </label>
            <button type="submit">Record sale</button>
          </form>
        </section>
        <FilterForm
          action="/dashboard/conversions"
          after={
            <a href={`/dashboard/conversions.csv${queryOf(view.params)}`} download>
              Export CSV
            </a>
          }
        >
          <ConversionFilterFields view={view} campaigns={choices} offered={offered} />
        </FilterForm>
        <div id="list">
          <Table caption="Conversions, newest first" head={['Select', 'When', 'Affiliate', { label: 'Campaign', narrow: true }, 'Order', { label: 'Amount', num: true }, { label: 'Commission', num: true }, 'Status', 'Actions']} empty={
              rows.length === 0 &&
              (q.status || q.campaignId || q.affiliateId || q.from || q.to || view.unknownAffiliate
                ? 'No conversions match these filters.'
                : tenant.mode === 'test'
                  ? 'No test conversions yet: record one below or send one with a test key. Live data is behind "Back to live data".'
                  : 'No conversions yet: they appear here as sales arrive from your integrations, the API or the form below.')
            }>
            {rows.map((r) => (
              <tr>
                <td>
                  {SELECTABLE.has(r.status) ? <input type="checkbox" name="ids" value={r.id} form={BULK_FORM_ID} aria-label={`Select the conversion of ${rowLabel(r)}`} /> : null}
                </td>
                <td>{shortDate(r.createdAt)}</td>
                <td>
                  <AffiliateCell id={r.affiliateId} names={affiliates} />
                </td>
                <td class="hide-narrow">
                  <CampaignCell id={r.campaignId} names={names} />
                </td>
                <ConversionCells {...r} />
                <td>
                  {ACTIONS[r.status].length > 0 ? (
                    <div class="actions">
                      {ACTIONS[r.status].map((s) => (
                        <form method="post" action={`/dashboard/conversions/${r.id}/status`} class="inline">
                          <CsrfField token={csrf} />
                          <input type="hidden" name="status" value={s} />
                          <input type="hidden" name="back" value={here} />
                          <button type="submit" class={s === 'rejected' ? 'danger' : s === 'approved' ? undefined : 'secondary'} aria-label={`${LABELS[s]} the conversion of ${r.amount} ${r.currency.toUpperCase()}${r.orderId ? ` (order ${r.orderId})` : ''}`}>
                            {LABELS[s]}
                          </button>
                        </form>
                      ))}
                    </div>
                  ) : null}
                  {isRefundable(r.status) ? (
                    <a href={`/dashboard/conversions/${r.id}/refund`} aria-label={`Refund the conversion of ${r.amount} ${r.currency.toUpperCase()}${r.orderId ? ` (order ${r.orderId})` : ''}`}>
                      Refund
                    </a>
                  ) : null}
                </td>
              </tr>
            ))}
          </Table>
          <Pager base="/dashboard/conversions" params={view.params} page={result.page} limit={result.limit} hasMore={result.hasMore} />
        </div>
        {rows.length > 0 ? (
          <form method="post" action={BULK_ACTION} id={BULK_FORM_ID} class="actions" aria-label="With the selected conversions">
            <CsrfField token={csrf} />
            <input type="hidden" name="back" value={here} />
            <p class="muted">Tick conversions in the Select column, then:</p>
            {BULK_STATUSES.map((s) => (
              <button type="submit" name="status" value={s} class={s === 'rejected' ? 'danger' : undefined}>
                {LABELS[s]} selected
              </button>
            ))}
          </form>
        ) : null}
      </>,
      status,
    );
  };

  const fail = (c: DashboardContext, form: Form, error: ApiError | Parameters<typeof refusal>[1]) => {
    const r = refusal(c, error);
    return list(c, { form, problem: r.problem }, r.status as 400);
  };

  return new Hono<DashboardEnv>()
    .get('/conversions', (c) => list(c))
    .get('/conversions.csv', async (c) => {
      const tenant = c.get('tenant');
      const view = await conversionViewOf(c, people);
      const campaigns = new Map((await campaignChoices(listCampaigns, tenant)).map((ch) => [ch.id, ch.name]));
      // Newest first, a page at a time after the last row written (a cursor, not an offset).
      const pages = cursorPages<Conversion>(async (after) =>
        view.unknownAffiliate ? { items: [], hasMore: false } : useCases.conversionQueries.browse(tenant, { ...view.filters, after: after ? { createdAt: after.createdAt, id: after.id } : undefined }, { page: 1, limit: EXPORT_PAGE }),
      );
      return streamCsv(c, `conversions-${tenant.mode}.csv`, CONVERSION_CSV_COLUMNS, conversionCsvRows(pages, (ids) => people.names.directory(tenant, ids), campaigns));
    })
    .post('/conversions/bulk-status', bulkStatusHandler(useCases, WRITE_GUARDS, list))
    .post('/conversions', async (c) => {
      const form = await formOf(c);
      const refused = guardsRefuse(c, WRITE_GUARDS);
      if (refused) return fail(c, form, refused);
      const affiliateId = (await people.names.resolve(c.get('tenant'), form.affiliateId ?? '')) ?? '';
      if (affiliateId === '') return fail(c, form, new ApiError('validation_error', 'Choose an affiliate', [{ field: 'affiliateId', message: 'type the name or the email of one of your affiliates and pick it' }]));
      const parsed = parseWith(CreateConversionBody, {
        campaignId: form.campaignId,
        affiliateId,
        amount: numberOrText(form.amount),
        currency: optional(form.currency),
        orderId: optional(form.orderId),
      });
      if (!parsed.ok) return fail(c, form, parsed.error);
      try {
        const result = await useCases.createConversion.execute(toCreateConversionInput(parsed.value, c.get('tenant'), c.get('principal').actor));
        if (result.isErr()) return fail(c, form, result.error);
        return done(c, '/dashboard/conversions', 'Sale recorded.');
      } catch (error) {
        if (error instanceof ApiError) return fail(c, form, error);
        throw error;
      }
    })
    .post('/conversions/:id/status', async (c) => {
      const form = await formOf(c);
      const id = idOrNotFound(c.req.param('id'), 'Conversion');
      const refused = guardsRefuse(c, WRITE_GUARDS);
      if (refused) return fail(c, form, refused);
      const status = (CONVERSION_PATCH_STATUSES as readonly string[]).includes(form.status ?? '') ? (form.status as PatchStatus) : null;
      if (!status) return fail(c, form, new ApiError('validation_error', 'Choose an action', [{ field: 'status', message: `must be one of ${CONVERSION_PATCH_STATUSES.join(', ')}` }]));
      const result = await useCases.updateConversionStatus.execute(toUpdateConversionInput(id, { status, confirmAboveSale: form.confirmAboveSale === 'true' }, c.get('tenant')));
      const back = form.back?.startsWith('/dashboard/conversions') ? form.back : '/dashboard/conversions';
      if (result.isErr()) {
        throwIfNotFound(result.error);
        if (result.error.code === 'commission_above_sale') {
          const r = refusal(c, result.error);
          // The API's advice about resending is for API callers; the dialog is the dashboard's way of asking.
          return list(c, { dialog: { id, status, message: result.error.message.split(';')[0]! } }, r.status as 409);
        }
        return fail(c, form, result.error);
      }
      return done(c, back, `Conversion ${status === 'released' ? 'released from hold' : status === 'pending' ? 'reopened' : status}.`);
    });
};
