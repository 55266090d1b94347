export * from './coupon.js';
export * from './coupon.events.js';
export * from './coupon.rules.js';
export * from './coupon.ops.js';
export * from './attribution.js';
