import { domainError, type DomainError } from '../shared/domain-error.js';
import type { ConversionStatus } from './conversion.js';

export type ConversionAction = 'approve' | 'reject' | 'mark_paid' | 'refund' | 'hold' | 'release' | 'reopen' | 'supersede' | 'reverse_refund';

/** 409: the state machine has no such move from the conversion's status. */
export const invalidTransition = (from: ConversionStatus, action: ConversionAction): DomainError<'invalid_transition'> =>
  domainError('invalid_transition', `A ${from} conversion cannot take the action "${action}"`);

/**
 * 409: approval needs `confirmAboveSale: true`. The message states the case that applies: a zero
 * sale (any commission on it, zero included), or a commission above 5 times a non-zero sale.
 */
export const commissionAboveSale = (commission: string, sale: string, currency: string, saleIsZero: boolean): DomainError<'commission_above_sale'> =>
  domainError(
    'commission_above_sale',
    (saleIsZero
      ? `The sale is zero (${sale} ${currency.toUpperCase()}), with a commission of ${commission} ${currency.toUpperCase()}; `
      : `Commission ${commission} ${currency.toUpperCase()} is above 5 times its sale of ${sale} ${currency.toUpperCase()}; `) +
      'resend with confirmAboveSale: true to approve it',
  );
