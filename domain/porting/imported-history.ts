import { err, ok, type Result } from 'neverthrow';
import type { Decimal } from '../money/decimal.js';
import { validationError, type DomainError } from '../shared/domain-error.js';

/**
 * What an imported payout row says happened to its commission's money at the source:
 * - `completed`: paid there (a source's `paid`), history here; its commission is paid, never again;
 * - `failed`: a payment that did not go through there, history here;
 * - `owed`: still to pay there (`pending`, `due`, `scheduled`, `awaiting_funds`): the commission is
 *   owed, and is paid here once, by the payout run, instead of there;
 * - `in_flight`: being paid there (`processing`): not paid here, lest it be paid twice;
 * - `cancelled`: dropped there, nothing paid.
 */
export const IMPORTED_PAYOUT_KINDS = ['completed', 'failed', 'owed', 'in_flight', 'cancelled'] as const;
export type ImportedPayoutKind = (typeof IMPORTED_PAYOUT_KINDS)[number];

const PAYOUT_KIND_OF: Readonly<Record<string, ImportedPayoutKind>> = {
  completed: 'completed',
  paid: 'completed',
  failed: 'failed',
  pending: 'owed',
  due: 'owed',
  scheduled: 'owed',
  awaiting_funds: 'owed',
  processing: 'in_flight',
  cancelled: 'cancelled',
  canceled: 'cancelled',
};

export const importedPayoutKind = (status: string): Result<ImportedPayoutKind, DomainError> => {
  const key = status.trim().toLowerCase();
  // Own entries only: a status such as `__proto__` names nothing.
  const found = Object.hasOwn(PAYOUT_KIND_OF, key) ? PAYOUT_KIND_OF[key] : undefined;
  return found ? ok(found) : err(validationError('status', `a payout ${status || 'without status'} is none of completed, paid, failed, pending, scheduled, awaiting_funds, processing, cancelled`));
};

/**
 * An imported commission the source still owes (approved there, not paid) is paid here, once: it is
 * queued as an approval here queues it. A paid one never is; a pending one waits for its approval.
 */
export const owedOnImport = (status: string, commission: Decimal): boolean => status === 'approved' && commission.gt(0);
