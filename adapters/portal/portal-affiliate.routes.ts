import { Hono } from 'hono';
import type { AffiliatePortal, PortalContext } from '../../application/portal/affiliate-portal.js';
import type { SavePayoutDetails } from '../../application/affiliates/save-payout-details.js';
import { PAYOUT_METHODS, type PayoutMethod } from '../../domain/index.js';
import type { PortalEnv, PortalRequest } from './portal-env.js';
import { frameOf } from './portal-frame.js';
import { conversionPage, conversionsPage, overviewPage, payoutDetailsPage, payoutsPage, teamPage } from './affiliate-pages.js';
import { messagePage } from './public-pages.js';

export interface PortalAffiliateUseCases {
  readonly portal: AffiliatePortal;
  readonly savePayoutDetails: SavePayoutDetails;
}

const PAGE_SIZE = 25;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const pageNumber = (c: PortalRequest): number => Math.max(1, Math.min(10_000, Number.parseInt(c.req.query('page') ?? '1', 10) || 1));
/** Set by the mount's guard for every route here. */
const me = (c: PortalRequest): PortalContext => c.get('affiliate')!;
const notFoundPage = (c: PortalRequest) => c.html(messagePage(frameOf(c, 'Not found'), 'Not found', 'There is nothing at this address.', 'error'), 404);

/**
 * The signed-in affiliate's pages at one merchant. Reads go through `AffiliatePortal` with the
 * session's viewer; payout details through the same use case as the operator API (one event, once).
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
    })
    .get('/payout-details', (c) => c.html(payoutDetailsPage(frameOf(c, 'Payout details'), me(c).affiliate, c.get('webSession')!.csrfToken)))
    .post('/payout-details', async (c) => {
      const body = await c.req.parseBody();
      const method = typeof body.method === 'string' ? body.method : '';
      const email = typeof body.email === 'string' ? body.email.trim() : '';
      const csrf = c.get('webSession')!.csrfToken;
      if (!(PAYOUT_METHODS as readonly string[]).includes(method)) {
        return c.html(payoutDetailsPage(frameOf(c, 'Payout details'), me(c).affiliate, csrf, { error: 'Choose how you want to be paid.' }), 400);
      }
      const saved = await uc.savePayoutDetails.execute(me(c).affiliate.id, { method: method as PayoutMethod, email: email || null });
      if (saved.isErr()) {
        const problem = saved.error.details?.[0];
        const text = problem?.field === 'email' ? `The payout email ${problem.message}.` : saved.error.message;
        return c.html(payoutDetailsPage(frameOf(c, 'Payout details'), me(c).affiliate, csrf, { error: text }), 400);
      }
      return c.html(payoutDetailsPage(frameOf(c, 'Payout details'), saved.value.affiliate, csrf, { saved: true }));
    });
