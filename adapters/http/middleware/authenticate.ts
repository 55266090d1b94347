import type { MiddlewareHandler } from 'hono';
import type { AuthenticateApiKey } from '../../../application/api-keys/authenticate-api-key.js';
import type { Clock } from '../../../application/ports/clock.js';
import type { AppEnv } from '../app-env.js';
import { ApiError } from '../api-error.js';

/**
 * Resolves the Bearer key to a principal, counting the request against the merchant's rate limit in
 * the same round trip (`rateLimit` then only applies the decision); a failure is kept for after rate limiting.
 */
export const authenticate =
  (authenticateKey: AuthenticateApiKey, clock: Clock): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    const { principal: result, rateLimit } = await authenticateKey.execute(c.req.header('authorization'), clock.now());
    if (rateLimit) c.set('rateLimit', rateLimit);
    if (result.isOk()) {
      c.set('principal', result.value);
      c.set('tenant', { merchantId: result.value.merchant.id, mode: result.value.key.mode });
      c.set('actor', 'api_key');
    } else {
      c.set('authFailure', result.error);
    }
    await next();
  };

/** Answers 401 for a request whose key did not authenticate (after its rate-limit headers are set). */
export const requireAuthenticated: MiddlewareHandler<AppEnv> = async (c, next) => {
  const failure = c.get('authFailure');
  if (failure) throw ApiError.from(failure);
  await next();
};
