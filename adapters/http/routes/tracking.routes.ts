import { Hono } from 'hono';
import type { RecordClick } from '../../../application/clicks/record-click.js';
import type { Clock } from '../../../application/ports/clock.js';
import type { RateLimiter } from '../../../application/ports/rate-limiter.js';
import type { AppEnv } from '../app-env.js';
import { ApiError } from '../api-error.js';
import { clientAddress } from '../middleware/client-address.js';

/** The visitor's address: the first `X-Forwarded-For` hop when a proxy set one, else the socket peer. */
const visitorAddress = (c: Parameters<typeof clientAddress>[0]): string | null =>
  c.req.header('x-forwarded-for')?.split(',')[0]?.trim() || clientAddress(c);

export const CLICKS_PER_MINUTE_PER_VISITOR = 60;

/**
 * Public tracking links (no authentication, outside `/api`): `GET /r/:trackingCode/:refCode` records
 * a click and answers `302` to the campaign's target URL, which receives the click id as `click_id`.
 * A visitor address following links faster than a person can (60 a minute) is refused with 429, so a
 * bot cannot flood a campaign's click counts.
 */
export const trackingRoutes = (recordClick: RecordClick, limiter: RateLimiter, clock: Clock) =>
  new Hono<AppEnv>().get('/r/:trackingCode/:refCode', async (c) => {
    const address = visitorAddress(c);
    const decision = await limiter.consume(`clicks:${address ?? 'unknown'}`, CLICKS_PER_MINUTE_PER_VISITOR, clock.now());
    if (!decision.allowed) {
      throw new ApiError('rate_limit_exceeded', 'Too many clicks from this address', undefined, {
        'Retry-After': String(decision.retryAfterSeconds),
      });
    }
    const result = await recordClick.execute({
      trackingCode: c.req.param('trackingCode'),
      refCode: c.req.param('refCode'),
      address,
      userAgent: c.req.header('user-agent')?.slice(0, 512) ?? null,
    });
    if (result.isErr()) throw ApiError.from(result.error);
    c.header('Cache-Control', 'no-store');
    c.header('Referrer-Policy', 'no-referrer-when-downgrade');
    return c.redirect(result.value.location, 302);
  });
