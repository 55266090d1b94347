import type { ChangeFeed } from '../cache/change-feed.js';
import { OpenAPIHono } from '@hono/zod-openapi';
import { teamRoutes, type TeamRouteDependencies } from './routes/teams.routes.js';
import { teamAwardRoutes } from './routes/team-awards.routes.js';
import { teamGoalRoutes } from './routes/team-goals.routes.js';
import { bodyLimit } from 'hono/body-limit';
import type { Context, MiddlewareHandler } from 'hono';
import type { Logger as Pino } from 'pino';
import type { AuthenticateApiKey } from '../../application/api-keys/authenticate-api-key.js';
import type { AuditLog } from '../../application/ports/audit-log.js';
import type { ClockControl } from '../../application/ports/clock.js';
import type { IdGenerator } from '../../application/ports/id-generator.js';
import type { RateLimiter } from '../../application/ports/rate-limiter.js';
import type { PublicLimits } from '../../application/rate-limiting/public-limits.js';
import type { RequestScope } from '../persistence/mikro-orm-request-scope.js';
import { keyAdminRoutes, type KeyAdminUseCases } from './admin/keys.routes.js';
import { merchantAdminRoutes, type MerchantAdminUseCases } from './admin/merchants.routes.js';
import { operationsAdminRoutes, type OperationsDependencies } from './admin/operations.routes.js';
import { affiliateAdminRoutes, type AffiliateAdminUseCases } from './admin/affiliates.routes.js';
import { mailAdminRoutes } from './admin/mail.routes.js';
import type { OperatorMailActions } from '../../application/mail/deliver-mail.js';
import { affiliatePortal, type PortalDependencies } from '../portal/portal-mount.js';
import type { AppEnv } from './app-env.js';
import { ApiError } from './api-error.js';
import { handleError, handleNotFound } from './error-handler.js';
import { adminAuth } from './middleware/admin-auth.js';
import { audit, refusedRequests } from './middleware/audit.js';
import { corsAnyOrigin } from './middleware/cors.js';
import { authenticate, requireAuthenticated } from './middleware/authenticate.js';
import { rateLimit, rateLimitHeadersOnly } from './middleware/rate-limit.js';
import { refuseInvalidUtf8, refuseInvalidUtf8ForRawReaders } from './middleware/utf8-body.js';
import { idempotency } from './middleware/idempotency.js';
import type { IdempotencyGate } from '../../application/idempotency/idempotency-gate.js';
import { requestContext } from './middleware/request-context.js';
import { resolveClientAddress, trustedProxyList } from './middleware/client-address.js';
import { healthRoutes, type ReadinessCheck } from './routes/health.routes.js';
import { meRoutes } from './routes/me.routes.js';
import { webhookRoutes, type WebhookUseCases } from './routes/webhooks.routes.js';
import { affiliateRoutes, type AffiliateRouteDependencies } from './routes/affiliates.routes.js';
import { campaignRoutes, type CampaignUseCases } from './routes/campaigns.routes.js';
import { trackingRoutes } from './routes/tracking.routes.js';
import type { RecordClick } from '../../application/clicks/record-click.js';
import { conversionRoutes, type ConversionUseCases } from './routes/conversions.routes.js';
import { couponRoutes, type CouponUseCases } from './routes/coupons.routes.js';
import { payoutRoutes, type PayoutRouteDependencies } from './routes/payouts.routes.js';
import { payoutAdminRoutes, type PayoutAdminUseCases } from './admin/payouts.routes.js';
import { payoutProviderRoutes } from './routes/payout-providers.routes.js';
import { manualPayoutRoutes } from './routes/payout-manual.routes.js';
import { payoutSettingsRoutes } from './routes/payout-settings.routes.js';
import { riskRoutes, type RiskRouteDependencies } from './routes/risk.routes.js';
import { affiliateBanRoutes, type AffiliateBanRouteDependencies } from './routes/affiliate-bans.routes.js';
import { taxDetailsRoutes, type TaxDetailsRouteDependencies } from './routes/tax-details.routes.js';
import { taxSettingsRoutes } from './routes/tax-settings.routes.js';
import { taxSummaryRoutes } from './routes/tax-summaries.routes.js';
import { invoiceRoutes } from './routes/invoices.routes.js';
import { conversionAdminRoutes } from './admin/conversions.routes.js';
import type { OperatorConversionActions } from '../../application/conversions/operator-conversion-actions.js';
import { validationHook } from './validation.js';
import { integrationRoutes, type IntegrationRouteDependencies } from './routes/integrations.routes.js';
import { ingestRoutes } from './routes/ingest.routes.js';
import type { IngestNotification } from '../../application/sales/ingest-notification.js';
import { notificationRoutes } from './routes/notifications.routes.js';
import { customerRoutes, type CustomerRouteDependencies } from './routes/customers.routes.js';
import { exportRoutes, type ExportRouteDependencies } from './routes/exports.routes.js';
import { importRoutes, type ImportRouteDependencies } from './routes/imports.routes.js';
import { privacyRoutes, type PrivacyRouteDependencies } from './routes/privacy.routes.js';
import { trackingScriptRoutes, type TrackingScriptDependencies } from './routes/tracking-script.routes.js';
import { invitationRoutes } from './routes/invitations.routes.js';
import type { ManageInvitations } from '../../application/affiliates/manage-invitations.js';
import type { MerchantNotifications } from '../../application/notifications/merchant-notifications.js';
import { statsRoutes, type StatsUseCases } from './routes/stats.routes.js';
import { searchRoutes, type SearchDependencies } from './routes/search.routes.js';
import { openApiDocuments } from './openapi/document.js';
import { adminOpenApiRoutes, openApiRoutes } from './routes/openapi.routes.js';
import { dashboardRoutes, type DashboardDependencies } from '../dashboard/dashboard.routes.js';
import { merchantUserAdminRoutes, type MerchantUserAdminUseCases } from './admin/merchant-users.routes.js';
import { assistantActor, MCP_PATH, mcpRoutes, type McpDependencies } from '../mcp/mcp.routes.js';
import { bearerChallenge } from '../mcp/bearer-challenge.js';
import type { OAuthConnectors } from '../../application/connectors/oauth-connectors.js';
import { oauthRoutes } from './oauth/oauth.routes.js';
import { oauthUrls } from './oauth/oauth-urls.js';

