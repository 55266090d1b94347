import { Hono, type Context, type MiddlewareHandler } from 'hono';
import type { AuditLog } from '../../application/ports/audit-log.js';
import type { Clock } from '../../application/ports/clock.js';
import type { IdGenerator } from '../../application/ports/id-generator.js';
import type { Logger } from '../../application/ports/logger.js';
import type { MerchantRepository } from '../../application/ports/merchant-repository.js';
import type { MerchantSettingsRepository } from '../../application/ports/merchant-settings-repository.js';
import type { PortalQueries } from '../../application/ports/portal-queries.js';
import type { WebSessions } from '../../application/web-sessions/web-sessions.js';
import { clientAddress } from '../http/middleware/client-address.js';
import { csrfProtection } from '../http/web-session/csrf.js';
import { refuseUnstorableForms, unstorableFormMessage } from '../http/web-session/form-input-checks.js';
import { loadWebSession, redirectTo } from '../http/web-session/web-session.middleware.js';
import type { WebEnv } from '../http/web-session/web-env.js';
import { portalAffiliateRoutes, type PortalAffiliateUseCases } from './portal-affiliate.routes.js';
import { portalPersonalDataRoutes, type PortalPersonalDataUseCases } from './portal-personal-data.routes.js';
import { portalAssetRoutes } from './portal-assets.js';
import { portalAudit } from './portal-audit.js';
import { portalCookie, type PortalEnv, type PortalMount } from './portal-env.js';
import { frameOf } from './portal-frame.js';
import { portalPayoutDetailsRoutes, type PortalPayoutDetailsUseCases } from './portal-payout-details.routes.js';
import { portalTaxDetailsRoutes, type PortalTaxDetailsUseCases } from './portal-tax-details.routes.js';
import { portalInvoiceRoutes, type PortalInvoiceUseCases } from './portal-invoices.routes.js';
import { portalPublicRoutes, type PortalPublicUseCases } from './portal-public.routes.js';
import { SECURITY_HEADERS } from './portal-security.js';
import { campaignList, messagePage } from './public-pages.js';

export interface PortalDependencies extends PortalPublicUseCases, PortalAffiliateUseCases, PortalPayoutDetailsUseCases, PortalTaxDetailsUseCases, PortalInvoiceUseCases, PortalPersonalDataUseCases {
  readonly merchants: MerchantRepository;
  readonly branding: Pick<MerchantSettingsRepository, 'find'>;
  readonly sessions: WebSessions;
  readonly queries: Pick<PortalQueries, 'merchantIdByCustomDomain' | 'teamIdOf'>;
  /** The service's own host (from `PUBLIC_BASE_URL`): requests for it are never a merchant's domain. */
  readonly publicHost: string;
  readonly logger: Logger;
  readonly auditLog: AuditLog;
  readonly ids: IdGenerator;
  readonly clock: Clock;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const SIGNED_IN_PATHS = ['/home', '/conversions', '/payouts', '/team', '/payout-details', '/tax-details', '/invoices', '/my-data.json'];
const MAX_FORM_BYTES = 64 * 1024;
const BODILESS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** One merchant's portal; which merchant and under what prefix comes with each request (`portalMount`). */
const merchantPortal = (deps: PortalDependencies) => {
  const app = new Hono<PortalEnv>();
  app.onError((error, c) => {
    deps.logger.error({ err: error, path: c.req.path }, 'portal page failed');
    return c.text('Something went wrong on our side. Try again in a moment.', 500);
  });
  app.use('*', async (c, next) => {
    const mount = c.env.portalMount;
    const merchant = await deps.merchants.findById(mount.merchantId);
    if (!merchant) return c.text('Not found', 404);
    c.set('clientAddress', c.env.clientAddress ?? null);
    c.set('merchant', merchant);
    c.set('base', mount.base);
    c.set('cookie', portalCookie(mount.base));
    c.set('hasTeam', false);
    const settings = await deps.branding.find(merchant.id);
    c.set('branding', { logo: settings.logoDataUrl, colour: settings.brandColour });
    await next();
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) if (!c.res.headers.has(name)) c.header(name, value);
  });
  app.use('*', (c, next) => loadWebSession(deps.sessions, c.get('cookie'), 'affiliate')(c as unknown as Context<WebEnv>, next));
  app.use('*', async (c, next) => {
    const session = c.get('webSession');
    // A session of another merchant's portal (or of an affiliate who lost access) counts as none.
    const affiliate =
      session && session.subject.merchantId === c.get('merchant').id
        ? await deps.portal.context({ affiliateId: session.subject.id, merchantId: session.subject.merchantId })
        : null;
    if (!affiliate) c.set('webSession', undefined);
    c.set('affiliate', affiliate ?? undefined);
    if (affiliate) c.set('hasTeam', (await deps.queries.teamIdOf(affiliate.viewer)) !== null);
    await next();
  });
  app.use('*', portalAudit(deps.auditLog, deps.ids, deps.clock));
  app.use('*', (c, next) => csrfProtection(c.get('cookie'))(c as unknown as Context<WebEnv>, next));
  app.use('*', refuseUnstorableForms((c, problems) => c.html(messagePage(frameOf(c, 'Check the form'), 'Check the form', unstorableFormMessage(problems), 'error'), 400)));
  app.use('*', async (c, next) => {
    const path = c.req.path;
    if (SIGNED_IN_PATHS.some((p) => path === p || path.startsWith(`${p}/`)) && !c.get('affiliate')) {
      return redirectTo(c, `${c.get('base')}/sign-in`);
    }
    await next();
  });
  // The brand colour as a stylesheet of the portal's own origin: the Content-Security-Policy allows no inline style.
  app.get('/brand.css', (c) => {
    const colour = c.get('branding').colour;
    c.header('Cache-Control', 'no-cache');
    return c.body(colour ? `:root { --brand: ${colour}; }\n` : '', 200, { 'Content-Type': 'text/css; charset=utf-8' });
  });
  app.route('/', portalPublicRoutes(deps));
  app.route('/', portalAffiliateRoutes(deps));
  app.route('/', portalPayoutDetailsRoutes(deps));
  app.route('/', portalTaxDetailsRoutes(deps));
  app.route('/', portalInvoiceRoutes(deps));
  app.route('/', portalPersonalDataRoutes(deps));
  app.notFound((c) => c.html(messagePage(frameOf(c as never, 'Not found'), 'Not found', 'There is nothing at this address.', 'error'), 404));
  return app;
};

