export * from './sale-fact.js';
export * from './attribution.js';
export * from './recurring.js';
export * from './integration.js';
export * from './refund-share.js';
export * from './signature-rejections.js';
export * from './customer-lead.js';
export * from './click-token.js';
