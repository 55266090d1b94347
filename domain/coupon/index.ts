export * from './coupon.js';
export * from './attribution.js';
