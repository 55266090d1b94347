import { requestsPerMinute, type Plan } from '../../domain/index.js';

/** Bucket names and limits: one shared bucket per merchant, tighter extra buckets for some routes. */
export const MERCHANT_BUCKET_PREFIX = 'merchant:';
export const merchantBucket = (merchantId: string): string => `${MERCHANT_BUCKET_PREFIX}${merchantId}`;
export const routeBucket = (merchantId: string, route: string): string => `merchant:${merchantId}:${route}`;
export const addressBucket = (address: string): string => `address:${address}`;

export const merchantLimit = (plan: Plan): number => requestsPerMinute(plan);
