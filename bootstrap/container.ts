import type { TxtResolver } from '../application/ports/txt-resolver.js';
import type { HostedApi } from '../application/ports/hosted-imports.js';
import 'reflect-metadata';
import type { Logger as Pino } from 'pino';
import { container as rootContainer } from 'tsyringe';
import { typed, type Container } from './token.js';
import { single } from './modules/single.js';
import { AuthenticateApiKey } from '../application/api-keys/authenticate-api-key.js';
import { IssueApiKey } from '../application/api-keys/issue-api-key.js';
import { RevokeApiKey } from '../application/api-keys/revoke-api-key.js';
import { RunDueJobs } from '../application/jobs/run-due-jobs.js';
import { CreateMerchant } from '../application/merchants/create-merchant.js';
import { UpdateMerchant, } from '../application/merchants/update-merchant.js';
import type { ClockControl } from '../application/ports/clock.js';
import type { JobQueue } from '../application/ports/jobs.js';
import type { HttpDependencies } from '../adapters/http/app.js';
import { UuidV7Generator } from '../adapters/ids/uuid-v7-generator.js';
import { InMemoryJobRegistry } from '../adapters/jobs/in-memory-job-registry.js';
import { PinoLogger } from '../adapters/logging/pino-logger.js';
import { SqlEventOutbox } from '../adapters/persistence/sql-event-outbox.js';
import { requestScope } from '../adapters/persistence/mikro-orm-request-scope.js';
import { SqlUnitOfWork } from '../adapters/persistence/sql-unit-of-work.js';
import type { Orm } from '../adapters/persistence/orm.js';
import { CachedApiKeyLookup } from '../adapters/cache/cached-api-key-lookup.js';
import type { ChangeFeed } from '../adapters/cache/change-feed.js';
import { SqlApiKeyLookup } from '../adapters/persistence/repositories/sql-api-key-lookup.js';
import { pgReadiness } from '../adapters/persistence/pg-readiness.js';
import { SqlApiKeyRepository } from '../adapters/persistence/repositories/sql-api-key-repository.js';
import { SqlAuditLog } from '../adapters/persistence/repositories/sql-audit-log.js';
import { SqlMerchantRepository } from '../adapters/persistence/repositories/sql-merchant-repository.js';
import { registerIdempotency } from './modules/idempotency.module.js';
import { registerRetention } from './modules/retention.module.js';
import { SqlMerchantDirectory } from '../adapters/persistence/repositories/sql-merchant-directory.js';
import { SqlNotificationRepository } from '../adapters/persistence/repositories/sql-notification-repository.js';
import { PgBatchedRateLimiter } from '../adapters/persistence/rate-limit/pg-batched-rate-limiter.js';
import { campaignsAndAffiliatesHttp, registerCampaignsAndAffiliates } from './modules/campaigns-affiliates.module.js';
import type { ServiceConfig } from './config.js';
import type { HostResolver } from '../adapters/webhooks/host-resolver.js';
import { registerWebhookJob, registerWebhooks, webhooksHttp } from './modules/webhooks.module.js';
import { conversionAdminDependencies, conversionRouteDependencies, registerConversions } from './modules/conversions.module.js';
import { registerStatsSearch, statsSearchHttp } from './modules/stats-search.module.js';
import { couponRouteDependencies, registerCoupons } from './modules/coupons.module.js';
import { ingestDependencies, integrationRouteDependencies, registerSales } from './modules/sales.module.js';
import { payoutAdminDependencies, payoutRouteDependencies, registerPayouts } from './modules/payouts.module.js';
import { mcpDependencies, registerMcp } from './modules/mcp.module.js';
import { registerTeams, teamRouteDependencies } from './modules/teams.module.js';
import { registerRisk, riskHttp } from './modules/risk.module.js';
import { registerMail, registerMailJob } from './modules/mail.module.js';
import { notificationsHttp, registerNotifications } from './modules/notifications.module.js';
import { TOKENS as T } from './tokens.js';
import { registerWebSessions } from './modules/web-sessions.module.js';
import { portalHttp, registerPortal } from './modules/portal.module.js';
import { registerTax, taxHttp } from './modules/tax.module.js';
import { merchantUserAdminDependencies, registerMerchantUsers } from './modules/merchant-users.module.js';
import { dashboardDependencies, registerDashboard } from './modules/dashboard.module.js';
import { customersHttp, registerCustomers } from './modules/customers.module.js';
import { portingHttp, registerPorting } from './modules/porting.module.js';
import { privacyHttp, registerPrivacy } from './modules/privacy.module.js';

