/**
 * Per-minute limits of the endpoints anyone may call without a key: per visitor (address and
 * browser, or the account a form names) and per client address, every visitor behind it together.
 * The per-address limits are set high enough for an office or a carrier's shared address full of
 * real people, and low enough that changing the browser's name buys one address nothing.
 */
export interface PublicLimits {
  /** Tracking-link clicks recorded a minute for one visitor; past it the link still redirects. */
  readonly clicksPerVisitor: number;
  /** Tracking-link clicks recorded a minute from one address, every visitor together. */
  readonly clicksPerAddress: number;
  /** Tracking-script calls (`/t/v1/…`) a minute from one visitor; a page view makes one to three. */
  readonly scriptCallsPerVisitor: number;
  /** Tracking-script calls a minute from one address, every visitor together. */
  readonly scriptCallsPerAddress: number;
  /** Script-reported sales (`POST /t/v1/sales`) a minute from one address. */
  readonly scriptSalesPerAddress: number;
  /** The portal's join, sign-in, sign-in link and invitation requests a minute from one address. */
  readonly portalRequestsPerAddress: number;
  /** OAuth client registrations, token and revocation requests a minute from one address. */
  readonly oauthRequestsPerAddress: number;
}

export const DEFAULT_PUBLIC_LIMITS: PublicLimits = {
  clicksPerVisitor: 60,
  clicksPerAddress: 3_000,
  scriptCallsPerVisitor: 60,
  scriptCallsPerAddress: 600,
  scriptSalesPerAddress: 30,
  portalRequestsPerAddress: 60,
  oauthRequestsPerAddress: 60,
};

/** The bucket of one client address for one kind of public request (`unknown` when the address is). */
export const publicAddressBucket = (kind: 'clicks' | 'script' | 'script-sales' | 'portal' | 'oauth', address: string | null): string =>
  `public:${kind}:address:${address ?? 'unknown'}`;
