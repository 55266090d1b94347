import type { MiddlewareHandler } from 'hono';
import { mayManagePayouts } from '../../../application/api-keys/api-key.js';
import type { AppEnv } from '../app-env.js';
import { ApiError } from '../api-error.js';
import { GUARD_ERRORS } from '../middleware/guards.js';

/** Money settings: team-member keys need the Manage payouts permission (owner keys are not restricted). */
export const requirePayoutManagement: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!mayManagePayouts(c.get('principal').key)) {
    throw new ApiError('insufficient_permissions', 'This API key lacks the Manage payouts permission');
  }
  await next();
};
GUARD_ERRORS.set(requirePayoutManagement, ['insufficient_permissions']);
