import type { Mode } from '../../domain/index.js';

/** Who a browser session or an emailed link belongs to: a merchant's user or an affiliate (at one merchant). */
export type SessionSubjectKind = 'merchant_user' | 'affiliate';

export interface SessionSubject {
  readonly kind: SessionSubjectKind;
  readonly id: string;
  readonly merchantId: string;
}

/** A signed-in browser. The cookie carries a random secret; only its hash is stored (`idHash`). */
export interface WebSession {
  readonly idHash: string;
  readonly subject: SessionSubject;
  /** Which data the pages show: live by default, test only when the user switches (spec: test data hidden by default). */
  readonly mode: Mode;
  /** Sent back with every state-changing request (form field `_csrf` or header `X-CSRF-Token`). */
  readonly csrfToken: string;
  readonly createdAt: Date;
  readonly expiresAt: Date;
  /**
   * An affiliate's browser, salted like a click's (address and user agent; the address alone), so a
   * sale's click can be compared with the affiliate's own browser. Absent for merchant users.
   */
  readonly visitorHash?: string | null;
  readonly addressHash?: string | null;
}

/** What an emailed single-use link is for; each purpose is consumed only by its own page. */
export const LINK_PURPOSES = ['set_password', 'reset_password', 'merchant_sign_in', 'affiliate_sign_in', 'affiliate_invitation'] as const;
export type LinkPurpose = (typeof LINK_PURPOSES)[number];

/** What a consumed link grants: its subject, and whatever the issuer attached (e.g. a campaign id). */
export interface LinkGrant {
  readonly purpose: LinkPurpose;
  readonly subject: SessionSubject;
  readonly payload: Readonly<Record<string, unknown>> | null;
}
