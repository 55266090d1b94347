/**
 * fast-check arbitraries for the domain's values and a BigInt reference for its money arithmetic
 * (independent of decimal.js), for embedders' property tests. Published as
 * `affiliate-service/domain/testing`; needs `fast-check` (an optional peer dependency).
 */
export * from './exact.js';
export * from './money.js';
export * from './commission.js';
export * from './conversion.js';
export * from './coupon.js';
export * from './team.js';
