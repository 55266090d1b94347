import type { MiddlewareHandler } from 'hono';
import { planMeets, type Plan } from '../../../domain/index.js';
import type { AppEnv } from '../app-env.js';
import { ApiError } from '../api-error.js';

const PLAN_NAMES: Record<Plan, string> = { professional: 'Pro', ultimate: 'Ultimate', scale: 'Scale' };

/** The one plan gate: `403 plan_insufficient` below `minimum`. */
export const requirePlan =
  (minimum: Plan, feature: string): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    if (!planMeets(c.get('principal').merchant.plan, minimum)) {
      throw new ApiError('plan_insufficient', `${feature} needs the ${PLAN_NAMES[minimum]} plan or above`);
    }
    await next();
  };

/** Writes need a write key; every Pro key is read-only. */
export const requireWriteKey: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!c.get('principal').key.permissions.write) {
    throw new ApiError('insufficient_permissions', 'This API key is read-only');
  }
  await next();
};

/** Live-only operations (campaign create, team writes) refuse test keys. */
export const requireLiveKey =
  (operation: string): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    if (c.get('principal').key.mode !== 'live') {
      throw new ApiError('test_mode_unsupported', `${operation} is not available with a test key`);
    }
    await next();
  };
