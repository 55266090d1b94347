/** @jsxImportSource hono/jsx */
import { Decimal, parseCurrency, toDecimalString, type CurrencyCode, type DomainError } from '../../../domain/index.js';
import type { ManualPayoutLine } from '../../../application/payouts/manual-payouts.js';
import type { ApiError } from '../../http/api-error.js';
import { batchFileOf } from '../../http/routes/payout-batch-files.js';
import { ExportQuery } from '../../http/routes/payout-manual.routes.js';
import { guardsRefuse, page, parseWith, refusal, type DashboardContext, type Form, type Guard } from '../page-kit.js';
import { FieldError, invalidIf, Table, TextField, type Problem } from '../views/components.js';
import { CsrfField } from '../views/layout.js';
import { MARK_SEVERAL_ACTION, type RenderPayouts } from './payout-mark-several.js';
import type { PayoutPageDependencies } from './payouts.js';

/** `GET /payouts/export`'s guards. */
export const EXPORT_GUARDS: readonly Guard[] = [{ plan: 'ultimate', feature: 'Payout exports' }];
export const EXPORT_ACTION = '/dashboard/payouts/export';

const METHODS = [
  { value: 'wallet_a', label: 'PayPal: Payouts payment file' },
  { value: 'transfer_b', label: 'Wise: batch transfer template' },
] as const;

/** The form on the payouts page: the API's two parameters, the method the affiliates are paid by and the currency. */
export const ExportForm = ({ form, problem }: { form: Form; problem: Problem | null | undefined }) => (
  <section aria-labelledby="batch-file">
    <h2 id="batch-file">Batch file for PayPal or Wise</h2>
    <p>
      What is due (scheduled, awaiting funds or failed) to the affiliates paid by one method, in one currency: one line per affiliate, net of clawbacks, in the upload format of PayPal
      Payouts or Wise. You see its lines before you download it; once it is paid, one button marks exactly its payouts paid.
    </p>
    <form method="get" action={EXPORT_ACTION} class="stack">
      <label>
        Affiliates paid by
        <select name="method" {...invalidIf(problem, 'method')}>
          {METHODS.map((m) => (
            <option value={m.value} selected={m.value === form.method}>
              {m.label}
            </option>
          ))}
        </select>
        <FieldError problem={problem} field="method" />
      </label>
      <TextField form={{ currency: form.currency ?? 'usd' }} problem={problem} name="currency" label="Currency" maxlength={3} required hint="Three letters, as usd or eur: one currency per file." />
      <button type="submit">Prepare the batch file</button>
    </form>
  </section>
);

const total = (lines: readonly ManualPayoutLine[], currency: CurrencyCode) => toDecimalString(lines.reduce((sum, l) => sum.plus(l.amount), new Decimal(0)), currency);

/** Marks exactly the file's payouts paid, through the "mark several paid" flow (`POST /payouts/mark-paid`). */
const MarkFilePaid = ({ csrf, ids, method }: { csrf: string; ids: readonly string[]; method: string }) => (
  <section aria-labelledby="file-paid">
    <h2 id="file-paid">Once you have paid it</h2>
    <p>
      When PayPal or Wise has paid this file, mark its {ids.length} payout{ids.length === 1 ? '' : 's'} paid: each becomes completed and its sale paid, and each affiliate is emailed, as
      when the service pays. All or nothing. Payouts that fall due after this page was prepared are not in this file and stay due.
    </p>
    <form method="post" action={MARK_SEVERAL_ACTION} class="stack">
      <CsrfField token={csrf} />
      <input type="hidden" name="ids" value={ids.join(',')} />
      <input type="hidden" name="payoutMethod" value={method} />
      <button type="submit">
        Mark these {ids.length} payout{ids.length === 1 ? '' : 's'} paid
      </button>
    </form>
  </section>
);

/**
 * `GET /payouts/export` as a page: the route's guard, query schema and use case, then the lines the
 * file pays, the file itself (embedded in its download link, so the file downloaded is the one shown
 * and the ids marked paid are the ones it pays) and the button that marks them paid.
 */
export const payoutExportHandler = (deps: PayoutPageDependencies, markPaidGuards: readonly Guard[], renderPayouts: RenderPayouts) => async (c: DashboardContext) => {
  const refused = guardsRefuse(c, EXPORT_GUARDS);
  if (refused) throw refused;
  const fail = (error: ApiError | DomainError) => {
    const r = refusal(c, error);
    return renderPayouts(c, { problem: r.problem }, r.status);
  };
  const parsed = parseWith(ExportQuery, { method: c.req.query('method') ?? '', currency: c.req.query('currency') ?? '' });
  if (!parsed.ok) return fail(parsed.error);
  const currency = parseCurrency(parsed.value.currency);
  if (currency.isErr()) return fail(currency.error);
  const { method } = parsed.value;
  const lines = await deps.manual.exportDue(c.get('tenant'), method, currency.value);
  const file = batchFileOf(method, currency.value, lines);
  // Team bonus awards due with the rows are in the file and marked paid with them.
  const ids = lines.flatMap((l) => [...l.payoutIds, ...l.awardIds]);
  const shownCurrency = currency.value.toUpperCase();
  return page(
    c,
    `Batch file: ${method}, ${shownCurrency}`,
    '/dashboard/payouts',
    <>
      <p>
        <a href="/dashboard/payouts">← Payouts</a>
      </p>
      {lines.length === 0 ? (
        <p>
          Nothing is due to affiliates paid by {method} in {shownCurrency}.
        </p>
      ) : (
        <>
          <p>
            {lines.length} affiliate{lines.length === 1 ? '' : 's'}, {ids.length} payout{ids.length === 1 ? '' : 's'}, {total(lines, currency.value)} {shownCurrency} in all.
          </p>
          <Table caption="What the batch file pays" head={['Affiliate', 'Payout email', { label: 'Amount', num: true }, { label: 'Payouts', num: true }]}>
            {lines.map((l) => (
              <tr>
                <td>
                  <a href={`/dashboard/affiliates/${l.affiliateId}`}>{l.name}</a>
                </td>
                <td>{l.email}</td>
                <td class="num">
                  {toDecimalString(l.amount, l.currency)} {shownCurrency}
                </td>
                <td class="num">{l.payoutIds.length + l.awardIds.length}</td>
              </tr>
            ))}
          </Table>
          <p>
            <a class="button" href={`data:text/csv;charset=utf-8;base64,${Buffer.from(file.body, 'utf8').toString('base64')}`} download={file.name}>
              Download {file.name}
            </a>
          </p>
          {guardsRefuse(c, markPaidGuards) === null ? (
            <MarkFilePaid csrf={c.get('webSession')!.csrfToken} ids={ids} method={method} />
          ) : (
            <p class="muted">Marking them paid needs the Manage payouts permission: someone who has it marks them paid once the file is paid.</p>
          )}
        </>
      )}
    </>,
  );
};