export interface Infrastructure {
  readonly config: ServiceConfig;
  readonly orm: Orm;
  readonly pino: Pino;
  readonly clock: ClockControl;
  readonly jobQueue: JobQueue;
  /** Announces committed changes to what processes keep in memory. */
  readonly changeFeed: ChangeFeed;
  /** Webhook host names are resolved with it (tests point names at chosen addresses); default: the system resolver. */
  readonly hostResolver?: HostResolver | undefined;
  readonly txtResolver?: TxtResolver | undefined;
  readonly hostedApi?: HostedApi | undefined;
}


/** Wires every adapter to its port and every use case to its adapters, by factory (no decorators). */
export const buildContainer = (infra: Infrastructure): Container => {
  const c = typed(rootContainer.createChildContainer());
  c.register(T.Config, { useValue: infra.config });
  c.register(T.Orm, { useValue: infra.orm });
  c.register(T.Pino, { useValue: infra.pino });
  c.register(T.Clock, { useValue: infra.clock });
  c.register(T.JobQueue, { useValue: infra.jobQueue });
  c.register(T.ChangeFeed, { useValue: infra.changeFeed });
  c.register(T.Logger, single(() => new PinoLogger(infra.pino)));
  c.register(T.Ids, single(() => new UuidV7Generator()));
  c.register(T.UnitOfWork, single((r) => new SqlUnitOfWork(r.resolve(T.Orm))));
  c.register(T.RequestScope, single(() => requestScope));
  c.register(T.EventOutbox, single((r) => new SqlEventOutbox(r.resolve(T.Orm), r.resolve(T.Ids))));
  c.register(T.JobRegistry, single(() => new InMemoryJobRegistry()));
  c.register(T.MerchantRepository, single((r) => new SqlMerchantRepository(r.resolve(T.Orm), r.resolve(T.ChangeFeed))));
  c.register(T.MerchantDirectory, single((r) => new SqlMerchantDirectory(r.resolve(T.Orm))));
  c.register(T.ApiKeyRepository, single((r) => new SqlApiKeyRepository(r.resolve(T.Orm), r.resolve(T.ChangeFeed))));
  c.register(T.AuditLog, single((r) => new SqlAuditLog(r.resolve(T.Orm))));
  c.register(T.NotificationRepository, single((r) => new SqlNotificationRepository(r.resolve(T.Orm))));
  // Decided in memory, shared through the database in batches (docs/decisions.md).
  c.register(
    T.RateLimiter,
    single(
      (r) =>
        new PgBatchedRateLimiter(r.resolve(T.Orm), r.resolve(T.Logger), {
          mergeIntervalMs: infra.config.batchIntervalMs,
          idleMs: 1_000,
        }),
    ),
  );
  c.register(
    T.ApiKeyLookup,
    single(
      (r) =>
        new CachedApiKeyLookup(new SqlApiKeyLookup(r.resolve(T.Orm)), r.resolve(T.ChangeFeed), {
          ttlMs: infra.config.memoryCacheTtlMs,
          maxEntries: 10_000,
        }),
    ),
  );
  c.register(T.AuthenticateApiKey, single((r) => new AuthenticateApiKey(r.resolve(T.ApiKeyLookup))));
  c.register(
    T.CreateMerchant,
    single((r) => new CreateMerchant(r.resolve(T.UnitOfWork), r.resolve(T.MerchantRepository), r.resolve(T.Ids), r.resolve(T.Clock))),
  );
  c.register(
    T.UpdateMerchant,
    single(
      (r) =>
        new UpdateMerchant(
          r.resolve(T.UnitOfWork),
          r.resolve(T.MerchantRepository),
          r.resolve(T.Clock),
          r.isRegistered(T.PlanChangeHandler, true) ? r.resolveAll(T.PlanChangeHandler) : [],
        ),
    ),
  );
  c.register(
    T.IssueApiKey,
    single(
      (r) =>
        new IssueApiKey(
          r.resolve(T.UnitOfWork),
          r.resolve(T.MerchantRepository),
          r.resolve(T.ApiKeyRepository),
          r.resolve(T.Ids),
          r.resolve(T.Clock),
        ),
    ),
  );
  c.register(T.RevokeApiKey, single((r) => new RevokeApiKey(r.resolve(T.UnitOfWork), r.resolve(T.ApiKeyRepository), r.resolve(T.Clock))));
  c.register(T.RunDueJobs, single((r) => new RunDueJobs(r.resolve(T.JobRegistry), r.resolve(T.Clock))));
  registerMail(c, infra.config);
  registerNotifications(c);
  registerCampaignsAndAffiliates(c, infra.config);
  registerWebhooks(c, infra.hostResolver);
  registerConversions(c);
  registerRisk(c);
  registerCoupons(c);
  // Before payouts: the payout job asks the tax-details gate.
  registerTax(c);
  registerPayouts(c);
  registerStatsSearch(c);
  registerTeams(c);
  registerIdempotency(c);
  registerRetention(c);
  registerWebSessions(c);
  registerMcp(c);
  registerSales(c);
  registerCustomers(c);
  registerPorting(c, infra.config, infra.hostedApi);
  registerPrivacy(c);
  registerPortal(c);
  registerMerchantUsers(c);
  registerDashboard(c, infra.txtResolver);
  // Last: webhook delivery runs after the jobs whose events it delivers.
  registerWebhookJob(c);
  registerMailJob(c);
  // Resolved only now, with every registration in place: no module depends on the order of the others.
  const registry = c.resolve(T.JobRegistry);
  for (const job of c.resolveAll(T.Job)) registry.register(job);
  return c;
};

