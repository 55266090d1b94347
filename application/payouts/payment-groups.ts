import type { ClaimedAttempt, PaymentGroupCursor } from '../ports/payout-repository.js';

/** Claimed rows of one affiliate in one currency (and merchant and mode): what one payment carries. */
export interface PaymentGroup {
  readonly key: PaymentGroupCursor;
  readonly rows: readonly ClaimedAttempt[];
}

const keyOf = (row: ClaimedAttempt): PaymentGroupCursor => ({
  merchantId: row.payout.merchantId,
  mode: row.payout.mode,
  affiliateId: row.payout.affiliateId,
  currency: row.payout.currency,
});
const sameKey = (a: PaymentGroupCursor, b: PaymentGroupCursor) =>
  a.merchantId === b.merchantId && a.mode === b.mode && a.affiliateId === b.affiliateId && a.currency === b.currency;

/** Consecutive rows of one key form a group (claims come ordered by group). */
export const groupForPayments = (rows: readonly ClaimedAttempt[]): PaymentGroup[] => {
  const groups: { key: PaymentGroupCursor; rows: ClaimedAttempt[] }[] = [];
  for (const row of rows) {
    const key = keyOf(row);
    const last = groups.at(-1);
    if (last && sameKey(last.key, key)) last.rows.push(row);
    else groups.push({ key, rows: [row] });
  }
  return groups;
};

/** Rows of a payment, by payment id (follow-ups). */
export const groupByPayment = (rows: readonly ClaimedAttempt[]): Map<string, ClaimedAttempt[]> => {
  const byPayment = new Map<string, ClaimedAttempt[]>();
  for (const row of rows) {
    const id = row.payout.paymentId;
    if (id === null) continue;
    byPayment.set(id, [...(byPayment.get(id) ?? []), row]);
  }
  return byPayment;
};
