import type { Context } from 'hono';
import type { PortalContext } from '../../application/portal/affiliate-portal.js';
import type { Merchant } from '../../domain/index.js';
import type { WebEnv } from '../http/web-session/web-env.js';
import type { SessionCookie } from '../http/web-session/session-cookie.js';

/** Which merchant's portal a request is for, and its path prefix ('' on the merchant's own domain). */
export interface PortalMount {
  readonly merchantId: string;
  readonly base: string;
}

export interface PortalEnv {
  /** `clientAddress`: the address the service resolved (the portal app runs as a second app, without the first's variables). */
  Bindings: { portalMount: PortalMount; clientAddress?: string | null };
  Variables: WebEnv['Variables'] & {
    merchant: Merchant;
    base: string;
    cookie: SessionCookie;
    /** The signed-in affiliate at this merchant, when the session is valid. */
    affiliate: PortalContext | undefined;
    hasTeam: boolean;
    /** The merchant's logo (a `data:` URL) and whether it set a brand colour (served as `brand.css`). */
    branding: { readonly logo: string | null; readonly colour: string | null };
  };
}

export type PortalRequest = Context<PortalEnv>;

/** One cookie name for the portal; its path confines it to one merchant's portal. */
export const portalCookie = (base: string): SessionCookie => ({ name: 'affiliate_portal_session', path: base || '/' });