/** Hands the request to the merchant's portal with `path` as its path inside the portal. */
type Forward = (c: Context, mount: PortalMount, path: string) => Promise<Response>;

const forwarder = (portal: Hono<PortalEnv>): Forward => async (c, mount, path) => {
  const url = new URL(c.req.url);
  url.pathname = path || '/';
  const init: RequestInit = { method: c.req.method, headers: c.req.raw.headers };
  if (!BODILESS.has(c.req.method)) {
    if (Number(c.req.header('content-length') ?? 0) > MAX_FORM_BYTES) return c.text('The form is too large', 413);
    const body = await c.req.arrayBuffer();
    if (body.byteLength > MAX_FORM_BYTES) return c.text('The form is too large', 413);
    init.body = body;
  }
  // The address as the service resolved it (trusted proxies only), so the portal limits what the API would.
  return portal.fetch(new Request(url, init), { ...((c.env as object | undefined) ?? {}), portalMount: mount, clientAddress: clientAddress(c) });
};

/**
 * The affiliate portal on the service's address: `/portal` (every merchant's public campaigns),
 * `/portal/m/<merchant id>/…` (one merchant's portal) and `/portal/assets/…`.
 */
const portalRoutes = (deps: PortalDependencies, forward: Forward) => {
  const discoveryFrame = { title: 'Affiliate programs', brand: null, base: '', signedIn: null };
  return new Hono()
    .route('/', portalAssetRoutes())
    .get('/portal', async (c) => {
      const page = Math.max(1, Math.min(10_000, Number.parseInt(c.req.query('page') ?? '1', 10) || 1));
      const campaigns = await deps.portal.publicCampaigns(null, { page, limit: 24 });
      c.header('Content-Security-Policy', SECURITY_HEADERS['Content-Security-Policy']);
      return c.html(campaignList(discoveryFrame, campaigns, (k) => `/portal/m/${k.merchantId}/c/${k.trackingCode}`, '/portal'));
    })
    .all('/portal/m/:merchantId/*', (c) => {
      const id = c.req.param('merchantId');
      if (!UUID.test(id)) return c.text('Not found', 404);
      const base = `/portal/m/${id}`;
      return forward(c, { merchantId: id, base }, c.req.path.slice(base.length));
    })
    .get('/portal/m/:merchantId', (c) => c.redirect(`/portal/m/${c.req.param('merchantId')}/`, 301));
};

/** Paths a merchant's own domain leaves to the service: tracking links, the APIs and the portal's assets. */
const SERVICE_PATHS = ['/r/', '/api/', '/admin/', '/mcp', '/healthz', '/docs', '/portal/assets/'];
const HOST_CACHE_MS = 60_000;

/**
 * On a merchant's verified custom domain (Ultimate and Scale) the portal answers at the root. Other
 * hosts pass through untouched after one string comparison; a host's merchant is remembered a minute.
 */
const customDomainPortal = (deps: PortalDependencies, forward: Forward): MiddlewareHandler => {
  const known = new Map<string, { merchantId: string | null; until: number }>();
  const lookup = async (host: string): Promise<string | null> => {
    const hit = known.get(host);
    if (hit && hit.until > Date.now()) return hit.merchantId;
    const merchantId = await deps.queries.merchantIdByCustomDomain(host);
    if (known.size > 10_000) known.clear();
    known.set(host, { merchantId, until: Date.now() + HOST_CACHE_MS });
    return merchantId;
  };
  return async (c, next) => {
    const path = c.req.path;
    if (SERVICE_PATHS.some((p) => path.startsWith(p))) return next();
    const host = (c.req.header('host') ?? '').replace(/:\d+$/, '').toLowerCase();
    if (!host || host === deps.publicHost || host === 'localhost' || host === '127.0.0.1') return next();
    const merchantId = await lookup(host);
    if (!merchantId) return next();
    return forward(c, { merchantId, base: '' }, path);
  };
};

/**
 * The portal's two entrances over one merchant portal app: `routes` for the service's address, and
 * `customDomains`, a middleware for every request (mount it before the other routes).
 */
export const affiliatePortal = (deps: PortalDependencies) => {
  const forward = forwarder(merchantPortal(deps));
  return { routes: portalRoutes(deps, forward), customDomains: customDomainPortal(deps, forward) };
};
