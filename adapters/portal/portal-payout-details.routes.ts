import { Hono } from 'hono';
import type { SavePayoutDetails } from '../../application/affiliates/save-payout-details.js';
import type { TrackingLinks } from '../../application/affiliates/tracking-links.js';
import type { ConnectOnboarding } from '../../application/payouts/connect-onboarding.js';
import type { Tenant } from '../../application/shared/tenant.js';
import type { PortalContext } from '../../application/portal/affiliate-portal.js';
import type { PayoutMethod } from '../../domain/index.js';
import type { PortalEnv, PortalRequest } from './portal-env.js';
import { frameOf } from './portal-frame.js';
import { connectReturnPage, EMAIL_PAYOUT_METHODS, payoutDetailsPage, type PayoutDetailsState } from './payout-details-pages.js';
import { PORTAL_CSP } from './portal-security.js';

export interface PortalPayoutDetailsUseCases {
  readonly savePayoutDetails: SavePayoutDetails;
  readonly connectOnboarding: ConnectOnboarding;
  /** The merchant portal's absolute address, for the card processor's return and refresh links. */
  readonly links: TrackingLinks;
}

/** Set by the mount's guard for every route here. */
const me = (c: PortalRequest): PortalContext => c.get('affiliate')!;
/** The portal is live: test mode has no affiliates with a login. */
const tenantOf = (c: PortalRequest): Tenant => ({ merchantId: me(c).viewer.merchantId, mode: 'live' });

/**
 * Payout details in the portal. Email methods are saved through the same use case as the operator
 * API; a connected account starts onboarding through the same use case as the operator's endpoint
 * and completes only when the card processor reports payouts enabled (`account.updated`).
 */
export const portalPayoutDetailsRoutes = (uc: PortalPayoutDetailsUseCases) => {
  const detailsPage = async (c: PortalRequest, state: PayoutDetailsState = {}, status: 200 | 400 | 409 = 200, affiliate = me(c).affiliate) => {
    const standing = await uc.connectOnboarding.standing(tenantOf(c), affiliate.id);
    return c.html(payoutDetailsPage(frameOf(c, 'Payout details'), affiliate, standing, c.get('webSession')!.csrfToken, state), status);
  };
  return new Hono<PortalEnv>()
    .get('/payout-details', (c) => detailsPage(c))
    .post('/payout-details', async (c) => {
      const body = await c.req.parseBody();
      const method = typeof body.method === 'string' ? body.method : '';
      const email = typeof body.email === 'string' ? body.email.trim() : '';
      if (method === 'connect') return detailsPage(c, { error: 'A connected account is set up with "Connect payouts".' }, 400);
      if (!(EMAIL_PAYOUT_METHODS as readonly string[]).includes(method)) return detailsPage(c, { error: 'Choose how you want to be paid.' }, 400);
      const saved = await uc.savePayoutDetails.execute(me(c).affiliate.id, { method: method as PayoutMethod, email: email || null });
      if (saved.isErr()) {
        const problem = saved.error.details?.[0];
        return detailsPage(c, { error: problem?.field === 'email' ? `The payout email ${problem.message}.` : saved.error.message }, 400);
      }
      return detailsPage(c, { saved: true }, 200, saved.value.affiliate);
    })
    .post('/payout-details/connect', async (c) => {
      const tenant = tenantOf(c);
      const affiliate = me(c).affiliate;
      // An account the processor already confirmed: choosing it needs no new onboarding.
      if ((await uc.connectOnboarding.standing(tenant, affiliate.id)) === 'payouts_enabled') {
        const saved = await uc.savePayoutDetails.execute(affiliate.id, { method: 'connect' });
        if (saved.isErr()) return detailsPage(c, { error: saved.error.message }, 400);
        return detailsPage(c, { saved: true }, 200, saved.value.affiliate);
      }
      const portal = `${uc.links.portalBase(me(c).merchant)}/payout-details/connect`;
      const started = await uc.connectOnboarding.start(tenant, affiliate.id, { returnUrl: `${portal}/return`, refreshUrl: `${portal}/refresh` });
      if (started.isErr()) {
        const text = started.error.code === 'validation_error' ? 'Payouts to a connected account are not available in this program yet. Choose a payout by email.' : started.error.message;
        return detailsPage(c, { error: text }, 409);
      }
      // The form's response redirects to the processor: its origin must be an allowed form target.
      c.header('Content-Security-Policy', PORTAL_CSP.replace("form-action 'self'", `form-action 'self' ${new URL(started.value.url).origin}`));
      return c.redirect(started.value.url, 303);
    })
    .get('/payout-details/connect/return', async (c) =>
      c.html(connectReturnPage(frameOf(c, 'Connected account'), await uc.connectOnboarding.standing(tenantOf(c), me(c).affiliate.id), c.get('webSession')!.csrfToken)),
    )
    // The processor's link expired or was used: a fresh one takes a click (a page load changes nothing).
    .get('/payout-details/connect/refresh', (c) => detailsPage(c, { info: 'Your connection link expired. Continue connecting to get a new one.' }));
};
