import { z } from '@hono/zod-openapi';
import type { Search } from '../../../application/search/search.js';
import type { GetOverview } from '../../../application/stats/get-overview.js';
import { SearchQuery, searchResultsJson, SearchResultSchema } from '../../http/routes/search.routes.js';
import { overviewJson, OverviewSchema } from '../../http/routes/stats.routes.js';
import { defineTool } from '../tool.js';

export interface OverviewSearchToolDependencies {
  readonly getOverview: GetOverview;
  readonly search: Search;
  /** Base of result URLs, as `GET /search` gives them. */
  readonly publicBaseUrl: string;
}

/** `GET /stats/overview` takes no parameters. */
export const OverviewToolInput = z.object({});

const TotalsNoteSchema = z.object({
  addsCurrencies: z.boolean().describe('true when revenue and commissions add amounts of more than one currency'),
  currencies: z.array(z.string()).describe('The currencies the single totals add, as recorded'),
  note: z.string(),
});

type Overview = z.infer<typeof OverviewSchema>;

/** What the single totals are: one currency's figures, or several currencies added as recorded (never converted). */
export const totalsNote = (overview: Overview): z.infer<typeof TotalsNoteSchema> => {
  const currencies = overview.byCurrency.map((row) => row.currency);
  if (currencies.length <= 1) {
    return { addsCurrencies: false, currencies, note: currencies.length === 1 ? `revenue and commissions are in ${currencies[0]}` : 'no sales this month' };
  }
  return {
    addsCurrencies: true,
    currencies,
    note:
      `revenue and commissions add ${currencies.join(', ')} amounts as recorded, without converting them, so they are not a sum in any one currency: ` +
      'quote the per-currency figures of data.byCurrency instead',
  };
};

export const getProgramOverviewTool = (deps: OverviewSearchToolDependencies) =>
  defineTool({
    name: 'get_program_overview',
    title: 'This month at a glance',
    description:
      'The current calendar month (UTC) of the affiliate program so far, exactly as GET /api/v1/stats/overview: revenue, commissions ' +
      'and conversion count (single totals add all currencies as recorded, never converted), the per-currency breakdown (byCurrency), ' +
      "the month's leading currency, the top 5 affiliates by commission, and the 10 most recent conversions. Counts the key's mode " +
      '(live or test) only; rejected and refunded sales are not counted. Beside data, totals says whether revenue and commissions add ' +
      'several currencies (then quote data.byCurrency, not the single totals).',
    input: OverviewToolInput,
    output: OverviewSchema,
    outputEnvelope: z.object({ data: OverviewSchema, totals: TotalsNoteSchema }),
    envelope: (data) => ({ data, totals: totalsNote(data as Overview) }),
    annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    async run(_args, ctx) {
      return overviewJson(await deps.getOverview.execute(ctx.tenant));
    },
  });

export const searchTool = (deps: OverviewSearchToolDependencies) =>
  defineTool({
    name: 'search',
    title: 'Search campaigns, affiliates, coupons and conversions',
    description:
      'Finds campaigns (name), affiliates (name, email), coupon codes and conversions (order id, customer name or email) whose text ' +
      'contains q, ignoring case, exactly as GET /api/v1/search: up to limit results per category (default 5, max 20), newest first. ' +
      'Each result is { id, title, url, type } with a composite id such as conversion:<id>; pass it to fetch for the whole object. ' +
      "Only this merchant's records in the key's mode (live or test).",
    input: SearchQuery,
    output: z.object({ results: z.array(SearchResultSchema) }),
    annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    async run({ q, limit }, ctx) {
      return searchResultsJson(await deps.search.execute(ctx.tenant, q, limit), deps.publicBaseUrl);
    },
  });
