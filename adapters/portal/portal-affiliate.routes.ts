import { Hono } from 'hono';
import type { AffiliatePortal, PortalContext } from '../../application/portal/affiliate-portal.js';
import type { PortalEnv, PortalRequest } from './portal-env.js';
import { frameOf } from './portal-frame.js';
import { conversionPage, conversionsPage, overviewPage, payoutsPage, teamPage } from './affiliate-pages.js';
import { messagePage } from './public-pages.js';

export interface PortalAffiliateUseCases {
  readonly portal: AffiliatePortal;
}

const PAGE_SIZE = 25;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const pageNumber = (c: PortalRequest): number => Math.max(1, Math.min(10_000, Number.parseInt(c.req.query('page') ?? '1', 10) || 1));
/** Set by the mount's guard for every route here. */
const me = (c: PortalRequest): PortalContext => c.get('affiliate')!;
const notFoundPage = (c: PortalRequest) => c.html(messagePage(frameOf(c, 'Not found'), 'Not found', 'There is nothing at this address.', 'error'), 404);

/**
 * The signed-in affiliate's pages at one merchant. Reads go through `AffiliatePortal` with the
 * session's viewer (payout details: portal-payout-details.routes.ts).
 */
export const portalAffiliateRoutes = (uc: PortalAffiliateUseCases) =>
  new Hono<PortalEnv>()
    .get('/home', async (c) => c.html(overviewPage(frameOf(c, 'Overview'), await uc.portal.overview(me(c)))))
    .get('/conversions', async (c) =>
      c.html(conversionsPage(frameOf(c, 'Conversions'), await uc.portal.conversions(me(c), { page: pageNumber(c), limit: PAGE_SIZE }))),
    )
    .get('/conversions/:id', async (c) => {
      if (!UUID.test(c.req.param('id'))) return notFoundPage(c);
      const found = await uc.portal.conversion(me(c), c.req.param('id'));
      return found.isOk() ? c.html(conversionPage(frameOf(c, 'Conversion'), found.value)) : notFoundPage(c);
    })
    .get('/payouts', async (c) =>
      c.html(payoutsPage(frameOf(c, 'Payouts'), await uc.portal.payouts(me(c), { page: pageNumber(c), limit: PAGE_SIZE }), me(c).affiliate)),
    )
    .get('/team', async (c) => {
      const team = await uc.portal.team(me(c));
      return team ? c.html(teamPage(frameOf(c, 'Team'), team)) : notFoundPage(c);
    });