export const httpDependencies = (c: Container): HttpDependencies => {
  const config = c.resolve(T.Config);
  const http: Omit<HttpDependencies, 'dashboard'> = {
    settings: {
      adminToken: config.adminToken,
      anonymousRequestsPerMinute: config.anonymousRequestsPerMinute,
      publicLimits: config.publicLimits,
      bodyLimitBytes: config.bodyLimitBytes,
      trustedProxies: config.trustedProxies,
      publicBaseUrl: config.publicBaseUrl,
    },
    logger: c.resolve(T.Pino),
    requestScope: c.resolve(T.RequestScope),
    changes: c.resolve(T.ChangeFeed),
    ids: c.resolve(T.Ids),
    clock: c.resolve(T.Clock),
    authenticateApiKey: c.resolve(T.AuthenticateApiKey),
    rateLimiter: c.resolve(T.RateLimiter),
    auditLog: c.resolve(T.AuditLog),
    idempotency: c.resolve(T.IdempotencyGate),
    readiness: pgReadiness(c.resolve(T.Orm)),
    admin: {
      createMerchant: c.resolve(T.CreateMerchant),
      updateMerchant: c.resolve(T.UpdateMerchant),
      issueApiKey: c.resolve(T.IssueApiKey),
      revokeApiKey: c.resolve(T.RevokeApiKey),
      clock: c.resolve(T.Clock),
      merchants: c.resolve(T.MerchantRepository),
      merchantDirectory: c.resolve(T.MerchantDirectory),
      runDueJobs: c.resolve(T.RunDueJobs),
      notifications: c.resolve(T.NotificationRepository),
      auditLog: c.resolve(T.AuditLog),
    },
    mailAdmin: c.resolve(T.OperatorMailActions),
    portal: portalHttp(c),
    ...campaignsAndAffiliatesHttp(c),
    ...webhooksHttp(c),
    conversions: conversionRouteDependencies(c),
    conversionAdmin: conversionAdminDependencies(c),
    coupons: couponRouteDependencies(c),
    payouts: payoutRouteDependencies(c),
    tax: taxHttp(c),
    payoutAdmin: payoutAdminDependencies(c),
    mcp: mcpDependencies(c),
    connectors: c.resolve(T.OAuthConnectors),
    ...statsSearchHttp(c),
    ...customersHttp(c),
    ...riskHttp(c),
    ...portingHttp(c),
    ...privacyHttp(c),
    teams: teamRouteDependencies(c),
    integrations: integrationRouteDependencies(c),
    ingest: ingestDependencies(c),
    notifications: notificationsHttp(c),
    manageInvitations: c.resolve(T.ManageInvitations),
    merchantUserAdmin: merchantUserAdminDependencies(c),
  };
  return { ...http, dashboard: dashboardDependencies(c, http) };
};
