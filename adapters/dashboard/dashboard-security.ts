import type { MiddlewareHandler } from 'hono';

/**
 * The dashboard's Content-Security-Policy: its own scripts and stylesheet only, forms posted to
 * itself, never framed (a framed dashboard is a click-jacking target for approvals and payouts).
 */
export const DASHBOARD_CSP =
  "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

/** Headers of every dashboard response, error pages included. */
export const dashboardSecurityHeaders: MiddlewareHandler = async (c, next) => {
  c.header('Content-Security-Policy', DASHBOARD_CSP);
  c.header('X-Content-Type-Options', 'nosniff');
  c.header('Referrer-Policy', 'same-origin');
  await next();
};
