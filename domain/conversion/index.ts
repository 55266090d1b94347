export * from './conversion.js';
export * from './conversion.errors.js';
export * from './conversion.events.js';
export * from './commission.js';
export * from './commission-above-sale.guard.js';
export * from './conversion.ops.js';
export * from './auto-approval.js';
export * from './conversion-corrections.js';
