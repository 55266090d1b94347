import { PgBoss, fromKysely } from 'pg-boss';
import type { Clock } from '../../application/ports/clock.js';
import type { JobQueue, JobRegistry } from '../../application/ports/jobs.js';
import type { Logger } from '../../application/ports/logger.js';
import { currentDb, inTransaction, type Orm } from '../persistence/orm.js';
import type { RequestScope } from '../persistence/mikro-orm-request-scope.js';

export interface PgBossOptions {
  readonly databaseUrl: string;
  readonly poolMax: number;
  /** Cron for each registered job's "run what is due" tick. */
  readonly tickCron: string;
}

/**
 * pg-boss keeps the queue in PostgreSQL: every service process on the database works the same queues,
 * a cron schedule is sent once cluster-wide, and a job is fetched by one worker only.
 */
export class PgBossJobs implements JobQueue {
  private constructor(
    readonly boss: PgBoss,
    private readonly orm: Orm,
  ) {}

  static async start(options: PgBossOptions, orm: Orm, logger: Logger): Promise<PgBossJobs> {
    const boss = new PgBoss({ connectionString: options.databaseUrl, max: options.poolMax, schema: 'pgboss' });
    boss.on('error', (error: unknown) => logger.error({ err: error }, 'job queue error'));
    await boss.start();
    return new PgBossJobs(boss, orm);
  }

  /** Inside `UnitOfWork.transaction` the job is inserted on the transaction's connection. */
  async enqueue(queue: string, data: Readonly<Record<string, unknown>>, options: { startAfter?: Date } = {}) {
    await this.boss.createQueue(queue);
    const db = inTransaction(this.orm) ? fromKysely(currentDb(this.orm)) : undefined;
    return this.boss.send(queue, { ...data }, { ...(db ? { db } : {}), ...(options.startAfter ? { startAfter: options.startAfter } : {}) });
  }

  /** Schedules a tick per registered job and works it: each tick runs the job's due work once. */
  async scheduleDueJobs(registry: JobRegistry, clock: Clock, scope: RequestScope, logger: Logger, tickCron: string) {
    for (const job of registry.list()) {
      const queue = `due-${job.name}`;
      await this.boss.createQueue(queue, { policy: 'singleton' });
      await this.boss.schedule(queue, tickCron);
      await this.boss.work(queue, async () => {
        const processed = await scope(() => job.runDue(clock.now()));
        if (processed > 0) logger.info({ job: job.name, processed }, 'background job ran');
      });
    }
  }

  async stop(): Promise<void> {
    await this.boss.stop({ graceful: true, timeout: 10_000 });
  }
}
