/** @jsxImportSource hono/jsx */
import type { Child } from 'hono/jsx';
import type { AffiliateName } from '../../../application/ports/affiliate-names.js';
import type { People } from '../affiliate-choices.js';
import { AffiliateCell } from '../views/people.js';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { isOpenPayout, type DomainError } from '../../../domain/index.js';
import { isUuid } from '../../ids/uuid-v7-generator.js';
import { ApiError } from '../../http/api-error.js';
import { markPaidIds, MarkPaidBody } from '../../http/routes/payout-manual.routes.js';
import { payoutJson } from '../../http/routes/payout.json.js';
import { payoutIdsIn } from '../payout-id-list.js';
import { guardsRefuse, optional, parseWith, refusal, type DashboardContext, type Guard } from '../page-kit.js';
import { SelectField, Table, type Problem } from '../views/components.js';
import { CsrfField } from '../views/layout.js';
import type { PayoutPageDependencies } from './payouts.js';
import { payoutMethodName } from '../../display/names.js';

export const MARK_SEVERAL_ACTION = '/dashboard/payouts/mark-paid';

/** The form: a file (this page's CSV export, or any list of ids) or pasted ids, and the method they were paid by. */
export const MarkSeveralForm = ({ csrf, methods }: { csrf: string; methods: readonly string[] }) => (
  <section aria-labelledby="mark-several">
    <h2 id="mark-several">Mark several paid</h2>
    <p>
      Once you have paid several payouts yourself (a bank or wallet batch), hand them in here: upload this page's CSV export (its id column is read, so remove the rows you did not pay) or
      paste payout ids, one per line or separated by commas. All or nothing: if one of them cannot be marked paid, none is.
    </p>
    <form method="post" action={MARK_SEVERAL_ACTION} enctype="multipart/form-data" class="stack">
      <CsrfField token={csrf} />
      <label>
        CSV file
        <input type="file" name="file" accept=".csv,.txt,text/csv,text/plain" />
      </label>
      <label>
        Or payout ids
        <textarea name="ids" rows={4} spellcheck={false}></textarea>
      </label>
      <SelectField label="Paid by" name="payoutMethod" none="Each affiliate's saved method" choices={methods.map((m) => ({ value: m, label: payoutMethodName(m) }))} selected={undefined} />
      <button type="submit">Mark these paid</button>
    </form>
  </section>
);

type Row = { readonly given: string; readonly payout: ReturnType<typeof payoutJson> | null; readonly affiliates: ReadonlyMap<string, AffiliateName> };

const outcomeOf = (row: Row, succeeded: boolean) => {
  if (!row.payout) return 'Not found: no payout of this program in this mode has this id';
  if (succeeded) return 'Marked paid';
  return isOpenPayout(row.payout.status) ? 'Not changed' : `Cannot be marked paid: it is ${row.payout.status}`;
};

const Results = ({ rows, succeeded }: { rows: readonly Row[]; succeeded: boolean }) => (
  <section aria-labelledby="mark-several-result">
    <h2 id="mark-several-result">The payouts handed in</h2>
    <Table caption="What happened to each payout handed in" head={['Payout', { label: 'Affiliate', narrow: true }, { label: 'Amount', num: true }, 'Status now', 'Outcome']}>
      {rows.map((r) => (
        <tr>
          <td>
            <code>{r.given.length > 40 ? `${r.given.slice(0, 40)}…` : r.given}</code>
          </td>
          <td class="hide-narrow">{r.payout ? <AffiliateCell id={r.payout.affiliateId} names={r.affiliates} /> : '—'}</td>
          <td class="num">{r.payout ? `${r.payout.amount} ${r.payout.currency.toUpperCase()}` : '—'}</td>
          <td>{r.payout?.status ?? '—'}</td>
          <td>{outcomeOf(r, succeeded)}</td>
        </tr>
      ))}
    </Table>
  </section>
);

export type RenderPayouts = (c: DashboardContext, extra: { problem?: Problem | null; notice?: string; aside?: Child }, status: ContentfulStatusCode) => Promise<Response>;

/**
 * `POST /payouts/mark-paid` from a file or pasted ids: the route's guards, body schema and id rule,
 * then its use case (all or nothing). The page then shows each payout handed in as it is now, so
 * the merchant sees which were marked paid or which one stopped the batch.
 */
export const markSeveralHandler = (deps: PayoutPageDependencies, guards: readonly Guard[], render: RenderPayouts, people: People) => async (c: DashboardContext) => {
  const refused = guardsRefuse(c, guards);
  if (refused) {
    const r = refusal(c, refused);
    return render(c, { problem: r.problem }, r.status);
  }
  const body = await c.req.parseBody();
  const fileText = body.file instanceof File ? await body.file.text() : '';
  const given = [...new Set([...payoutIdsIn(fileText), ...payoutIdsIn(typeof body.ids === 'string' ? body.ids : '')])];
  const method = optional(typeof body.payoutMethod === 'string' ? body.payoutMethod : undefined);
  const fail = (error: ApiError | DomainError, aside?: Child) => {
    const r = refusal(c, error);
    return render(c, { problem: r.problem, aside }, r.status);
  };
  if (given.length === 0) return fail(new ApiError('validation_error', 'Upload a file or paste payout ids', [{ field: 'ids', message: 'no payout id found' }]));
  const parsed = parseWith(MarkPaidBody, { ids: given, payoutMethod: method });
  if (!parsed.ok) return fail(parsed.error);

  const tenant = c.get('tenant');
  const known = given.filter(isUuid).map((id) => id.toLowerCase());
  const rowsNow = async (): Promise<Row[]> => {
    const found = await deps.payoutQueries.list(tenant, { ids: known }, { page: 1, limit: Math.max(1, known.length) });
    const byId = new Map(found.items.map((p) => [p.id, payoutJson(p)]));
    const affiliates = await people.names.directory(tenant, found.items.map((p) => p.affiliateId));
    return given.map((id) => ({ given: id, payout: byId.get(id.toLowerCase()) ?? null, affiliates }));
  };
  let ids: string[];
  try {
    ids = markPaidIds(parsed.value.ids);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return fail(error, <Results rows={await rowsNow()} succeeded={false} />);
  }
  const result = await deps.manual.markPaid(tenant, ids, parsed.value.payoutMethod ?? null);
  if (result.isErr()) return fail(result.error, <Results rows={await rowsNow()} succeeded={false} />);
  return render(c, { notice: `${result.value} payout${result.value === 1 ? '' : 's'} marked paid.`, aside: <Results rows={await rowsNow()} succeeded /> }, 200);
};
