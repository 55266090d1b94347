import type { DueJob, JobRegistry } from '../../application/ports/jobs.js';

export class InMemoryJobRegistry implements JobRegistry {
  private readonly jobs = new Map<string, DueJob>();

  register(job: DueJob): void {
    if (this.jobs.has(job.name)) throw new Error(`Job ${job.name} is registered twice`);
    this.jobs.set(job.name, job);
  }

  list(): readonly DueJob[] {
    return [...this.jobs.values()];
  }
}
