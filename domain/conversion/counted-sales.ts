import type { ConversionStatus } from './conversion.js';

/**
 * Which conversions statistics count as sales: every one except rejected and refunded ones (pending,
 * approved, paid and held sales are real sales). Campaign and affiliate totals, `/stats` and the
 * portal's earnings all read this rule.
 */
export const UNCOUNTED_SALE_STATUSES: readonly ConversionStatus[] = ['rejected', 'refunded'];
export const COUNTED_SALE_STATUSES: readonly ConversionStatus[] = ['pending', 'approved', 'paid', 'held'];

export const isCountedSale = (status: ConversionStatus): boolean => !UNCOUNTED_SALE_STATUSES.includes(status);
