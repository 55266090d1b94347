export * from './shared/domain-error.js';
export * from './money/decimal.js';
export * from './money/currency.js';
export * from './money/money.js';
export * from './merchant/plan.js';
export * from './shared/mode.js';
export * from './merchant/merchant.js';
