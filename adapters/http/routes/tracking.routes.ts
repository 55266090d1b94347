import { createHash } from 'node:crypto';
import { Hono } from 'hono';
import type { RecordClick } from '../../../application/clicks/record-click.js';
import type { Clock } from '../../../application/ports/clock.js';
import type { RateLimiter } from '../../../application/ports/rate-limiter.js';
import { publicAddressBucket, type PublicLimits } from '../../../application/rate-limiting/public-limits.js';
import type { AppEnv } from '../app-env.js';
import { ApiError } from '../api-error.js';
import { clientAddress } from '../middleware/client-address.js';

/** One bucket per visitor: address and user agent, hashed to a short name. */
const visitorBucket = (address: string | null, userAgent: string | null): string =>
  `clicks:${createHash('sha256').update(`${address ?? ''}\n${userAgent ?? ''}`).digest('base64url').slice(0, 22)}`;

/**
 * Public tracking links (no authentication, outside `/api`): `GET /r/:trackingCode/:refCode` records
 * a click and answers `302` to the campaign's target URL, which receives the click id as `click_id`.
 * A visitor (address and browser) following links faster than a person can, or one address past what
 * every visitor behind it together would make, is still sent on, but no longer counted: a bot cannot
 * flood a campaign's click counts by changing its browser's name, and a real visitor behind a shared
 * address (an office, a carrier's NAT) is never turned away.
 */
export const trackingRoutes = (recordClick: RecordClick, limiter: RateLimiter, clock: Clock, limits: Pick<PublicLimits, 'clicksPerVisitor' | 'clicksPerAddress'>) =>
  new Hono<AppEnv>().get('/r/:trackingCode/:refCode', async (c) => {
    const address = clientAddress(c);
    const userAgent = c.req.header('user-agent')?.slice(0, 512) ?? null;
    // The limits only decide whether the click counts, so a visitor new to this process is not kept
    // waiting for the shared count.
    const now = clock.now();
    const [byVisitor, byAddress] = await Promise.all([
      limiter.consume(visitorBucket(address, userAgent), limits.clicksPerVisitor, now, { unseenBucket: 'admit' }),
      limiter.consume(publicAddressBucket('clicks', address), limits.clicksPerAddress, now, { unseenBucket: 'admit' }),
    ]);
    const result = await recordClick.execute({
      trackingCode: c.req.param('trackingCode'),
      refCode: c.req.param('refCode'),
      address,
      userAgent,
      counts: byVisitor.allowed && byAddress.allowed,
      landingUrl: c.req.url,
      referrer: c.req.header('referer') ?? null,
    });
    if (result.isErr()) throw ApiError.from(result.error);
    c.header('Cache-Control', 'no-store');
    c.header('Referrer-Policy', 'no-referrer-when-downgrade');
    return c.redirect(result.value.location, 302);
  });
