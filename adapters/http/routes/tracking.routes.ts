import { Hono } from 'hono';
import type { RecordClick } from '../../../application/clicks/record-click.js';
import type { AppEnv } from '../app-env.js';
import { ApiError } from '../api-error.js';
import { clientAddress } from '../middleware/client-address.js';

/** The visitor's address: the first `X-Forwarded-For` hop when a proxy set one, else the socket peer. */
const visitorAddress = (c: Parameters<typeof clientAddress>[0]): string | null =>
  c.req.header('x-forwarded-for')?.split(',')[0]?.trim() || clientAddress(c);

/**
 * Public tracking links (no authentication, outside `/api`): `GET /r/:trackingCode/:refCode` records
 * a click and answers `302` to the campaign's target URL, which receives the click id as `click_id`.
 */
export const trackingRoutes = (recordClick: RecordClick) =>
  new Hono<AppEnv>().get('/r/:trackingCode/:refCode', async (c) => {
    const result = await recordClick.execute({
      trackingCode: c.req.param('trackingCode'),
      refCode: c.req.param('refCode'),
      address: visitorAddress(c),
      userAgent: c.req.header('user-agent')?.slice(0, 512) ?? null,
    });
    if (result.isErr()) throw ApiError.from(result.error);
    c.header('Cache-Control', 'no-store');
    c.header('Referrer-Policy', 'no-referrer-when-downgrade');
    return c.redirect(result.value.location, 302);
  });
