/** @jsxImportSource hono/jsx */
import type { Child } from 'hono/jsx';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Conversion, DomainError } from '../../../domain/index.js';
import { isUuid } from '../../ids/uuid-v7-generator.js';
import { ApiError } from '../../http/api-error.js';
import { statusOf } from '../../http/error-status.js';
import { toUpdateConversionInput } from '../../http/routes/conversion.input.js';
import { conversionListItemJson } from '../../http/routes/conversion.json.js';
import type { ConversionQueries } from '../../../application/ports/conversion-queries.js';
import type { UpdateConversionStatus } from '../../../application/conversions/update-conversion-status.js';
import { done, guardsRefuse, type DashboardContext, type Guard } from '../page-kit.js';
import { Table, type Problem } from '../views/components.js';
import { CsrfField } from '../views/layout.js';
import { statusLabel } from '../../display/status-labels.js';

/** The decisions offered on selected rows. */
export const BULK_STATUSES = ['approved', 'rejected'] as const;
type BulkStatus = (typeof BULK_STATUSES)[number];
/** At most one page of the list (the API's page limit). */
export const BULK_LIMIT = 100;
export const BULK_FORM_ID = 'bulk-status';
export const BULK_ACTION = '/dashboard/conversions/bulk-status';

const VERB: Record<BulkStatus, string> = { approved: 'approved', rejected: 'rejected' };

type Outcome =
  | { readonly id: string; readonly label: string; readonly kind: 'done'; readonly status: string }
  | { readonly id: string; readonly label: string; readonly kind: 'confirm'; readonly message: string }
  | { readonly id: string; readonly label: string; readonly kind: 'refused'; readonly error: DomainError | ApiError };

/** How the list names a conversion: its amount and order, as the row's buttons say it. */
export const rowLabel = (r: { amount: string; currency: string; orderId: string | null }) => `${r.amount} ${r.currency.toUpperCase()}${r.orderId ? ` (order ${r.orderId})` : ''}`;
const conversionLabel = (c: Conversion) => rowLabel(conversionListItemJson(c));

/** The page a bulk decision is made from: where its form posts and which addresses it comes back to. */
export interface BulkHome {
  readonly action: string;
  readonly path: string;
}
const CONVERSIONS_HOME: BulkHome = { action: BULK_ACTION, path: '/dashboard/conversions' };

/** Where to go back to: an address of the home page the form carried, or the page itself. */
const backOf = (value: unknown, home: BulkHome) => (typeof value === 'string' && value.startsWith(home.path) ? value : home.path);

const BulkResult = ({ outcomes, status }: { outcomes: readonly Outcome[]; status: BulkStatus }) => {
  const count = (kind: Outcome['kind']) => outcomes.filter((o) => o.kind === kind).length;
  const parts = [`${count('done')} ${VERB[status]}`, count('confirm') ? `${count('confirm')} wait for your confirmation` : null, count('refused') ? `${count('refused')} refused` : null];
  return (
    <section aria-labelledby="bulk-result-title" id="bulk-result">
      <h2 id="bulk-result-title">Selected conversions</h2>
      <p role="status">{parts.filter(Boolean).join(', ')}.</p>
      <Table caption="What happened to each selected conversion" head={['Conversion', 'Outcome']}>
        {outcomes.map((o) => (
          <tr>
            <td>{o.label}</td>
            <td>{o.kind === 'done' ? `Done: now ${statusLabel(o.status).toLowerCase()}` : o.kind === 'confirm' ? `Waits for confirmation: ${o.message}` : `Refused: ${o.error.message}`}</td>
          </tr>
        ))}
      </Table>
    </section>
  );
};

/** What a confirmed 5x approval resends: the decision, the confirmation and where to come back to. */
export const AboveSaleResendFields = ({ status, back }: { status: string; back: string }) => (
  <>
    <input type="hidden" name="status" value={status} />
    <input type="hidden" name="confirmAboveSale" value="true" />
    <input type="hidden" name="back" value={back} />
  </>
);

/** The 5x guard's question for several rows at once: only those rows are resent, with `confirmAboveSale`. */
const BulkAboveSaleDialog = ({ csrf, waiting, status, back, action }: { csrf: string; waiting: readonly Outcome[]; status: BulkStatus; back: string; action: string }) => (
  <dialog open data-open aria-labelledby="bulk-above-sale-title" aria-describedby="bulk-above-sale-text" id="bulk-above-sale">
    <h2 id="bulk-above-sale-title">
      Approve {waiting.length === 1 ? 'a commission' : `${waiting.length} commissions`} above 5× {waiting.length === 1 ? 'its sale' : 'their sales'}?
    </h2>
    <div id="bulk-above-sale-text">
      <ul>
        {waiting.map((o) => (
          <li>{o.label}</li>
        ))}
      </ul>
      <p>Approving moves money to the affiliates. Only these are sent again; what happened to the others is below.</p>
    </div>
    <form method="post" action={action} class="actions">
      <CsrfField token={csrf} />
      {waiting.map((o) => (
        <input type="hidden" name="ids" value={o.id} />
      ))}
      <AboveSaleResendFields status={status} back={back} />
      <button type="submit" autofocus>
        Approve anyway
      </button>
      {/* Closes the dialog where it stands (no script needed), so the result below stays in view. */}
      <button type="submit" formmethod="dialog" formnovalidate class="secondary">
        Cancel
      </button>
    </form>
  </dialog>
);

