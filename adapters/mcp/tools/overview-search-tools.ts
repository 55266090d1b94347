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

export const getProgramOverviewTool = (deps: OverviewSearchToolDependencies) =>
  defineTool({
    name: 'get_program_overview',
    title: 'This month at a glance',
    description:
      'The current calendar month (UTC) of the affiliate program so far, exactly as GET /api/v1/stats/overview: revenue, commissions ' +
      'and conversion count (single totals add all currencies as recorded, never converted), the per-currency breakdown (byCurrency), ' +
      "the month's leading currency, the top 5 affiliates by commission, and the 10 most recent conversions. Counts the key's mode " +
      '(live or test) only; rejected and refunded sales are not counted.',
    input: OverviewToolInput,
    output: OverviewSchema,
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
