import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import {
  SEARCH_DEFAULT_LIMIT,
  SEARCH_MAX_LENGTH,
  SEARCH_MAX_LIMIT,
  SEARCH_MIN_LENGTH,
  SEARCH_TYPES,
  type Search,
  type SearchHit,
  type SearchType,
} from '../../../application/search/search.js';
import type { AppEnv } from '../app-env.js';
import { sendData } from '../envelope.js';
import { validationHook } from '../validation.js';

/** The `GET /search` query; also the input schema of the assistant tool `search` (adapters/mcp). */
export const SearchQuery = z.object({
  q: z
    .string()
    .trim()
    .min(SEARCH_MIN_LENGTH)
    .max(SEARCH_MAX_LENGTH)
    // A control character cannot be typed into a search box, and chr(31) separates the indexed fields.
    // eslint-disable-next-line no-control-regex
    .refine((q) => !/[\u0000-\u001f\u007f]/.test(q), 'must not contain control characters')
    .openapi({ example: 'jane', description: `At least ${SEARCH_MIN_LENGTH} characters; case-insensitive substring` }),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(SEARCH_MAX_LIMIT)
    .default(SEARCH_DEFAULT_LIMIT)
    .openapi({ example: SEARCH_DEFAULT_LIMIT, description: 'Results per category' }),
});

export const SearchResultSchema = z
  .object({
    id: z.string().openapi({ example: 'campaign:0194f3c2-…', description: '`<type>:<id>`, resolvable through the GET-by-id endpoint' }),
    title: z.string(),
    url: z.string().openapi({ description: 'The GET-by-id endpoint of the record' }),
    type: z.enum(SEARCH_TYPES),
  })
  .openapi('SearchResult');

const PATHS: Record<SearchType, string> = {
  campaign: 'campaigns',
  affiliate: 'affiliates',
  coupon: 'coupons',
  conversion: 'conversions',
};

/** The `data` of `GET /search` (and of the assistant tool `search`). */
export const searchResultsJson = (hits: readonly SearchHit[], publicBaseUrl: string): { results: z.infer<typeof SearchResultSchema>[] } => ({
  results: hits.map((h) => ({
    id: `${h.type}:${h.id}`,
    title: h.title,
    url: `${publicBaseUrl}/api/v1/${PATHS[h.type]}/${h.id}`,
    type: h.type,
  })),
});

export interface SearchDependencies {
  search: Search;
  /** Where the API is served (`PUBLIC_BASE_URL`), for result URLs. */
  publicBaseUrl: string;
}

/** `GET /search`: any valid key; the key's merchant and mode only. */
export const searchRoutes = (deps: SearchDependencies) =>
  new OpenAPIHono<AppEnv>({ defaultHook: validationHook }).openapi(
    createRoute({
      method: 'get',
      path: '/search',
      tags: ['Search'],
      summary: 'Campaigns, affiliates, coupon codes and conversions containing the text',
      request: { query: SearchQuery },
      responses: {
        200: {
          description: 'Matches, per category newest first',
          content: { 'application/json': { schema: z.object({ data: z.object({ results: z.array(SearchResultSchema) }) }) } },
        },
      },
    }),
    async (c) => {
      const { q, limit } = c.req.valid('query');
      const hits = await deps.search.execute(c.get('tenant'), q, limit);
      return sendData(c, searchResultsJson(hits, deps.publicBaseUrl));
    },
  );
