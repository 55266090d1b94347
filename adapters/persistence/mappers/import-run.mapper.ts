import type { ImportRun, ImportSource } from '../../../application/ports/imports.js';
import type { ImportState, Mode } from '../../../domain/index.js';
import type { Row } from '../schema/index.js';

/** An `imports` row as the run it records. */
export const runOf = (r: Row<'imports'>): ImportRun => ({
  id: r.id,
  tenant: { merchantId: r.merchant_id, mode: r.mode as Mode },
  source: r.source as ImportSource,
  dryRun: r.dry_run,
  state: r.state as ImportState,
  cursor: r.cursor,
  rowCount: r.row_count,
  progress: r.progress as ImportRun['progress'],
  preview: r.preview as ImportRun['preview'],
  failure: r.failure,
  campaignMap: (r.campaign_map ?? {}) as ImportRun['campaignMap'],
  createdAt: new Date(r.created_at),
  updatedAt: new Date(r.updated_at),
  finishedAt: r.finished_at === null ? null : new Date(r.finished_at),
});
