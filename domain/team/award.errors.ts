import { domainError, type DomainError } from '../shared/domain-error.js';
import type { AwardAction, AwardStatus } from './award.js';

/** Moves the service makes on its own (refunds, the window's close, payouts, a plan downgrade). */
type SystemStep = 'revise' | 'close_window' | 'start_payout' | 'payout_result' | 'downgrade';

export const invalidAwardTransition = (from: AwardStatus, action: AwardAction | SystemStep): DomainError<'invalid_transition'> =>
  domainError('invalid_transition', `A ${from} award cannot take the action "${action}"`);
