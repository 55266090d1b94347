/** The portal's Content-Security-Policy: own assets only, forms posted to the portal itself. */
export const PORTAL_CSP =
  "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

/** Headers of every portal response; a route may set its own Content-Security-Policy (it is kept). */
export const SECURITY_HEADERS = {
  'Content-Security-Policy': PORTAL_CSP,
  'X-Content-Type-Options': 'nosniff',
  // Sign-in pages carry their token in the address: it must not leak to another site.
  'Referrer-Policy': 'no-referrer',
  'Cache-Control': 'no-store',
};
