import { domainError, type DomainError } from '../shared/domain-error.js';
import type { PayoutStatus } from './payout.js';

export type PayoutAction = 'queue' | 'resize' | 'cancel' | 'release' | 'attempt' | 'follow_up' | 'record_outcome' | 'mark_paid' | 'retry';

/** 409: the payout state machine has no such move from the row's status (or the row is not due yet). */
export const payoutInvalidTransition = (from: PayoutStatus, action: PayoutAction, why?: string): DomainError<'invalid_transition'> =>
  domainError('invalid_transition', `A ${from} payout cannot take the action "${action}"${why ? `: ${why}` : ''}`);

/**
 * 409: the conversion's payout is with the provider (`processing`); the conversion cannot change
 * until the transfer settles or fails, so money in flight never exceeds what the conversion earns.
 */
export const payoutInProgress = (): DomainError<'payout_in_progress'> =>
  domainError(
    'payout_in_progress',
    "The conversion's payout is being processed by the payout provider; try again once it has completed or failed",
  );
