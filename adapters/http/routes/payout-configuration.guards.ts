import type { MiddlewareHandler } from 'hono';
import { mayManagePayouts, type Principal } from '../../../application/shared/actor.js';
import type { AppEnv } from '../app-env.js';
import { ApiError } from '../api-error.js';
import { GUARD_ERRORS } from '../middleware/guards.js';

/** The Manage payouts verdict, shared by routes and the dashboard: team-member keys need the permission (owner keys are not restricted). */
export const payoutManagementRefusal = (principal: Principal): ApiError | null =>
  mayManagePayouts(principal.actor) ? null : new ApiError('insufficient_permissions', 'This API key lacks the Manage payouts permission');

/** Money settings and manual payouts: team-member keys need the Manage payouts permission. */
export const requirePayoutManagement: MiddlewareHandler<AppEnv> = async (c, next) => {
  const refusal = payoutManagementRefusal(c.get('principal'));
  if (refusal) throw refusal;
  await next();
};
GUARD_ERRORS.set(requirePayoutManagement, ['insufficient_permissions']);
