import { Hono, type MiddlewareHandler } from 'hono';
import type { AcceptInvitation, JoinPublicCampaign } from '../../application/portal/join-campaign.js';
import type { RequestSignInLink, SignInWithLink } from '../../application/portal/sign-in-links.js';
import type { AffiliatePortal } from '../../application/portal/affiliate-portal.js';
import type { Clock } from '../../application/ports/clock.js';
import type { RateLimiter } from '../../application/ports/rate-limiter.js';
import { publicAddressBucket, type PublicLimits } from '../../application/rate-limiting/public-limits.js';
import type { WebSessions } from '../../application/web-sessions/web-sessions.js';
import { isEmail } from '../../domain/index.js';
import { clientAddress } from '../http/middleware/client-address.js';
import { csrfTokenOf } from '../http/web-session/csrf.js';
import { redirectTo, signInBrowser, signOutBrowser } from '../http/web-session/web-session.middleware.js';
import type { PortalRequest, PortalEnv } from './portal-env.js';
import { frameOf } from './portal-frame.js';
import { campaignList, campaignPage, confirmSignInPage, invitationPage, joinedPage, messagePage, signInPage } from './public-pages.js';

export interface PortalPublicUseCases {
  readonly portal: AffiliatePortal;
  readonly joinPublicCampaign: JoinPublicCampaign;
  readonly acceptInvitation: AcceptInvitation;
  readonly requestSignInLink: RequestSignInLink;
  readonly signInWithLink: SignInWithLink;
  readonly sessions: WebSessions;
  readonly rateLimiter: RateLimiter;
  readonly clock: Clock;
  readonly publicLimits: Pick<PublicLimits, 'portalRequestsPerAddress'>;
}

const field = (body: Record<string, unknown>, name: string): string => (typeof body[name] === 'string' ? (body[name] as string).trim() : '');
const pageNumber = (c: PortalRequest): number => Math.max(1, Math.min(10_000, Number.parseInt(c.req.query('page') ?? '1', 10) || 1));
const csrf = (c: PortalRequest) => csrfTokenOf(c as never, c.get('cookie'));
const address = (c: PortalRequest) => clientAddress(c);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const notFoundPage = (c: PortalRequest) => c.html(messagePage(frameOf(c), 'Not found', 'There is nothing at this address.', 'error'), 404);

/**
 * Joining, invitations and sign-in links from one client address, every visitor behind it together:
 * past the limit a `429` page, before any use case runs (their own per-email limits come after).
 */
const perAddress =
  (uc: PortalPublicUseCases): MiddlewareHandler<PortalEnv> =>
  async (c, next) => {
    const decision = await uc.rateLimiter.consume(publicAddressBucket('portal', address(c)), uc.publicLimits.portalRequestsPerAddress, uc.clock.now());
    if (!decision.allowed) {
      c.header('Retry-After', String(Math.max(1, decision.retryAfterSeconds)));
      return c.html(messagePage(frameOf(c, 'Too many requests'), 'Too many requests', `Too many requests from your network. Try again in ${Math.max(1, decision.retryAfterSeconds)} seconds.`, 'error'), 429);
    }
    await next();
  };

