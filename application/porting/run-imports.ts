import { campaignChosenFor, moveImport } from '../../domain/index.js';
import type { Clock } from '../ports/clock.js';
import type { EventOutbox } from '../ports/event-outbox.js';
import { IMPORT_SOURCE_NAMES, type ImportRow, type ImportRun, type ImportRuns, type ImportWriter } from '../ports/imports.js';
import type { DueJob } from '../ports/jobs.js';
import type { Logger } from '../ports/logger.js';
import type { Notices } from '../ports/notices.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import { countOutcome, type ImportProgress, type PreviewItem, type RowOutcome } from './import-progress.js';
import { PAIR_KEYS } from './program-files.js';
import { rowProblem } from './row-checks.js';

/** Rows carried per transaction: a crash loses at most one batch, which the next run does again. */
const BATCH = 500;

class DryRunOver extends Error {
  constructor(
    readonly progress: ImportProgress,
    readonly preview: readonly PreviewItem[],
  ) {
    super('dry run rolled back');
  }
}

const summaryOf = (row: ImportRow): string => row.data.name || row.data.email || row.data.code || row.data.order_id || row.data.url || '';

/**
 * The import job: takes the oldest unfinished run (one worker per run, others skip it) and carries a
 * batch of its rows, saving the cursor and progress with them. A dry run carries every row inside one
 * transaction that is rolled back, keeping only what it counted and the preview of what it would create.
 */
export class RunImports implements DueJob {
  readonly name = 'run-imports';

  constructor(
    private readonly uow: UnitOfWork,
    private readonly runs: ImportRuns,
    private readonly writer: ImportWriter,
    private readonly outbox: EventOutbox,
    private readonly notices: Notices,
    private readonly clock: Clock,
    private readonly logger: Logger,
  ) {}

  async runDue(): Promise<number> {
    let handled = 0;
    for (;;) {
      let claimed: ImportRun | null = null;
      try {
        const done = await this.uow.transaction(async () => {
          claimed = await this.runs.claimDue();
          if (!claimed) return null;
          return claimed.dryRun ? this.dryRun(claimed) : this.batch(claimed);
        });
        if (done === null) return handled;
        handled += done;
      } catch (error) {
        // A run that cannot go on (not a refused row: those are counted) ends failed, once, instead of retrying forever.
        if (!claimed) throw error;
        await this.fail(claimed, error);
        handled += 1;
      }
    }
  }

  private async fail(run: ImportRun, error: unknown): Promise<void> {
    this.logger.warn({ err: error, importId: run.id }, 'import failed');
    const now = this.clock.now();
    const state = moveImport(run.state, 'failed');
    if (state.isErr()) return;
    await this.uow.transaction(async () => {
      await this.runs.save({ ...run, state: state.value, failure: 'The import stopped on an unexpected error; what was carried before it stays.', updatedAt: now, finishedAt: now });
      await this.outbox.record([{ merchantId: run.tenant.merchantId, mode: run.tenant.mode, type: 'import.failed', payload: { importId: run.id, source: run.source, dryRun: run.dryRun }, occurredAt: now }]);
      await this.notices.notify({ merchantId: run.tenant.merchantId, mode: run.tenant.mode, kind: 'import_failed', message: `Your ${IMPORT_SOURCE_NAMES[run.source]} import stopped on an error; start it again to carry the rest (nothing is imported twice).` });
    });
  }

  /** One row in its own savepoint: a row the database refuses rolls back alone and is reported. */
  private async carry(run: ImportRun, row: ImportRow): Promise<RowOutcome> {
    try {
      return await this.uow.transaction(() => this.writer.apply(run, row));
    } catch (error) {
      this.logger.warn({ err: error, importId: run.id, seq: row.seq }, 'import row refused');
      return { kind: 'failed', reason: error instanceof Error ? error.message.split('\n')[0]! : 'refused' };
    }
  }

  /**
   * A batch's rows carried together: rows wrong on their face are reported without reaching the
   * writer, the rest written in one go. Should storage refuse that write, it is undone and the rows
   * are carried one by one, so only the row at fault is reported and the others still go in.
   */
  private async carryBatch(run: ImportRun, rows: readonly ImportRow[]): Promise<RowOutcome[]> {
    const refused = rows.map((row): RowOutcome | null => {
      const problem = rowProblem(row);
      return problem === null ? null : { kind: 'failed', reason: problem };
    });
    const sound = rows.filter((_, i) => refused[i] === null);
    const written = sound.length === 0 ? [] : await this.writeTogether(run, sound);
    let next = 0;
    return refused.map((outcome) => outcome ?? written[next++]!);
  }

