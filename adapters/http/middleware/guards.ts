import type { MiddlewareHandler } from 'hono';
import type { Principal } from '../../../application/api-keys/authenticate-api-key.js';
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

/** The write-key verdict, shared by routes and the assistant tools: every Pro key is read-only. */
export const writeKeyRefusal = (principal: Principal): ApiError | null =>
  principal.key.permissions.write ? null : new ApiError('insufficient_permissions', 'This API key is read-only');

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

/** The live-key verdict, shared by routes and the assistant tools. */
export const liveKeyRefusal = (principal: Principal, operation: string): ApiError | null =>
  principal.key.mode === 'live' ? null : new ApiError('test_mode_unsupported', `${operation} is not available with a test key`);

/** Live-only operations (campaign create, team writes) refuse test keys. */
export const requireLiveKey = (operation: string): MiddlewareHandler<AppEnv> =>
  guard(async (c, next) => {
    const refusal = liveKeyRefusal(c.get('principal'), operation);
    if (refusal) throw refusal;
    await next();
  }, ['test_mode_unsupported']);
