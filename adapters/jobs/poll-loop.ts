import type { Clock } from '../../application/ports/clock.js';
import type { DueJob } from '../../application/ports/jobs.js';
import type { Logger } from '../../application/ports/logger.js';
import type { RequestScope } from '../persistence/mikro-orm-request-scope.js';

/**
 * Runs latency-sensitive jobs (webhook delivery) every `intervalMs` in this process, on top of the
 * per-minute pg-boss tick. Runs never overlap within the process; other processes may run the same
 * job at once, which the jobs allow (they claim rows with `SKIP LOCKED`).
 */
export class PollLoop {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = false;

  constructor(
    private readonly jobs: readonly DueJob[],
    private readonly intervalMs: number,
    private readonly clock: Clock,
    private readonly scope: RequestScope,
    private readonly logger: Logger,
  ) {}

  start(): void {
    if (this.jobs.length === 0 || this.intervalMs <= 0) return;
    this.schedule(0);
  }

  private schedule(delay: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.tick().finally(() => {
        this.running = null;
        this.schedule(this.intervalMs);
      });
    }, delay);
    this.timer.unref();
  }

  private async tick(): Promise<void> {
    for (const job of this.jobs) {
      if (this.stopped) return;
      try {
        const processed = await this.scope(() => job.runDue(this.clock.now()));
        if (processed > 0) this.logger.info({ job: job.name, processed }, 'background job ran');
      } catch (error) {
        this.logger.error({ err: error, job: job.name }, 'background job failed');
      }
    }
  }

  /** Stops scheduling and waits for a run in progress. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }
}
