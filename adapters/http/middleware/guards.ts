import type { MiddlewareHandler } from 'hono';
import { mayWrite, type Principal } from '../../../application/shared/actor.js';
import type { Tenant } from '../../../application/shared/tenant.js';
import { planMeets, type Plan } from '../../../domain/index.js';
import type { AppEnv } from '../app-env.js';
import { ApiError } from '../api-error.js';

const PLAN_NAMES: Record<Plan, string> = { professional: 'Pro', ultimate: 'Ultimate', scale: 'Scale' };

/** The error codes each guard can answer with; the OpenAPI document lists them on the guarded routes. */
export const GUARD_ERRORS = new WeakMap<MiddlewareHandler<AppEnv>, readonly string[]>();
const guard = (handler: MiddlewareHandler<AppEnv>, codes: readonly string[]): MiddlewareHandler<AppEnv> => {
  GUARD_ERRORS.set(handler, codes);
  return handler;
};

/** The plan gate's verdict, shared by routes and the assistant tools: `plan_insufficient` below `minimum`. */
export const planRefusal = (principal: Principal, minimum: Plan, feature: string): ApiError | null =>
  planMeets(principal.merchant.plan, minimum) ? null : new ApiError('plan_insufficient', `${feature} needs the ${PLAN_NAMES[minimum]} plan or above`);

/** The write verdict, shared by routes, the dashboard and the assistant tools: every Pro key (and so every Pro user) is read-only. */
export const writeKeyRefusal = (principal: Principal): ApiError | null =>
  mayWrite(principal.actor, principal.merchant.plan) ? null : new ApiError('insufficient_permissions', 'This API key is read-only');

/** The one plan gate: `403 plan_insufficient` below `minimum`. */
export const requirePlan = (minimum: Plan, feature: string): MiddlewareHandler<AppEnv> =>
  guard(async (c, next) => {
    const refusal = planRefusal(c.get('principal'), minimum, feature);
    if (refusal) throw refusal;
    await next();
  }, ['plan_insufficient']);

/** Writes need a write key; every Pro key is read-only. */
export const requireWriteKey: MiddlewareHandler<AppEnv> = guard(async (c, next) => {
  const refusal = writeKeyRefusal(c.get('principal'));
  if (refusal) throw refusal;
  await next();
}, ['insufficient_permissions']);

/** The live-key verdict, shared by routes and the assistant tools: the request's mode is its key's. */
export const liveKeyRefusal = (tenant: Tenant, operation: string): ApiError | null =>
  tenant.mode === 'live' ? null : new ApiError('test_mode_unsupported', `${operation} is not available with a test key`);

/** Live-only operations (campaign create, team writes) refuse test keys. */
export const requireLiveKey = (operation: string): MiddlewareHandler<AppEnv> =>
  guard(async (c, next) => {
    const refusal = liveKeyRefusal(c.get('tenant'), operation);
    if (refusal) throw refusal;
    await next();
  }, ['test_mode_unsupported']);
