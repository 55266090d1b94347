import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { TaxSummaries } from '../../../application/tax/tax-summaries.js';
import type { AppEnv } from '../app-env.js';
import { ApiError } from '../api-error.js';
import { sendData } from '../envelope.js';
import { validationHook } from '../validation.js';

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
const Query = z.object({ year: z.coerce.number().int().min(2000).max(2100).openapi({ description: 'The calendar year (UTC)', example: 2026 }) });

/** `/tax/summaries`: the year-end view an accountant starts from. */
export const taxSummaryRoutes = (summaries: TaxSummaries) =>
  new OpenAPIHono<AppEnv>({ defaultHook: validationHook }).openapi(
    createRoute({
      method: 'get',
      path: '/tax/summaries',
      tags: ['Tax'],
      summary: "Each affiliate's payments of a calendar year, and whether a 1099-NEC is due",
      description: 'One row per affiliate with completed payments in the year (UTC) in the key mode: per currency, converted to the reporting currency at each payment day, the form on file, and the 1099-NEC verdict (docs/tax.md). Not tax advice.',
      request: { query: Query },
      responses: { 200: { description: 'The summaries', content: { 'application/json': { schema: z.object({ data: z.array(SummarySchema) }) } } } },
    }),
    async (c) => {
      const result = await summaries.execute(c.get('tenant'), c.req.valid('query').year);
      if (result.isErr()) throw ApiError.from(result.error);
      return sendData(c, result.value.map((r) => ({ ...r, payments: [...r.payments] })));
    },
  );
