import type { ConversionPatchStatus } from './conversion-corrections.js';
import type { ConversionStatus } from './conversion.js';

/**
 * The merchant's decisions each status allows (`PATCH /conversions/:id`'s `status`), as the machine
 * in `conversion-corrections.ts` answers them. Pages offer exactly these buttons; a property test
 * holds this table to the machine, so neither can drift from the other.
 */
export const CONVERSION_CORRECTIONS: Readonly<Record<ConversionStatus, readonly ConversionPatchStatus[]>> = {
  pending: ['approved', 'rejected', 'held'],
  approved: ['rejected', 'held'],
  held: ['released'],
  rejected: ['pending'],
  paid: [],
  refunded: [],
};

export const correctionsFrom = (status: ConversionStatus): readonly ConversionPatchStatus[] => CONVERSION_CORRECTIONS[status];

/** Where a customer refund may start: a paid conversion's refund is a clawback instead. */
export const REFUNDABLE_STATUSES: readonly ConversionStatus[] = ['pending', 'approved', 'held'];

export const isRefundable = (status: ConversionStatus): boolean => REFUNDABLE_STATUSES.includes(status);
