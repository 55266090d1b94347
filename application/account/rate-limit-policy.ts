import { requestsPerMinute, type Plan } from '../../domain/index.js';

/** Bucket names and limits: one shared bucket per merchant, tighter extra buckets for some routes. */
export const merchantBucket = (merchantId: string): string => `merchant:${merchantId}`;
export const routeBucket = (merchantId: string, route: string): string => `merchant:${merchantId}:${route}`;
export const addressBucket = (address: string): string => `address:${address}`;

export const merchantLimit = (plan: Plan): number => requestsPerMinute(plan);
