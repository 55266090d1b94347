import { isOpenPayout, type PayoutStatus } from '../payout/payout.js';
import type { ImportedPayoutKind } from './imported-history.js';

/** The queue row of an imported commission, as far as placing a source's payout on it goes. */
export interface QueuedPayoutFacts {
  readonly id: string;
  readonly status: PayoutStatus;
  readonly attempts: number;
  readonly paymentId: string | null;
}

/**
 * What an import does with a source's payout row that names its commission:
 * - `history`: writes it as history (in place of the queued row `replaces`, if any), and marks the
 *   commission paid when the source paid it;
 * - `matched`: it is the queued row's own obligation (`takeOverSchedule`: the source's date applies);
 * - `skipped` / `refused`: nothing written, with the reason (`dropQueued`: a queued row that must not
 *   be paid here is removed first).
 */
export type ImportedPayoutPlacement =
  | { readonly kind: 'history'; readonly replaces: string | null; readonly marksPaid: boolean }
  | { readonly kind: 'matched'; readonly queuedId: string; readonly takeOverSchedule: boolean }
  | { readonly kind: 'skipped'; readonly reason: string }
  | { readonly kind: 'refused'; readonly reason: string; readonly dropQueued: string | null };

/** A failed payment imported as history: no attempt of ours. */
const importedFailure = (row: QueuedPayoutFacts): boolean => row.status === 'failed' && row.attempts === 0 && row.paymentId === null;

/** A row the payout run here has worked on (history rows are written with no attempt). */
const workedOnHere = (row: QueuedPayoutFacts): boolean => row.attempts > 0 || row.paymentId !== null;

/** A row the payout run has not touched yet: it may still become the source's history instead. */
const untouched = (row: QueuedPayoutFacts): boolean => !workedOnHere(row) && row.status !== 'failed' && isOpenPayout(row.status);

/**
 * Places a source's payout on its commission's queue row so that no commission is paid twice: money
 * the source paid becomes history unless the payout run here already worked on the row (then the
 * merchant settles the difference); money still owed there stays the queued row's, paid here once;
 * a payment in flight there is never paid here. `commissionStatus` only words a refusal.
 */
export const placeImportedPayout = (kind: ImportedPayoutKind, queued: QueuedPayoutFacts | null, commissionStatus: string): ImportedPayoutPlacement => {
  switch (kind) {
    case 'completed':
    case 'failed': {
      // A failed attempt imported earlier gives way to the payment that followed it.
      const replaceable = queued !== null && (untouched(queued) || (kind === 'completed' && importedFailure(queued)));
      if (queued && !replaceable && kind === 'completed' && workedOnHere(queued)) {
        return {
          kind: 'refused',
          reason: `paid at the source, and its commission is also being paid or paid here (payout ${queued.id}): settle the difference with the affiliate`,
          dropQueued: null,
        };
      }
      if (queued && !replaceable) return { kind: 'matched', queuedId: queued.id, takeOverSchedule: false };
      if (queued && kind === 'failed') return { kind: 'skipped', reason: 'failed at the source: its commission is still owed, and stays queued for the next payout run here' };
      return { kind: 'history', replaces: queued?.id ?? null, marksPaid: kind === 'completed' };
    }
    case 'owed':
      if (!queued) {
        return {
          kind: 'refused',
          reason: `still to pay at the source, but its commission is ${commissionStatus} here: nothing owed is queued for it (approve the commission to pay it here)`,
          dropQueued: null,
        };
      }
      return { kind: 'matched', queuedId: queued.id, takeOverSchedule: untouched(queued) };
    case 'in_flight':
      // Being paid at the source: paying it here too would pay it twice.
      return {
        kind: 'refused',
        reason: 'being paid at the source (processing): not paid here; import again once it is paid there to record it',
        dropQueued: queued && untouched(queued) ? queued.id : null,
      };
    case 'cancelled':
      return { kind: 'skipped', reason: 'cancelled at the source: nothing was paid' };
  }
};
