import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { ExportProgram } from '../../../application/porting/export-program.js';
import type { Clock } from '../../../application/ports/clock.js';
import { programZip } from '../../porting/program-zip.js';
import type { AppEnv } from '../app-env.js';
import { validationHook } from '../validation.js';

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}(T[\d:.]+Z)?$/, 'an ISO 8601 date or UTC time')
  .refine((v) => !Number.isNaN(Date.parse(v)), 'not a date');
const ClickRangeQuery = z
  .object({
    clicksFrom: day.optional().openapi({ description: 'Clicks from this date or time (inclusive, UTC)', example: '2026-10-01' }),
    clicksTo: day.optional().openapi({ description: 'Clicks before this date or time (exclusive, UTC)', example: '2026-11-01' }),
  })
  .refine((q) => !q.clicksFrom || !q.clicksTo || Date.parse(q.clicksFrom) < Date.parse(q.clicksTo), { message: 'clicksFrom must be before clicksTo', path: ['clicksTo'] });

export interface ExportRouteDependencies {
  readonly exportProgram: ExportProgram;
  readonly clock: Clock;
}

/** `/exports` (extension): the whole program of the key's mode, to move it elsewhere or back it up. */
export const exportRoutes = (deps: ExportRouteDependencies) =>
  new OpenAPIHono<AppEnv>({ defaultHook: validationHook }).openapi(
    createRoute({
      method: 'get',
      path: '/exports',
      tags: ['Moving in and out'],
      summary: "The whole program of the key's mode as CSV files in one zip",
      description:
        'Every plan, read keys too. One file per resource in the documented portable format (docs/import-export.md): `campaigns.csv`, `affiliates.csv`, `referral_links.csv`, `coupons.csv`, `customers.csv`, `commissions.csv`, `payouts.csv`, `webhooks.csv` (webhook signing secrets are never exported), `clicks.csv` (of `clicksFrom`..`clicksTo`, every click without them), `teams.csv`, `team_members.csv`, `team_campaigns.csv`, `team_goals.csv`, `team_awards.csv`. Streamed while it is read, for a program of any size; `POST /imports` with `source: csv` reads the same files.',
      request: { query: ClickRangeQuery },
      responses: {
        200: {
          description: 'The zip',
          content: { 'application/zip': { schema: z.string().openapi({ format: 'binary' }) } },
        },
      },
    }),
    (c) => {
      const tenant = c.get('tenant');
      const query = c.req.valid('query');
      const today = deps.clock.now().toISOString().slice(0, 10);
      const clicks = { from: new Date(query.clicksFrom ?? 0), to: query.clicksTo ? new Date(query.clicksTo) : new Date(8.64e15) };
      return c.body(programZip(deps.exportProgram.files(tenant, clicks)), 200, {
        'content-type': 'application/zip',
        'content-disposition': `attachment; filename="program-${tenant.mode}-${today}.zip"`,
      });
    },
  );
