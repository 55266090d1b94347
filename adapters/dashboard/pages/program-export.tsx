/** @jsxImportSource hono/jsx */
import { Hono } from 'hono';
import type { ExportProgram } from '../../../application/porting/export-program.js';
import type { Clock } from '../../../application/ports/clock.js';
import { programZip } from '../../porting/program-zip.js';
import type { DashboardEnv } from '../dashboard-env.js';

export const PROGRAM_EXPORT_PATH = '/dashboard/export';

/** The overview's way out: the same zip as `GET /api/v1/exports`, in the mode the dashboard shows. */
export const ProgramExportLink = () => (
  <section aria-labelledby="take-it-with-you" class="card">
    <h2 id="take-it-with-you" class="flush-top">Take your program with you</h2>
    <p>Every campaign, affiliate, referral link, coupon, customer, commission, payout, webhook (without its secret), click, team, goal and award of this mode, as CSV files in one zip. The same files import back here or anywhere that reads them.</p>
    <div class="actions">
      <a href={PROGRAM_EXPORT_PATH} download class="button">
        Download everything (zip)
      </a>
      <a href="/dashboard/import" class="button secondary">
        Import a program
      </a>
    </div>
  </section>
);

export const programExportRoutes = (deps: { readonly exportProgram: ExportProgram; readonly clock: Clock }) =>
  new Hono<DashboardEnv>().get('/export', (c) => {
    const tenant = c.get('tenant');
    const day = deps.clock.now().toISOString().slice(0, 10);
    return c.body(programZip(deps.exportProgram.files(tenant)), 200, {
      'content-type': 'application/zip',
      'content-disposition': `attachment; filename="program-${tenant.mode}-${day}.zip"`,
    });
  });