  private async writeTogether(run: ImportRun, rows: readonly ImportRow[]): Promise<RowOutcome[]> {
    try {
      return await this.uow.transaction(() => this.writer.applyBatch(run, rows));
    } catch (error) {
      this.logger.warn({ err: error, importId: run.id, seq: rows[0]?.seq }, 'import batch refused; carrying its rows one by one');
      const outcomes: RowOutcome[] = [];
      for (const row of rows) outcomes.push(await this.carry(run, row));
      return outcomes;
    }
  }

  private async batch(run: ImportRun): Promise<number> {
    const rows = await this.runs.rows(run.id, run.cursor, BATCH);
    let progress = run.progress;
    const outcomes = await this.carryBatch(run, rows);
    rows.forEach((row, i) => {
      progress = countOutcome(progress, row.resource, externalIdOf(row), outcomes[i]!);
    });
    const cursor = run.cursor + rows.length;
    await this.finishOrContinue({ ...run, progress, cursor }, cursor >= run.rowCount);
    return rows.length;
  }

  private async dryRun(run: ImportRun): Promise<number> {
    let counted: DryRunOver;
    try {
      await this.uow.transaction(async () => {
        let progress: ImportProgress = {};
        const preview: PreviewItem[] = [];
        for (let from = 0; from < run.rowCount; from += BATCH) {
          const rows = await this.runs.rows(run.id, from, BATCH);
          const outcomes = await this.carryBatch(run, rows);
          for (const [i, row] of rows.entries()) {
            const outcome = outcomes[i]!;
            progress = countOutcome(progress, row.resource, externalIdOf(row), outcome);
            const externalId = externalIdOf(row) ?? '';
            if (outcome.kind === 'created') preview.push({ resource: row.resource, externalId, summary: summaryOf(row) });
            else if (outcome.kind === 'matched' && row.resource === 'campaigns' && campaignChosenFor(run.campaignMap, externalId) !== undefined) {
              preview.push({ resource: row.resource, externalId, summary: summaryOf(row), matchedId: outcome.internalId });
            }
          }
        }
        throw new DryRunOver(progress, preview);
      });
      throw new Error('a dry run must roll back');
    } catch (error) {
      if (!(error instanceof DryRunOver)) throw error;
      counted = error;
    }
    await this.finishOrContinue({ ...run, progress: counted.progress, preview: counted.preview, cursor: run.rowCount }, true);
    return run.rowCount;
  }

  private async finishOrContinue(run: ImportRun, finished: boolean): Promise<void> {
    const now = this.clock.now();
    const state = moveImport(run.state, finished ? 'completed' : 'running');
    if (state.isErr()) return;
    const next: ImportRun = { ...run, state: state.value, updatedAt: now, finishedAt: finished ? now : null };
    await this.runs.save(next);
    if (!finished) return;
    const totals = Object.fromEntries(Object.entries(next.progress).map(([resource, p]) => [resource, { read: p.read, created: p.created, matched: p.matched, skipped: p.skipped, failed: p.failed }]));
    await this.outbox.record([
      { merchantId: run.tenant.merchantId, mode: run.tenant.mode, type: 'import.completed', payload: { importId: run.id, source: run.source, dryRun: run.dryRun, totals }, occurredAt: now },
    ]);
    const failed = Object.values(next.progress).reduce((sum, p) => sum + p.failed + p.skipped, 0);
    await this.notices.notify({
      merchantId: run.tenant.merchantId,
      mode: run.tenant.mode,
      kind: 'import_completed',
      message: `${run.dryRun ? 'The dry run of your' : 'Your'} ${IMPORT_SOURCE_NAMES[run.source]} import is done: ${run.rowCount} rows read${failed > 0 ? `, ${failed} not carried (see the import for each row's reason)` : ''}.`,
    });
  }
}

export const externalIdOf = (row: ImportRow): string | null => {
  const pair = PAIR_KEYS[row.resource];
  return pair ? `${row.data[pair[0]] ?? ''}:${row.data[pair[1]] ?? ''}` : (row.data.id ?? null);
};
