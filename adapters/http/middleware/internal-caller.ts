import type { Context } from 'hono';
import type { Principal } from '../../../application/shared/actor.js';
import type { Tenant } from '../../../application/shared/tenant.js';

/**
 * An in-process request made on behalf of a caller this process already authenticated: the
 * assistant tools dispatch each API operation through the app with it, so the operation meets the
 * route's own validation, guards, use case, idempotency and audit. It travels in the request's
 * environment (the second argument of `app.fetch`) under a symbol, which no request arriving from
 * the network can carry.
 */
export interface InternalCaller {
  readonly principal: Principal;
  readonly tenant: Tenant;
}

const INTERNAL_CALLER = Symbol('internal caller');

/** The environment for `app.fetch` of an in-process request: the outer request's (its socket, for the address) plus the caller. */
export const withInternalCaller = (env: unknown, caller: InternalCaller): Record<string | symbol, unknown> => ({
  ...(typeof env === 'object' && env !== null ? (env as Record<string, unknown>) : {}),
  [INTERNAL_CALLER]: caller,
});

export const internalCallerOf = (c: Context): InternalCaller | undefined => {
  const env = c.env as Record<symbol, unknown> | undefined;
  return (typeof env === 'object' && env !== null ? env[INTERNAL_CALLER] : undefined) as InternalCaller | undefined;
};