export interface HttpSettings {
  /** Enables `/admin/v1`; null answers 404 there. */
  readonly adminToken: string | null;
  readonly anonymousRequestsPerMinute: number;
  /** Tracking links' per-visitor and per-address limits (the script's and the portal's come with their dependencies). */
  readonly publicLimits: Pick<PublicLimits, 'clicksPerVisitor' | 'clicksPerAddress' | 'oauthRequestsPerAddress'>;
  readonly bodyLimitBytes: number;
  /** Proxies whose `X-Forwarded-For` is believed (addresses or CIDR ranges); none by default. */
  readonly trustedProxies: readonly string[];
  /** Where the service is reached from outside: the OpenAPI documents' absolute `servers`. */
  readonly publicBaseUrl: string;
}

export interface HttpDependencies {
  /** The merchant's in-app notices. */
  readonly notifications: MerchantNotifications;
  /** Listing, revoking and resending affiliate invitations. */
  readonly manageInvitations: ManageInvitations;
  readonly settings: HttpSettings;
  readonly logger: Pino;
  readonly requestScope: RequestScope;
  readonly ids: IdGenerator;
  readonly clock: ClockControl;
  readonly authenticateApiKey: AuthenticateApiKey;
  readonly rateLimiter: RateLimiter;
  readonly auditLog: AuditLog;
  /** Stored first responses of `POST`s sent with an `Idempotency-Key`. */
  readonly idempotency: IdempotencyGate;
  /** `GET /healthz`: whether the database answers. */
  readonly readiness: ReadinessCheck;
  readonly admin: MerchantAdminUseCases & KeyAdminUseCases & OperationsDependencies;
  /** Campaigns, affiliates, tracking links and their operator endpoints. */
  readonly campaigns: CampaignUseCases;
  readonly affiliates: Omit<AffiliateRouteDependencies, 'rateLimiter' | 'clock'>;
  readonly recordClick: RecordClick;
  readonly affiliateAdmin: AffiliateAdminUseCases;
  /** Webhook subscriptions and their delivery log. */
  readonly webhooks: WebhookUseCases;
  /** Conversions and the operator's refund and hold. */
  readonly conversions: ConversionUseCases;
  readonly conversionAdmin: OperatorConversionActions;
  /** Coupons. */
  readonly coupons: CouponUseCases;
  /** The payout queue and the operator's manual payout actions. */
  readonly payouts: PayoutRouteDependencies;
  readonly payoutAdmin: PayoutAdminUseCases;
  /** Affiliates' tax details (masked, and the audited full form). */
  readonly tax: TaxDetailsRouteDependencies;
  /** The assistant tool interface (MCP) at `/mcp`. */
  readonly mcp: McpDependencies;
  /** The OAuth connectors of `/mcp` (its authorization server and access tokens). */
  readonly connectors: OAuthConnectors;
  /** Statistics, the monthly overview and search. */
  readonly stats: StatsUseCases;
  readonly search: SearchDependencies;
  /** Affiliate teams, goals, awards and the brand-wide award ledger (Scale). */
  readonly teams: TeamRouteDependencies;
  /** Dashboard users the operator creates. */
  readonly merchantUserAdmin: MerchantUserAdminUseCases;
  /** The merchant dashboard (`/dashboard`), over the same use cases. */
  readonly dashboard: DashboardDependencies;
  /** The operator's view of the mail outbox. */
  readonly mailAdmin: OperatorMailActions;
  /** Payment-provider integrations and their receiving endpoint. */
  readonly integrations: IntegrationRouteDependencies;
  readonly ingest: IngestNotification;
  /** The affiliate portal (`/portal`, and a merchant's custom domain's root). */
  readonly portal: PortalDependencies;
  /** Leads: customers linked to affiliates. */
  readonly customers: CustomerRouteDependencies;
  /** The program export (and its imports). */
  readonly exports: ExportRouteDependencies;
  readonly imports: ImportRouteDependencies;
  /** Personal data on request: an affiliate's copy, erasure. */
  readonly privacy: PrivacyRouteDependencies;
  /** The tracking script (`/t.js`) and its public endpoints (`/t/v1`). */
  readonly trackingScript: TrackingScriptDependencies;
  /** Risk rules and the flags signals left. */
  readonly risk: RiskRouteDependencies;
  readonly affiliateBans: AffiliateBanRouteDependencies;
  /** What process memories are told of changes: a response that wrote waits until every process has applied it. */
  readonly changes: Pick<ChangeFeed, 'expectations' | 'settled'>;
}

