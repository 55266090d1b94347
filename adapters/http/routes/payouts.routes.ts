import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { PayoutQueries } from '../../../application/ports/payout-queries.js';
import type { PayoutConfiguration } from '../../../application/payouts/payout-configuration.js';
import type { ManualPayouts } from '../../../application/payouts/manual-payouts.js';
import { PAYOUT_STATUSES } from '../../../domain/index.js';
import { isUuid } from '../../ids/uuid-v7-generator.js';
import type { AppEnv } from '../app-env.js';
import { sendPage } from '../envelope.js';
import { requirePlan } from '../middleware/guards.js';
import { pageQuery, validationHook } from '../validation.js';
import { dateRangeQuery, toDateRange } from './date-range.js';
import { payoutJson, PayoutSchema } from './payout.json.js';

const ListQuery = z.object({
  status: z.enum(PAYOUT_STATUSES).optional(),
  affiliateId: z.string().optional(),
  conversionId: z.string().optional(),
  ...dateRangeQuery,
  ...pageQuery,
});

export interface PayoutRouteDependencies {
  payoutQueries: PayoutQueries;
  configuration: PayoutConfiguration;
  manual: ManualPayouts;
}

/** `GET /payouts`: the payout queue of the key's merchant and mode, newest first. Read-only. */
export const payoutRoutes = (deps: PayoutRouteDependencies) =>
  new OpenAPIHono<AppEnv>({ defaultHook: validationHook }).openapi(
    createRoute({
      method: 'get',
      path: '/payouts',
      tags: ['Payouts'],
      description: 'Any valid key (Pro and up). `from`/`to` filter on scheduledDate (a date covers its whole UTC day).',
      middleware: [requirePlan('professional', 'Payout reads')] as const,
      request: { query: ListQuery },
      responses: {
        200: {
          description: 'Payout queue rows of the key mode, newest first',
          content: { 'application/json': { schema: z.object({ data: z.array(PayoutSchema), pagination: z.any() }) } },
        },
      },
    }),
    async (c) => {
      const q = c.req.valid('query');
      // A filter on an id that cannot exist matches nothing.
      if ([q.affiliateId, q.conversionId].some((id) => id !== undefined && !isUuid(id))) {
        return sendPage(c, { items: [], total: 0, page: q.page, limit: q.limit }, payoutJson);
      }
      const page = await deps.payoutQueries.list(
        c.get('tenant'),
        { status: q.status, affiliateId: q.affiliateId?.toLowerCase(), conversionId: q.conversionId?.toLowerCase(), ...toDateRange(q) },
        { page: q.page, limit: q.limit },
      );
      return sendPage(c, page, payoutJson);
    },
  );
