import type { TxtResolver } from '../application/ports/txt-resolver.js';
import type { HostedApi } from '../application/ports/hosted-imports.js';
import type { Logger as Pino } from 'pino';
import type { Container } from './token.js';
import { AdjustableClock } from '../adapters/clock/adjustable-clock.js';
import { SystemClock } from '../adapters/clock/system-clock.js';
import { createHttpApp, type HttpApp } from '../adapters/http/app.js';
import { PgBossJobs } from '../adapters/jobs/pg-boss-jobs.js';
import { PollLoop } from '../adapters/jobs/poll-loop.js';
import type { HostResolver } from '../adapters/webhooks/host-resolver.js';
import { PinoLogger } from '../adapters/logging/pino-logger.js';
import { applyMigrations, openOrm, type Orm } from '../adapters/persistence/orm.js';
import { SqlClockOffsetStore } from '../adapters/persistence/sql-clock-offset-store.js';
import { PgChangeFeed } from '../adapters/persistence/pg-change-feed.js';
import type { ClockControl } from '../application/ports/clock.js';
import type { ServiceConfig } from './config.js';
import { buildContainer, httpDependencies } from './container.js';
import { TOKENS } from './tokens.js';
import { resealPayoutCredentials } from './modules/payouts.module.js';
import { resealTaxForms } from './modules/tax.module.js';

export interface Service {
  readonly app: HttpApp;
  readonly container: Container;
  readonly orm: Orm;
  readonly jobs: PgBossJobs;
  close(): Promise<void>;
}

/** Adapters a test may swap for the whole service. */
export interface AdapterOverrides {
  /** Resolves webhook host names (default: the system resolver). */
  readonly hostResolver?: HostResolver;
  /** Answers DNS TXT look-ups for portal domain proofs (default: node:dns). */
  readonly txtResolver?: TxtResolver;
  /** Reads the hosted products' APIs for imports (default: their public addresses). */
  readonly hostedApi?: HostedApi;
}

/** Everything but the listening socket: database, migrations, clock, queue, container, HTTP app. */
export const buildService = async (
  config: ServiceConfig,
  databaseUrl: string,
  pino: Pino,
  overrides: AdapterOverrides = {},
): Promise<Service> => {
  const logger = new PinoLogger(pino);
  const orm = await openOrm({ databaseUrl, poolMax: config.dbPoolMax, readLanes: config.dbReadLanes });
  const changeFeed = new PgChangeFeed(databaseUrl, logger);
  try {
    await applyMigrations(orm);
    await changeFeed.start();
    let clock: ClockControl;
    if (config.testClock) {
      const store = new SqlClockOffsetStore(orm);
      // A move is expected, so the response that made it leaves once every process has reloaded the clock.
      const adjustable = new AdjustableClock({ load: () => store.load(), save: (offsetMs) => (changeFeed.expect({ kind: 'clock', id: '' }), store.save(offsetMs)) });
      await adjustable.load();
      // Every process reads the same clock: a move made through any process is picked up at once.
      const reload = () => adjustable.load().catch((error: unknown) => logger.warn({ err: (error as Error).message }, 'test clock reload failed'));
      changeFeed.subscribe({ changed: (change) => (change.kind === 'clock' ? reload() : undefined), expected: () => undefined, reset: () => void reload() });
      clock = adjustable;
    } else {
      clock = new SystemClock();
    }
    let pollLoop: PollLoop | null = null;
    let mailLoop: PollLoop | null = null;
    const jobs = await PgBossJobs.start({ databaseUrl, poolMax: config.jobsPoolMax, tickCron: config.jobTickCron }, orm, logger);
    const container = buildContainer({ config, orm, pino, clock, jobQueue: jobs, changeFeed, hostResolver: overrides.hostResolver, txtResolver: overrides.txtResolver, hostedApi: overrides.hostedApi });
    if (config.runJobs) {
      await jobs.scheduleDueJobs(container.resolve(TOKENS.JobRegistry), clock, container.resolve(TOKENS.RequestScope), logger, config.jobTickCron);
      // Webhooks cannot wait for the per-minute tick: this process also polls for them (see decisions).
      // The poll starts deliveries and returns; answers claim more as they come (dispatch-webhooks.ts).
      const dispatch = container.resolve(TOKENS.DispatchWebhooks);
      pollLoop = new PollLoop(
        [{ name: dispatch.name, runDue: (now) => dispatch.startDue(now) }],
        config.webhookPollIntervalMs,
        clock,
        container.resolve(TOKENS.RequestScope),
        logger,
      );
      pollLoop.start();
      // A sign-in link is wanted now, not at the next minute's tick.
      if (container.isRegistered(TOKENS.DeliverMail)) {
        mailLoop = new PollLoop(
          [container.resolve(TOKENS.DeliverMail)],
          config.mailPollIntervalMs,
          clock,
          container.resolve(TOKENS.RequestScope),
          logger,
        );
        mailLoop.start();
      }
    }
    const resealed = await resealPayoutCredentials(container);
    if (resealed > 0) logger.info({ resealed }, 'payout credentials resealed with the current SECRET_KEY');
    const resealedForms = await resealTaxForms(container);
    if (resealedForms > 0) logger.info({ resealed: resealedForms }, 'tax forms resealed with the current SECRET_KEY');
    const app = createHttpApp(httpDependencies(container));
    return {
      app,
      container,
      orm,
      jobs,
      async close() {
        await pollLoop?.stop();
        await mailLoop?.stop();
        await container.resolve(TOKENS.RateLimiter).close();
        await container.resolve(TOKENS.ClickWriter).close();
        await container.resolve(TOKENS.AuditLog).close();
        await jobs.stop();
        await changeFeed.close();
        // Attempts in flight finish and are recorded while the pool is still open.
        await container.resolve(TOKENS.DispatchWebhooks).drain();
        await orm.close(true);
      },
    };
  } catch (error) {
    await changeFeed.close();
    await orm.close(true);
    throw error;
  }
};
