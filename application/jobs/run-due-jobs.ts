import type { Clock } from '../ports/clock.js';
import type { JobRegistry } from '../ports/jobs.js';

/** Runs every registered job's due work once, at the service clock's now, one job after another. */
export class RunDueJobs {
  constructor(
    private readonly registry: JobRegistry,
    private readonly clock: Clock,
  ) {}

  async execute(): Promise<Record<string, number>> {
    const processed: Record<string, number> = {};
    for (const job of this.registry.list()) {
      processed[job.name] = await job.runDue(this.clock.now());
    }
    return processed;
  }
}
