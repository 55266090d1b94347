/** @jsxImportSource hono/jsx */
import { Hono } from 'hono';
import type { InvoiceReads } from '../../../application/invoices/invoice-reads.js';
import type { IdGenerator } from '../../../application/ports/id-generator.js';
import type { Clock } from '../../../application/ports/clock.js';
import type { Form1099NecExport } from '../../../application/tax/form-1099-nec-export.js';
import type { TaxSummaries } from '../../../application/tax/tax-summaries.js';
import { requestOriginOf } from '../../http/middleware/audit.js';
import { invoicesZip } from '../../invoices/invoice-zip.js';
import { csvOf } from '../../http/routes/tax-summaries.routes.js';
import { pdfResponse } from '../../http/routes/invoices.routes.js';
import type { DashboardEnv } from '../dashboard-env.js';
import { page } from '../page-kit.js';
import { ApiError } from '../../http/api-error.js';
import { FilterForm, Table } from '../views/components.js';
import { AffiliateCell } from '../views/people.js';
import type { NameAffiliates } from '../../../application/affiliates/name-affiliates.js';

export interface TaxDocumentPageDependencies {
  readonly invoices: InvoiceReads;
  readonly summaries: TaxSummaries;
  readonly form1099Nec: Form1099NecExport;
  readonly ids: IdGenerator;
  readonly clock: Clock;
  /** The affiliates' names, where the year's table lists them. */
  readonly names: Pick<NameAffiliates, 'directory'>;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const FORM_WORDS: Readonly<Record<string, string>> = { w9: 'W-9', w8ben: 'W-8BEN', w8bene: 'W-8BEN-E' };
const VERDICT_WORDS: Readonly<Record<string, string>> = { due: 'Due', not_due: 'Not due', form_missing: 'Form missing', rate_unavailable: 'Rate unknown' };

/** `/dashboard/invoices` and `/dashboard/tax-year`: the same use cases as `/api/v1/invoices` and `/api/v1/tax/summaries`. */
export const taxDocumentRoutes = (deps: TaxDocumentPageDependencies) =>
  new Hono<DashboardEnv>()
    .get('/invoices', async (c) => {
      const tenant = c.get('tenant');
      const year = deps.clock.now().getUTCFullYear();
      const from = DAY.test(c.req.query('from') ?? '') ? c.req.query('from')! : `${year}-01-01`;
      const to = DAY.test(c.req.query('to') ?? '') ? c.req.query('to')! : `${year}-12-31`;
      const found = await deps.invoices.list(tenant, { from, to });
      const list = found.isOk() ? found.value : [];
      return page(
        c,
        'Invoices',
        '/dashboard/invoices',
        <>
          <p class="muted">Self-billing invoices issued for every completed payout, and credit notes for clawbacks. Issued documents never change.</p>
          <FilterForm action="/dashboard/invoices" submit="Show">
            <label>
              From <input type="date" name="from" value={from} />
            </label>
            <label>
              To <input type="date" name="to" value={to} />
            </label>
          </FilterForm>
          <p>
            <a href={`/dashboard/invoices/export?from=${from}&to=${to}`} download class="button">
              Download the period's PDFs (zip)
            </a>
          </p>
          <Table caption="Invoices and credit notes, newest first" head={['Number', 'Issued', 'Affiliate', { label: 'Total', num: true }, 'PDF']} empty={list.length === 0 ? 'No invoices in this period.' : false}>
            {list.map((i) => (
              <tr>
                <td>{i.document.number}</td>
                <td>{i.document.issueDate}</td>
                <td>{i.document.affiliate.name}</td>
                <td class="num">
                  {i.document.total} {i.document.currency.toUpperCase()}
                </td>
                <td>
                  <a href={`/dashboard/invoices/${i.id}/pdf`} download>
                    {i.document.number}.pdf
                  </a>
                </td>
              </tr>
            ))}
          </Table>
        </>,
      );
    })
    .get('/invoices/export', async (c) => {
      const tenant = c.get('tenant');
      const from = c.req.query('from') ?? '';
      const to = c.req.query('to') ?? '';
      const found = await deps.invoices.list(tenant, { from, to });
      if (found.isErr()) return c.text(found.error.message, 400);
      return c.body(invoicesZip(found.value), 200, { 'content-type': 'application/zip', 'content-disposition': `attachment; filename="invoices-${tenant.mode}-${from}-${to}.zip"` });
    })
    .get('/invoices/:id/pdf', async (c) => {
      const found = await deps.invoices.get(c.get('tenant'), c.req.param('id'));
      return found.isOk() ? pdfResponse(found.value) : c.notFound();
    })
    .get('/tax-year', async (c) => {
      const tenant = c.get('tenant');
      const current = deps.clock.now().getUTCFullYear();
      const asked = Number(c.req.query('year'));
      const year = Number.isInteger(asked) && asked >= 2000 && asked <= 2100 ? asked : current;
      const found = await deps.summaries.execute(tenant, year);
      const rows = found.isOk() ? found.value : [];
      const affiliates = await deps.names.directory(tenant, rows.map((r) => r.affiliateId));
      return page(
        c,
        `Tax year ${year}`,
        '/dashboard/tax-year',
        <>
          <p class="muted">Each affiliate's payments of the calendar year (UTC), their total in your reporting currency at each payment day's rate, the form on file and whether a 1099-NEC is due. Not tax advice.</p>
          <FilterForm action="/dashboard/tax-year" submit="Show">
            <label>
              Year <input type="number" name="year" min="2000" max="2100" value={String(year)} />
            </label>
          </FilterForm>
          <p>
            <a href={`/dashboard/tax-year/1099-nec.csv?year=${year}`} download class="button">
              Download the 1099-NEC CSV (contains TINs; audited)
            </a>
          </p>
          <Table caption={`Payments in ${year} by affiliate`} head={['Affiliate', 'Paid', { label: 'Total', num: true }, 'Form on file', '1099-NEC']} empty={rows.length === 0 ? 'No payments in this year.' : false}>
            {rows.map((r) => (
              <tr>
                <td>
                  <AffiliateCell id={r.affiliateId} names={affiliates} />
                </td>
                <td>{r.payments.map((p) => `${p.amount} ${p.currency.toUpperCase()}`).join(', ')}</td>
                <td class="num">{r.total ? `${r.total.amount} ${r.total.currency.toUpperCase()}` : '—'}</td>
                <td>{r.formOnFile ? FORM_WORDS[r.formOnFile] : 'None'}</td>
                <td>{VERDICT_WORDS[r.form1099Nec]}</td>
              </tr>
            ))}
          </Table>
        </>,
      );
    })
    .get('/tax-year/1099-nec.csv', async (c) => {
      const tenant = c.get('tenant');
      const year = Number(c.req.query('year'));
      if (!Number.isInteger(year) || year < 2000 || year > 2100) return c.text('year must be a calendar year', 400);
      // Recipients' TINs in the clear: owners only, as the settings are.
      if (c.get('user').role !== 'owner') throw new ApiError('insufficient_permissions', 'Only an owner of the account can download the 1099-NEC file');
      const rows = await deps.form1099Nec.rows(tenant, year, c.get('principal').actor, requestOriginOf(c, 200));
      if (rows.isErr()) return c.text(rows.error.message, 400);
      return c.body(csvOf(rows.value), 200, { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': `attachment; filename="1099-nec-${year}.csv"`, 'cache-control': 'no-store' });
    });
