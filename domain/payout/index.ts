export * from './payout.js';
export * from './payout.errors.js';
export * from './payout.events.js';
export * from './payout.ops.js';
export * from './payment.js';
export * from './provider-credentials.js';
export * from './payout-settings.js';
export * from './clawback.js';
