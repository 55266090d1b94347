import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { TaxSummaries } from '../../../application/tax/tax-summaries.js';
import type { AppEnv } from '../app-env.js';
import { ApiError } from '../api-error.js';
import { sendData } from '../envelope.js';
import { validationHook } from '../validation.js';
import { stringify } from 'csv-stringify/sync';
import { FORM_1099_NEC_COLUMNS, type Form1099NecExport, type Form1099NecRow } from '../../../application/tax/form-1099-nec-export.js';
import { writeCell } from '../../../application/porting/spreadsheet-safe-cell.js';
import { requestOriginOf } from '../middleware/audit.js';
import { writeKeyRefusal } from '../middleware/guards.js';

const SummarySchema = z
  .object({
    affiliateId: z.string(),
    payments: z.array(z.object({ currency: z.string(), amount: z.string() })).openapi({ description: 'Completed payments of the year per currency, never converted' }),
    total: z.object({ amount: z.string(), currency: z.string() }).nullable().openapi({ description: "The year's payments in the reporting currency, each converted at its payment day's rate; null when a rate is unknown" }),
    formOnFile: z.enum(['w9', 'w8ben', 'w8bene']).nullable(),
    form1099Nec: z.enum(['due', 'not_due', 'form_missing', 'rate_unavailable']).openapi({
      description: '`due`: a W-9 payee (not a corporation) paid at least the IRS 1099-NEC threshold of the year in US dollars; `form_missing`: at or above it with no form on file',
    }),
  })
  .openapi('TaxYearSummary', { 'x-extension': true });
const Query = z.object({
  year: z.coerce.number().int().min(2000).max(2100).openapi({ description: 'The calendar year (UTC)', example: 2026 }),
  format: z.enum(['json', 'csv']).optional().openapi({ description: '`csv`: the 1099-NEC filing import (full-access key, audited: it carries TINs)' }),
});

/** `/tax/summaries`: the year-end view an accountant starts from. */
export interface TaxSummaryRouteDependencies {
  readonly summaries: TaxSummaries;
  readonly form1099Nec: Form1099NecExport;
}

/** RFC 4180 with CRLF; cells that a spreadsheet would run as formulas are disarmed. */
export const csvOf = (rows: readonly Form1099NecRow[]): string =>
  stringify(rows.map((row) => FORM_1099_NEC_COLUMNS.map((column) => writeCell(row[column]))), { header: true, columns: [...FORM_1099_NEC_COLUMNS], record_delimiter: 'windows' });

export const taxSummaryRoutes = ({ summaries, form1099Nec }: TaxSummaryRouteDependencies) =>
  new OpenAPIHono<AppEnv>({ defaultHook: validationHook }).openapi(
    createRoute({
      method: 'get',
      path: '/tax/summaries',
      tags: ['Tax'],
      summary: "Each affiliate's payments of a calendar year, and whether a 1099-NEC is due",
      description: 'One row per affiliate with completed payments in the year (UTC) in the key mode: per currency, converted to the reporting currency at each payment day, the form on file, and the 1099-NEC verdict (docs/tax.md). `format=csv` answers the 1099-NEC filing import instead: payer and recipient fields and box 1, with recipients\' TINs in the clear, so it needs a full-access key and writes an audit row. The payer TIN column is left empty (the service does not hold it). Not tax advice.',
      request: { query: Query },
      responses: {
        200: {
          description: 'The summaries, or with `format=csv` the 1099-NEC rows (one per recipient due a 1099-NEC: payer and recipient fields, box 1 in US dollars)',
          content: {
            'application/json': { schema: z.object({ data: z.array(SummarySchema) }) },
            'text/csv': { schema: z.string().openapi({ example: `${FORM_1099_NEC_COLUMNS.join(',')}\r\n` }) },
          },
        },
      },
    }),
    async (c) => {
      const { year, format } = c.req.valid('query');
      if (format === 'csv') {
        const refusal = writeKeyRefusal(c.get('principal'));
        if (refusal) throw refusal;
        const rows = await form1099Nec.rows(c.get('tenant'), year, c.get('principal').actor, requestOriginOf(c, 200));
        if (rows.isErr()) throw ApiError.from(rows.error);
        return c.body(csvOf(rows.value), 200, {
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': `attachment; filename="1099-nec-${year}.csv"`,
          'cache-control': 'no-store',
        });
      }
      const result = await summaries.execute(c.get('tenant'), year);
      if (result.isErr()) throw ApiError.from(result.error);
      return sendData(c, result.value.map((r) => ({ ...r, payments: [...r.payments] })));
    },
  );
