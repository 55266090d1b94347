import type { Tenant } from '../shared/tenant.js';

/**
 * How many items wait on the Review page: held conversions, flagged conversions still pending, and
 * flagged affiliates neither banned nor decided on since they were flagged.
 */
export interface OpenReviews {
  count(tenant: Tenant): Promise<number>;
}
