import type { Context, MiddlewareHandler } from 'hono';
import { addressBucket, merchantBucket, merchantLimit, routeBucket } from '../../../application/account/rate-limit-policy.js';
import type { Clock } from '../../../application/ports/clock.js';
import type { RateLimitDecision, RateLimiter } from '../../../application/ports/rate-limiter.js';
import type { AppEnv } from '../app-env.js';
import { ApiError } from '../api-error.js';
import { clientAddress } from './client-address.js';
import { internalCallerOf } from './internal-caller.js';

const setHeaders = (c: Context<AppEnv>, decision: RateLimitDecision) => {
  c.header('X-RateLimit-Limit', String(decision.limit));
  c.header('X-RateLimit-Remaining', String(decision.remaining));
  c.header('X-RateLimit-Reset', String(decision.resetAt));
};

const refuse = (decision: RateLimitDecision): ApiError =>
  new ApiError('rate_limit_exceeded', `Rate limit of ${decision.limit} requests per minute exceeded`, undefined, {
    'Retry-After': String(decision.retryAfterSeconds),
  });

/**
 * Per-merchant limit by plan, counted per mode (live and test keys never share a bucket); requests without a valid key are limited per client address, which
 * also slows key guessing. Headers go on every response, errors included.
 */
export const rateLimit =
  (limiter: RateLimiter, clock: Clock, anonymousPerMinute: number): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    // An assistant tool's in-process call: its `/mcp` request already counted.
    if (internalCallerOf(c)) return next();
    const principal = c.get('principal');
    const decision = principal
      ? await limiter.consume(merchantBucket(principal.merchant.id, c.get('tenant').mode), merchantLimit(principal.merchant.plan), clock.now())
      : await limiter.consume(addressBucket(clientAddress(c) ?? 'unknown'), anonymousPerMinute, clock.now());
    c.set('rateLimit', decision);
    setHeaders(c, decision);
    if (!decision.allowed) throw refuse(decision);
    await next();
  };

/**
 * The headers for requests the limits do not count (CORS preflights, the OpenAPI document): the
 * client address's budget as it stands, so that every response under `/api` carries them.
 */
export const rateLimitHeadersOnly =
  (limiter: RateLimiter, clock: Clock, anonymousPerMinute: number, applies: (c: Context<AppEnv>) => boolean): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    if (applies(c)) setHeaders(c, await limiter.peek(addressBucket(clientAddress(c) ?? 'unknown'), anonymousPerMinute, clock.now()));
    await next();
  };

/** A tighter, additional per-merchant limit for one route (e.g. `POST /affiliates/invite`, 10 a minute). */
export const routeRateLimit =
  (limiter: RateLimiter, clock: Clock, route: string, perMinute: number): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    const decision = await limiter.consume(routeBucket(c.get('principal').merchant.id, c.get('tenant').mode, route), perMinute, clock.now());
    c.set('rateLimit', decision);
    setHeaders(c, decision);
    if (!decision.allowed) throw refuse(decision);
    await next();
  };
