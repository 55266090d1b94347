import { err, ok, type Result } from 'neverthrow';
import { validationError, type DomainError } from '../shared/domain-error.js';

/** Payout states that are history: the money moved (or did not) where the program ran before. */
export const IMPORTED_PAYOUT_STATUSES = ['completed', 'failed'] as const;
export type ImportedPayoutStatus = (typeof IMPORTED_PAYOUT_STATUSES)[number];

/**
 * An imported payout is history only: `completed` (a source's `paid`) or `failed`. Any state still
 * waiting to be paid is refused, since the payout job here would pay it a second time.
 */
export const importedPayoutStatus = (status: string): Result<ImportedPayoutStatus, DomainError> => {
  const named: Readonly<Record<string, ImportedPayoutStatus>> = { completed: 'completed', paid: 'completed', failed: 'failed' };
  const key = status.trim().toLowerCase();
  // Own entries only: a status such as `__proto__` names nothing.
  const found = Object.hasOwn(named, key) ? named[key] : undefined;
  return found ? ok(found) : err(validationError('status', `a payout ${status || 'without status'} is not history (completed or failed): it would be paid again here`));
};
