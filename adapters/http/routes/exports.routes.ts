import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { ExportProgram } from '../../../application/porting/export-program.js';
import type { Clock } from '../../../application/ports/clock.js';
import { programZip } from '../../porting/program-zip.js';
import type { AppEnv } from '../app-env.js';
import { validationHook } from '../validation.js';

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
        'Every plan, read keys too. One file per resource in the documented portable format (docs/import-export.md): `campaigns.csv`, `affiliates.csv`, `referral_links.csv`, `coupons.csv`, `customers.csv`, `commissions.csv`, `payouts.csv`, `webhooks.csv` (webhook signing secrets are never exported). Streamed while it is read, for a program of any size; `POST /imports` with `source: csv` reads the same files.',
      responses: {
        200: {
          description: 'The zip',
          content: { 'application/zip': { schema: z.string().openapi({ format: 'binary' }) } },
        },
      },
    }),
    (c) => {
      const tenant = c.get('tenant');
      const day = deps.clock.now().toISOString().slice(0, 10);
      return c.body(programZip(deps.exportProgram.files(tenant)), 200, {
        'content-type': 'application/zip',
        'content-disposition': `attachment; filename="program-${tenant.mode}-${day}.zip"`,
      });
    },
  );
