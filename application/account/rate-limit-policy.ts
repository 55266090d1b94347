import { requestsPerMinute, type Mode, type Plan } from '../../domain/index.js';

/**
 * Bucket names and limits: one bucket per merchant and mode (a test suite's burst never throttles the
 * merchant's live traffic), tighter extra buckets for some routes, per mode as well.
 */
const MERCHANT_BUCKET_PREFIX = 'merchant:';
export const merchantBucket = (merchantId: string, mode: Mode): string => `${MERCHANT_BUCKET_PREFIX}${merchantId}:${mode}`;
export const routeBucket = (merchantId: string, mode: Mode, route: string): string => `${MERCHANT_BUCKET_PREFIX}${merchantId}:${mode}:${route}`;
export const addressBucket = (address: string): string => `address:${address}`;

export const merchantLimit = (plan: Plan): number => requestsPerMinute(plan);
