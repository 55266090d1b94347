export * from './payout.js';
export * from './payout.errors.js';
export * from './payout.events.js';
export * from './payout.ops.js';
export * from './clawback.js';