const BODILESS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The dashboard's forms get the same body limit as the API (answered as a plain 413 there). */
const limitBodyEarly = (maxSize: number): MiddlewareHandler<AppEnv> => {
  const limited = bodyLimit({ maxSize });
  return (c, next) => (BODILESS.has(c.req.method) ? next() : limited(c, next));
};

const tooLarge = () => {
  throw new ApiError('payload_too_large', 'The request body is too large');
};

/**
 * The whole HTTP surface. Order matters: request context (ids, logging, version header) outermost,
 * then the ORM scope, then for `/api` and `/admin`: body limit, audit (sees the final status),
 * authentication, rate limiting (headers even on 401), and the auth verdict.
 */
export const createHttpApp = (deps: HttpDependencies) => {
  const { settings } = deps;
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  app.onError(handleError);
  app.notFound(handleNotFound);

  app.use('*', requestContext(deps.logger));
  app.use('*', resolveClientAddress(trustedProxyList(settings.trustedProxies)));
  // Every response under /api carries the rate-limit headers, preflights and the document included.
  const uncounted = (c: Context<AppEnv>) => c.req.method === 'OPTIONS' || c.req.path === '/api/v1/openapi.json';
  app.use('/api/*', rateLimitHeadersOnly(deps.rateLimiter, deps.clock, settings.anonymousRequestsPerMinute, uncounted));
  app.use(MCP_PATH, rateLimitHeadersOnly(deps.rateLimiter, deps.clock, settings.anonymousRequestsPerMinute, uncounted));
  // Cross-origin callers are API clients and the tracking script on merchants' pages; the dashboard
  // and the portal are pages of their own origin and allow no other.
  const cors = corsAnyOrigin(['X-API-Version', 'X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset', 'Retry-After', 'X-Request-Id']);
  for (const path of ['/api/*', '/admin/*', MCP_PATH, '/t/*']) app.use(path, cors);
  // A revoked key or a changed plan is applied in every process before the response that made it
  // leaves (each process acknowledges); only a response that expected a change while it ran waits.
  app.use('*', async (_c, next) => {
    const since = deps.changes.expectations;
    await next();
    await deps.changes.settled(since);
  });
  app.use('*', (_c, next) => deps.requestScope(next));
  const portal = affiliatePortal(deps.portal);
  app.use('*', portal.customDomains);
  app.route('/', healthRoutes(deps.readiness));
  app.route('/', portal.routes);
  app.route('/', trackingRoutes(deps.recordClick, deps.rateLimiter, deps.clock, settings.publicLimits));
  // The OpenAPI document and /docs, public, so mounted before the /api guards.
  app.route('/', openApiRoutes(() => openApiDocuments(app, settings.publicBaseUrl)));
  app.use('/dashboard/*', limitBodyEarly(settings.bodyLimitBytes));
  app.route('/', dashboardRoutes(deps.dashboard));

  const bodyLimited = bodyLimit({ maxSize: settings.bodyLimitBytes, onError: tooLarge });
  // Requests without a body skip it: reading `body` makes @hono/node-server build a full Request,
  // a measurable share of a hot read's CPU (bench/README.md).
  // Every body these paths take is JSON (or a provider's JSON notification): invalid UTF-8 is refused with 400.
  // A declared length is checked from the header: Hono's limit asks the request for its body stream
  // first, which makes @hono/node-server build a full Request (a measurable share of a sale's CPU);
  // a chunked body, with no length, is counted as it is read by Hono's limit.
  const bodyLimitWith =
    (utf8: MiddlewareHandler<AppEnv>): MiddlewareHandler<AppEnv> =>
    (c, next) => {
      if (BODILESS.has(c.req.method)) return next();
      const length = c.req.header('content-length');
      if (length === undefined || c.req.header('transfer-encoding') !== undefined) return bodyLimited(c, () => utf8(c, next) as Promise<void>);
      if (Number.parseInt(length, 10) > settings.bodyLimitBytes) tooLarge();
      return utf8(c, next);
    };
  const limitBody = bodyLimitWith(refuseInvalidUtf8);
  // Audit outermost (it sees every answer, a 413 included); the limit before the body limit, so a 413 carries its headers.
  app.use(
    '/api/*',
    audit(deps.auditLog, deps.ids, deps.clock),
    authenticate(deps.authenticateApiKey),
    rateLimit(deps.rateLimiter, deps.clock, settings.anonymousRequestsPerMinute),
    limitBody,
    requireAuthenticated,
    idempotency(deps.idempotency),
  );
  app.route('/api/v1', meRoutes());
  app.route('/api/v1', campaignRoutes(deps.campaigns));
  app.route('/api/v1', invitationRoutes({ manageInvitations: deps.manageInvitations, rateLimiter: deps.rateLimiter, clock: deps.clock }));
  app.route('/api/v1', affiliateRoutes({ ...deps.affiliates, rateLimiter: deps.rateLimiter, clock: deps.clock }));
  app.route('/api/v1', webhookRoutes(deps.webhooks));
  app.route('/api/v1', conversionRoutes(deps.conversions));
  app.route('/api/v1', couponRoutes(deps.coupons));
  app.route('/api/v1', payoutRoutes(deps.payouts));
  app.route('/api/v1', payoutProviderRoutes(deps.payouts.configuration));
  app.route('/api/v1', manualPayoutRoutes(deps.payouts.manual));
  app.route('/api/v1', payoutSettingsRoutes(deps.payouts.configuration));
  app.route('/api/v1', riskRoutes(deps.risk));
  app.route('/api/v1', affiliateBanRoutes(deps.affiliateBans));
  app.route('/api/v1', taxDetailsRoutes(deps.tax));
  app.route('/api/v1', taxSettingsRoutes(deps.tax.taxSettings, deps.tax.invoiceSettings));
  app.route('/api/v1', invoiceRoutes(deps.tax.invoices));
  app.route('/api/v1', taxSummaryRoutes({ summaries: deps.tax.taxSummaries, form1099Nec: deps.tax.form1099Nec }));
  app.route('/api/v1', statsRoutes(deps.stats));
  app.route('/api/v1', searchRoutes(deps.search));
  app.route('/api/v1', teamRoutes(deps.teams));
  app.route('/api/v1', teamGoalRoutes(deps.teams));
  app.route('/api/v1', teamAwardRoutes(deps.teams));
  app.route('/api/v1', integrationRoutes(deps.integrations));
  // Providers' notifications: no key (their signature authenticates them), the body limit applies.
  app.use('/ingest/*', limitBody);
  app.route('/', ingestRoutes(deps.ingest));
  app.route('/api/v1', notificationRoutes(deps.notifications));
  app.route('/api/v1', customerRoutes(deps.customers));
  app.route('/api/v1', exportRoutes(deps.exports));
  app.route('/api/v1', importRoutes(deps.imports));
  app.route('/api/v1', privacyRoutes(deps.privacy));
  // The tracking script's reports: no key (a live click id authorises them), the body limit applies.
  // The connectors' authorization server: public (limited per address), the body limit applies.
  app.use('/oauth/*', limitBody);
  app.route(
    '/',
    oauthRoutes({ connectors: deps.connectors, rateLimiter: deps.rateLimiter, clock: deps.clock, oauthRequestsPerAddress: settings.publicLimits.oauthRequestsPerAddress, publicBaseUrl: settings.publicBaseUrl }),
  );
  app.use('/t/*', limitBody);
  app.route('/', trackingScriptRoutes(deps.trackingScript));

  // The same chain as /api, the actor marked `assistant`; tools audit their own writes, so
  // only requests refused before a tool ran get a row here.
  app.use(
    MCP_PATH,
    audit(deps.auditLog, deps.ids, deps.clock, refusedRequests),
    bearerChallenge(oauthUrls(settings.publicBaseUrl).resourceMetadata),
    authenticate(deps.authenticateApiKey, deps.connectors),
    assistantActor,
    rateLimit(deps.rateLimiter, deps.clock, settings.anonymousRequestsPerMinute),
    // The MCP transport reads the raw request.
    bodyLimitWith(refuseInvalidUtf8ForRawReaders),
    requireAuthenticated,
  );
  // The generated tools dispatch to the API through this app, as the `/mcp` request's caller.
  app.route('/', mcpRoutes(deps.mcp, { fetch: (request, env) => app.fetch(request, env), document: () => openApiDocuments(app, settings.publicBaseUrl).public }));

  if (settings.adminToken) {
    app.use('/admin/*', limitBody, audit(deps.auditLog, deps.ids, deps.clock), adminAuth(settings.adminToken));
    app.route('/admin/v1', adminOpenApiRoutes(() => openApiDocuments(app, settings.publicBaseUrl)));
    app.route('/admin/v1', merchantAdminRoutes(deps.admin));
    app.route('/admin/v1', keyAdminRoutes(deps.admin));
    app.route('/admin/v1', operationsAdminRoutes(deps.admin));
    app.route('/admin/v1', affiliateAdminRoutes(deps.affiliateAdmin));
    app.route('/admin/v1', conversionAdminRoutes(deps.conversionAdmin));
    app.route('/admin/v1', payoutAdminRoutes(deps.payoutAdmin));
    app.route('/admin/v1', merchantUserAdminRoutes(deps.merchantUserAdmin));
    app.route('/admin/v1', mailAdminRoutes(deps.mailAdmin));
  }
  return app;
};

export type HttpApp = ReturnType<typeof createHttpApp>;
