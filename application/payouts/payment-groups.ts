import type { ClaimedAttempt, ClaimedAward, ClaimedGroups, ClaimedLines, PaymentGroupCursor } from '../ports/payout-repository.js';

/** Claimed rows and bonus awards of one affiliate in one currency (and merchant and mode): what one payment carries. */
export interface PaymentGroup {
  readonly key: PaymentGroupCursor;
  readonly rows: readonly ClaimedAttempt[];
  readonly awards: readonly ClaimedAward[];
}

/** The lines of one payment in flight. */
export interface PaymentLines {
  readonly rows: readonly ClaimedAttempt[];
  readonly awards: readonly ClaimedAward[];
}

const keyText = (merchantId: string, mode: string, affiliateId: string, currency: string) => `${merchantId}|${mode}|${affiliateId}|${currency}`;

/** The claim's groups in its order, each with its rows and awards (a group whose lines another process holds is left out). */
export const groupForPayments = (claimed: ClaimedGroups): PaymentGroup[] => {
  const byKey = new Map<string, { key: PaymentGroupCursor; rows: ClaimedAttempt[]; awards: ClaimedAward[] }>();
  for (const key of claimed.groups) byKey.set(keyText(key.merchantId, key.mode, key.affiliateId, key.currency), { key, rows: [], awards: [] });
  for (const row of claimed.payouts) byKey.get(keyText(row.payout.merchantId, row.payout.mode, row.payout.affiliateId, row.payout.currency))?.rows.push(row);
  for (const line of claimed.awards) byKey.get(keyText(line.award.merchantId, line.mode, line.award.affiliateId, line.award.currency))?.awards.push(line);
  return [...byKey.values()].filter((g) => g.rows.length > 0 || g.awards.length > 0);
};

/** Rows and awards of each payment, by payment id (follow-ups and records). */
export const groupByPayment = (lines: ClaimedLines): Map<string, PaymentLines> => {
  const byPayment = new Map<string, { rows: ClaimedAttempt[]; awards: ClaimedAward[] }>();
  const of = (id: string) => {
    let found = byPayment.get(id);
    if (!found) {
      found = { rows: [], awards: [] };
      byPayment.set(id, found);
    }
    return found;
  };
  for (const row of lines.payouts) if (row.payout.paymentId !== null) of(row.payout.paymentId).rows.push(row);
  for (const line of lines.awards) if (line.schedule.paymentId !== null) of(line.schedule.paymentId).awards.push(line);
  return byPayment;
};
