export * from './countries.js';
export * from './tin.js';
export * from './vat-id.js';
export type { UsAddress, ForeignAddress, ElectronicSignature } from './form-fields.js';
export * from './w9.js';
export * from './w8.js';
export * from './tax-details.js';
export * from './tax-payout-rule.js';
export * from './invoice.js';
