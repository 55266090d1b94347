import type { MiddlewareHandler } from 'hono';
import type { AuthenticateApiKey } from '../../../application/api-keys/authenticate-api-key.js';
import type { OAuthConnectors } from '../../../application/connectors/oauth-connectors.js';
import { auditActorOf } from '../../../application/shared/actor.js';
import type { AppEnv } from '../app-env.js';
import { ApiError } from '../api-error.js';
import { internalCallerOf } from './internal-caller.js';

/**
 * Resolves the Bearer key to a principal; a failure is kept for after rate limiting (so that a
 * refused request still gets its headers). A refused key whose secret is right (revoked, or the
 * other mode's) is named in the audit row, in its merchant's log.
 */
export const authenticate =
  (authenticateKey: AuthenticateApiKey, connectors?: OAuthConnectors): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    // An assistant tool's in-process call: the caller was authenticated by the `/mcp` request.
    const internal = internalCallerOf(c);
    if (internal) {
      c.set('principal', internal.principal);
      c.set('tenant', internal.tenant);
      c.set('actor', auditActorOf(internal.principal.actor));
      await next();
      return;
    }
    // `/mcp` also takes a connector's OAuth access token: it acts as its member, audited as connector and member.
    const bearer = /^Bearer\s+(mcpa_\S+)\s*$/i.exec(c.req.header('authorization') ?? '')?.[1];
    if (connectors && bearer) {
      const caller = await connectors.authenticate(bearer);
      if (caller.isOk()) {
        const { principal, mode } = caller.value;
        c.set('principal', principal);
        c.set('tenant', { merchantId: principal.merchant.id, mode });
        c.set('actor', auditActorOf(principal.actor));
      } else c.set('authFailure', caller.error);
      await next();
      return;
    }
    const { principal: result, refusedKey } = await authenticateKey.execute(c.req.header('authorization'));
    if (result.isOk()) {
      const { merchant, actor, mode } = result.value;
      c.set('principal', { merchant, actor });
      c.set('tenant', { merchantId: merchant.id, mode });
      c.set('actor', auditActorOf(actor));
    } else {
      c.set('authFailure', result.error);
      if (refusedKey) {
        c.set('auditMerchantId', refusedKey.merchantId);
        c.set('auditApiKeyId', refusedKey.keyId);
      }
    }
    await next();
  };

/** Answers 401 for a request whose key did not authenticate (after its rate-limit headers are set). */
export const requireAuthenticated: MiddlewareHandler<AppEnv> = async (c, next) => {
  const failure = c.get('authFailure');
  if (failure) throw ApiError.from(failure);
  await next();
};
