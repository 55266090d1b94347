import { moveImport, paceRequest } from '../../domain/index.js';
import type { Clock } from '../ports/clock.js';
import type { EventOutbox } from '../ports/event-outbox.js';
import type { FetchState, HostedApi, HostedFetch, HostedImportFetches, HostedSource } from '../ports/hosted-imports.js';
import { IMPORT_SOURCE_NAMES, type ImportRun } from '../ports/imports.js';
import type { DueJob } from '../ports/jobs.js';
import type { Logger } from '../ports/logger.js';
import type { Notices } from '../ports/notices.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';

/** Consecutive unavailable answers after which a run stops (each waited out first). */
const MAX_ERRORS = 5;
/** Pages read per round of the jobs: a large program does not hold the other jobs back. */
const PAGES_PER_ROUND = 200;

type Outcome = 'advanced' | 'waiting' | 'failed';

/**
 * The first half of a hosted import: reads the source's API one page at a time, each page's rows
 * stored with the run's cursor in one transaction (a crash re-reads at most the page in flight),
 * paced under the source's published limit and waiting out 429s by the service clock. When every
 * resource is read, the import job carries the rows with the same writer as a CSV import.
 */
export class FetchHostedImports implements DueJob {
  readonly name = 'fetch-hosted-imports';

  constructor(
    private readonly uow: UnitOfWork,
    private readonly fetches: HostedImportFetches,
    private readonly api: HostedApi,
    private readonly outbox: EventOutbox,
    private readonly notices: Notices,
    private readonly clock: Clock,
    private readonly logger: Logger,
  ) {}

  async runDue(): Promise<number> {
    let pages = 0;
    while (pages < PAGES_PER_ROUND) {
      let claimed: HostedFetch | null = null;
      let outcome: Outcome | null;
      try {
        outcome = await this.uow.transaction(async () => {
          claimed = await this.fetches.claimDue(this.clock.now());
          return claimed ? this.next(claimed) : null;
        });
      } catch (error) {
        // A run that cannot go on (a record the mapping cannot read, a key that no longer opens) ends
        // failed once, instead of being claimed again forever; the page it was on is not stored.
        if (!claimed) throw error;
        this.logger.warn({ err: error, importId: (claimed as HostedFetch).run.id }, 'hosted import read failed');
        const run = (claimed as HostedFetch).run;
        outcome = await this.uow.transaction(() => this.fail(run, `reading ${IMPORT_SOURCE_NAMES[run.source]} stopped on an unexpected error; start the import again (nothing is imported twice).`));
      }
      if (outcome === null) return pages;
      if (outcome === 'advanced') pages += 1;
    }
    return pages;
  }

  private async next({ run, state, credentials }: HostedFetch): Promise<Outcome> {
    const source = run.source as HostedSource;
    if (credentials === null) return this.fail(run, 'its API keys no longer open with the service\'s secret key; start the import again with the keys.');
    const now = this.clock.now();
    const pace = paceRequest(state.window, now.getTime(), this.api.budget(source));
    if (!pace.allowed) {
      await this.fetches.advance(run, [], state, new Date(pace.waitUntilMs));
      return 'waiting';
    }
    const paced: FetchState = { ...state, window: pace.window };
    const page = await this.api.page(source, credentials, state.step, state.cursor);
    if (page.kind === 'wait') {
      const errors = page.unavailable ? state.errors + 1 : 0;
      if (errors >= MAX_ERRORS) return this.fail(run, `${IMPORT_SOURCE_NAMES[source]} kept answering as unavailable; start the import again later (nothing is imported twice).`);
      await this.fetches.advance(run, [], { ...paced, waits: state.waits + 1, errors }, new Date(now.getTime() + page.waitMs));
      return 'waiting';
    }
    if (page.kind === 'refused') return this.fail(run, page.reason);
    const lastStep = state.step + 1 >= this.api.steps(source);
    const moved: FetchState =
      page.next !== null
        ? { ...paced, cursor: page.next, pages: state.pages + 1, errors: 0 }
        : { ...paced, step: state.step + 1, cursor: null, done: lastStep, pages: state.pages + 1, errors: 0 };
    await this.fetches.advance(run, page.rows, moved, null);
    return 'advanced';
  }

  private async fail(run: ImportRun, reason: string): Promise<Outcome> {
    const now = this.clock.now();
    const state = moveImport(run.state, 'failed');
    if (state.isErr()) return 'failed';
    this.logger.warn({ importId: run.id, source: run.source, reason }, 'hosted import stopped');
    await this.fetches.fail(run, reason, now);
    await this.outbox.record([{ merchantId: run.tenant.merchantId, mode: run.tenant.mode, type: 'import.failed', payload: { importId: run.id, source: run.source, dryRun: run.dryRun }, occurredAt: now }]);
    await this.notices.notify({ merchantId: run.tenant.merchantId, mode: run.tenant.mode, kind: 'import_failed', message: `Your ${IMPORT_SOURCE_NAMES[run.source]} import stopped: ${reason}` });
    return 'failed';
  }
}