/** What a bulk decision calls: the status change of `PATCH /conversions/:id`, and the list to name rows with. */
export interface BulkUseCases {
  readonly updateConversionStatus: Pick<UpdateConversionStatus, 'execute'>;
  readonly conversionQueries: Pick<ConversionQueries, 'list'>;
}

export type RenderConversions = (c: DashboardContext, extra: { problem?: Problem; aside?: Child }, status: ContentfulStatusCode) => Promise<Response>;

/**
 * Approve or reject the selected conversions: `PATCH /conversions/:id`'s use case once per row, each
 * in its own transaction with the route's guards, so one refusal (a paid row, the 5x guard) leaves
 * the others done. All done: back to the list with a notice. Otherwise the list with what happened
 * to each row, and the 5x question for the rows that wait for it.
 */
export const bulkStatusHandler = (useCases: BulkUseCases, guards: readonly Guard[], render: RenderConversions, home: BulkHome = CONVERSIONS_HOME) => async (c: DashboardContext) => {
  const body = await c.req.parseBody({ all: true });
  const refused = guardsRefuse(c, guards);
  const fail = (error: ApiError | DomainError) => {
    c.set('errorCode', error.code);
    return render(c, { problem: { message: error.message, details: error.details } }, statusOf(error.code));
  };
  if (refused) return fail(refused);
  const status = BULK_STATUSES.find((s) => s === body.status);
  if (!status) return fail(new ApiError('validation_error', 'Choose an action', [{ field: 'status', message: `must be one of ${BULK_STATUSES.join(', ')}` }]));
  const ids = [...new Set(([] as unknown[]).concat(body.ids ?? []).filter((v): v is string => typeof v === 'string').map((v) => v.trim().toLowerCase()))];
  if (ids.length === 0) return fail(new ApiError('validation_error', 'Select at least one conversion', [{ field: 'ids', message: 'select at least one' }]));
  if (ids.length > BULK_LIMIT) return fail(new ApiError('validation_error', `Select at most ${BULK_LIMIT} conversions at once`, [{ field: 'ids', message: `at most ${BULK_LIMIT}` }]));
  const tenant = c.get('tenant');
  const confirmAboveSale = body.confirmAboveSale === 'true';

  const shortLabel = (id: string) => `Conversion ${id.slice(0, 8)}`;
  const outcomes: Outcome[] = [];
  for (const id of ids) {
    let result: Awaited<ReturnType<typeof useCases.updateConversionStatus.execute>>;
    try {
      result = await useCases.updateConversionStatus.execute(toUpdateConversionInput(id, { status, confirmAboveSale }, tenant));
    } catch (error) {
      // An id that is not a UUID names nothing (404), as in the API.
      if (!(error instanceof ApiError)) throw error;
      outcomes.push({ id, label: shortLabel(id), kind: 'refused', error });
      continue;
    }
    if (result.isOk()) outcomes.push({ id, label: conversionLabel(result.value), kind: 'done', status: result.value.status });
    // The API's advice about resending is for API callers; the dialog is the dashboard's way of asking.
    else if (result.error.code === 'commission_above_sale') outcomes.push({ id, label: shortLabel(id), kind: 'confirm', message: result.error.message.split(';')[0]! });
    else outcomes.push({ id, label: shortLabel(id), kind: 'refused', error: result.error });
  }
  // The rows not changed are named by their amount and order too: read together, once.
  const unnamed = outcomes.filter((o) => o.kind !== 'done' && isUuid(o.id)).map((o) => o.id);
  if (unnamed.length > 0) {
    const found = await useCases.conversionQueries.list(tenant, { ids: unnamed }, { page: 1, limit: unnamed.length });
    const labels = new Map(found.items.map((conversion) => [conversion.id, conversionLabel(conversion)]));
    for (const [i, o] of outcomes.entries()) if (o.kind !== 'done') outcomes[i] = { ...o, label: labels.get(o.id) ?? o.label };
  }

  const back = backOf(body.back, home);
  const changed = outcomes.filter((o) => o.kind === 'done').length;
  if (changed === outcomes.length) return done(c, back, `${changed} conversion${changed === 1 ? '' : 's'} ${VERB[status]}.`);
  const waiting = outcomes.filter((o) => o.kind === 'confirm');
  const firstFailure = outcomes.find((o) => o.kind !== 'done')!;
  const failureCode = firstFailure.kind === 'refused' ? firstFailure.error.code : 'commission_above_sale';
  // The audit row keeps the first refusal's code; its status says whether anything changed.
  c.set('errorCode', failureCode);
  const aside = (
    <>
      {waiting.length > 0 ? <BulkAboveSaleDialog csrf={c.get('webSession')!.csrfToken} waiting={waiting} status={status} back={back} action={home.action} /> : null}
      <BulkResult outcomes={outcomes} status={status} />
    </>
  );
  return render(c, { aside }, changed > 0 ? 200 : statusOf(failureCode));
};
