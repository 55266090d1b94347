import { Decimal } from '../money/decimal.js';
import type { ImportedPayoutKind } from './imported-history.js';

/** An imported paid commission that a source's batch payout may have paid: of its affiliate and period, in no payout yet. */
export interface BatchCandidate {
  readonly id: string;
  readonly commission: string;
  readonly currency: string;
}

/** A batch payout not written: skipped (nothing was paid) or refused, with the reason. */
export type ImportedBatchNotPlaced = { readonly kind: 'skipped'; readonly reason: string } | { readonly kind: 'refused'; readonly reason: string };

/** What a source's payout that names none of its commissions (a sum per affiliate and period) becomes. */
export type ImportedBatchPlacement<C extends BatchCandidate = BatchCandidate> = { readonly kind: 'history'; readonly paid: readonly C[] } | ImportedBatchNotPlaced;

const DECIMAL = /^\d+(\.\d+)?$/;

/**
 * A batch payout decided before its commissions are read: one without its period cannot be placed,
 * and only money the source paid is (owed money is queued here, money in flight there must not be
 * paid twice). Null: read the candidates and place it (`placeImportedBatchPayout`).
 */
export const batchPayoutBeforeReading = (kind: ImportedPayoutKind, period: { readonly from: string | null; readonly to: string | null }): ImportedBatchNotPlaced | null => {
  if (period.from === null || period.to === null) return { kind: 'refused', reason: 'commission_id is required: the payout names none of its commissions' };
  switch (kind) {
    case 'owed':
      return { kind: 'skipped', reason: 'still to pay at the source: the commissions it would pay are owed here and queued for the next payout run (do not pay it there too)' };
    case 'in_flight':
      return { kind: 'refused', reason: 'being paid at the source (processing), and it names none of its commissions: check that the next payout run here does not pay them again' };
    case 'cancelled':
    case 'failed':
      return { kind: 'skipped', reason: `${kind} at the source: nothing was paid` };
    case 'completed':
      return null;
  }
};

/**
 * Places a paid batch payout on the commissions it paid: only when the affiliate's imported paid
 * commissions of the period, not yet in a payout, are in one currency and add up to its amount
 * exactly (then each becomes a history row, as a payout naming them would give). Anything else is
 * refused with both totals: no commission is split, and none is paid again (they keep their paid state).
 */
export const placeImportedBatchPayout = <C extends BatchCandidate>(
  payout: { readonly externalId: string; readonly amount: string; readonly currency: string | null; readonly from: string; readonly to: string },
  candidates: readonly C[],
): ImportedBatchPlacement<C> => {
  if (!DECIMAL.test(payout.amount)) return { kind: 'refused', reason: `amount ${payout.amount || '(none)'} is not a decimal` };
  const currencies = [...new Set(candidates.map((c) => c.currency))];
  const sum = candidates.reduce((total, c) => total.plus(c.commission), new Decimal(0));
  if (candidates.length > 0 && currencies.length === 1 && sum.eq(payout.amount)) return { kind: 'history', paid: candidates };
  const found = currencies.length > 1 ? `are in ${currencies.join(', ')}` : `add up to ${sum.toString()}${currencies[0] ? ` ${currencies[0]}` : ''}`;
  return {
    kind: 'refused',
    reason: `payout ${payout.externalId} of ${payout.amount}${payout.currency ? ` ${payout.currency}` : ''} names none of its commissions, and the affiliate's imported paid commissions of ${payout.from} to ${payout.to} not yet in a payout ${found}: not split (the commissions keep their paid state, none is paid again)`,
  };
};