/** The merchant portal's public pages: its campaigns, joining, invitations, sign-in and sign-out. */
export const portalPublicRoutes = (uc: PortalPublicUseCases) =>
  new Hono<PortalEnv>()
    .get('/', async (c) => {
      const merchant = c.get('merchant');
      const page = await uc.portal.publicCampaigns(merchant.id, { page: pageNumber(c), limit: 24 });
      return c.html(campaignList(frameOf(c, 'Campaigns'), page, (k) => `${c.get('base')}/c/${k.trackingCode}`, `${c.get('base')}/`));
    })
    .get('/c/:code', async (c) => {
      const campaign = await uc.portal.publicCampaign(c.get('merchant').id, c.req.param('code'));
      if (!campaign) return notFoundPage(c);
      return c.html(campaignPage(frameOf(c, campaign.name), campaign, { csrf: csrf(c) }));
    })
    .post('/c/:code/join', perAddress(uc), async (c) => {
      const merchant = c.get('merchant');
      const campaign = await uc.portal.publicCampaign(merchant.id, c.req.param('code'));
      if (!campaign) return notFoundPage(c);
      const body = await c.req.parseBody();
      const email = field(body, 'email');
      const name = field(body, 'name');
      const again = (error: string, status: 400 | 429 | 403) =>
        c.html(campaignPage(frameOf(c, campaign.name), campaign, { csrf: csrf(c), email, name, error }), status);
      if (!isEmail(email)) return again('Enter a valid email address.', 400);
      if (name.length > 200) return again('The name can have at most 200 characters.', 400);
      const joined = await uc.joinPublicCampaign.execute({
        merchantId: merchant.id,
        trackingCode: campaign.trackingCode,
        email,
        name: name || undefined,
        address: address(c),
      });
      if (joined.isErr()) {
        if (joined.error.code === 'rate_limit_exceeded') return again(joined.error.message, 429);
        if (joined.error.code === 'affiliate_limit_reached') return again('This program is not taking new affiliates right now.', 403);
        if (joined.error.code === 'not_found') return notFoundPage(c);
        return again(joined.error.message, 400);
      }
      return c.html(joinedPage(frameOf(c, 'Joined'), joined.value.campaignName, joined.value.status, !joined.value.joined));
    })
    .get('/invitations/:id', perAddress(uc), async (c) => {
      if (!UUID.test(c.req.param('id'))) return notFoundPage(c);
      const view = await uc.acceptInvitation.view(c.get('merchant').id, c.req.param('id'));
      if (view.isErr()) return notFoundPage(c);
      return c.html(invitationPage(frameOf(c, 'Invitation'), view.value, csrf(c)));
    })
    .post('/invitations/:id/accept', perAddress(uc), async (c) => {
      if (!UUID.test(c.req.param('id'))) return notFoundPage(c);
      const accepted = await uc.acceptInvitation.execute(c.get('merchant').id, c.req.param('id'));
      if (accepted.isErr()) {
        if (accepted.error.code === 'not_found') return notFoundPage(c);
        const status = accepted.error.code === 'invalid_transition' ? 409 : accepted.error.code === 'affiliate_limit_reached' ? 403 : 400;
        return c.html(messagePage(frameOf(c, 'Invitation'), 'The invitation cannot be accepted', accepted.error.message, 'error'), status);
      }
      return c.html(joinedPage(frameOf(c, 'Joined'), accepted.value.campaignName, accepted.value.status, !accepted.value.joined));
    })
    .get('/sign-in', (c) => {
      if (c.get('webSession')) return redirectTo(c, `${c.get('base')}/home`);
      return c.html(signInPage(frameOf(c, 'Sign in'), csrf(c)));
    })
    .post('/sign-in', perAddress(uc), async (c) => {
      const email = field(await c.req.parseBody(), 'email');
      if (!isEmail(email)) return c.html(signInPage(frameOf(c, 'Sign in'), csrf(c), { error: 'Enter a valid email address.', email }), 400);
      const requested = await uc.requestSignInLink.execute({ merchantId: c.get('merchant').id, email, address: address(c) });
      if (requested.isErr()) return c.html(signInPage(frameOf(c, 'Sign in'), csrf(c), { error: requested.error.message, email }), 429);
      return c.html(signInPage(frameOf(c, 'Sign in'), csrf(c), { sent: true }));
    })
    .get('/sign-in/:token', perAddress(uc), (c) => c.html(confirmSignInPage(frameOf(c, 'Sign in'), c.req.param('token'), csrf(c))))
    .post('/sign-in/:token', perAddress(uc), async (c) => {
      const subject = await uc.signInWithLink.execute(c.get('merchant').id, c.req.param('token'));
      if (!subject) {
        return c.html(
          messagePage(frameOf(c, 'Sign in'), 'This sign-in link does not work', 'It was used already, has expired, or belongs to another program. Ask for a new one.', 'error'),
          400,
        );
      }
      await signInBrowser(c as never, uc.sessions, c.get('cookie'), subject);
      return redirectTo(c, `${c.get('base')}/home`);
    })
    .post('/sign-out', async (c) => {
      await signOutBrowser(c as never, uc.sessions, c.get('cookie'));
      return redirectTo(c, `${c.get('base')}/sign-in`);
    });
