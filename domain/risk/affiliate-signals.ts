import { riskFlag, type RiskFlag } from './risk-flag.js';

/** An affiliate's payout identity: the address or connected account money is sent to. */
export interface PayoutIdentity {
  readonly affiliateId: string;
  readonly payoutEmail: string | null;
  readonly connectedAccountId: string | null;
}

const same = (a: string | null, b: string | null): boolean => a !== null && b !== null && a.trim().toLowerCase() === b.trim().toLowerCase();

/** `shared_payout_details`: another affiliate of the merchant is paid to the same address or connected account. */
export const sharedPayoutDetails = (own: PayoutIdentity, others: readonly PayoutIdentity[]): RiskFlag | null => {
  const byEmail = others.filter((o) => o.affiliateId !== own.affiliateId && same(o.payoutEmail, own.payoutEmail));
  const byAccount = others.filter((o) => o.affiliateId !== own.affiliateId && same(o.connectedAccountId, own.connectedAccountId));
  if (byEmail.length === 0 && byAccount.length === 0) return null;
  const what = [byEmail.length > 0 ? 'payout email' : null, byAccount.length > 0 ? 'connected payout account' : null].filter((w) => w !== null).join(' and ');
  const count = new Set([...byEmail, ...byAccount].map((o) => o.affiliateId)).size;
  return riskFlag(
    'shared_payout_details',
    `${count === 1 ? 'Another affiliate' : `${count} other affiliates`} of yours ${count === 1 ? 'has' : 'have'} the same ${what}.`,
    [own.affiliateId, ...byEmail.map((o) => o.affiliateId), ...byAccount.map((o) => o.affiliateId)],
  );
};

/** An affiliate's sales over the refund window: all of them, and the refunded ones' ids. */
export interface RefundHistory {
  readonly affiliateId: string;
  readonly conversions: number;
  readonly refundedIds: readonly string[];
}

/**
 * `high_refund_rate`: once the affiliate has at least `minConversions` sales in 90 days, more than
 * `thresholdPercent` of them refunded. Integer arithmetic: refunded × 100 > threshold × sales.
 */
export const highRefundRate = (history: RefundHistory, thresholdPercent: number, minConversions: number): RiskFlag | null => {
  const refunded = history.refundedIds.length;
  if (history.conversions < minConversions || history.conversions === 0) return null;
  if (refunded * 100 <= thresholdPercent * history.conversions) return null;
  const share = Math.round((refunded * 100) / history.conversions);
  return riskFlag(
    'high_refund_rate',
    `${refunded} of the affiliate's ${history.conversions} sales in the last 90 days were refunded (${share} %, above ${thresholdPercent} %).`,
    [history.affiliateId, ...history.refundedIds],
  );
};
