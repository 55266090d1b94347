export * from './risk-flag.js';
export * from './email.js';
export * from './risk-settings.js';
export * from './sale-signals.js';
export * from './affiliate-signals.js';
export * from './risk-decision.js';
export * from './script-sale-rules.js';
export * from './risk.events.js';
