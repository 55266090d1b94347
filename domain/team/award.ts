import type { PayoutMethod } from '../conversion/conversion.js';
import type { CurrencyCode } from '../money/currency.js';
import { Decimal } from '../money/decimal.js';

export const AWARD_STATUSES = ['pending_window', 'pending_approval', 'approved', 'processing', 'paid', 'cancelled', 'failed'] as const;
export type AwardStatus = (typeof AWARD_STATUSES)[number];
export const AWARD_ACTIONS = ['approve', 'mark_paid', 'cancel'] as const;
export type AwardAction = (typeof AWARD_ACTIONS)[number];

/** The states a merchant (or a refund) may still cancel. */
export const OPEN_AWARD_STATUSES: readonly AwardStatus[] = ['pending_window', 'pending_approval', 'approved'];
/** What a plan downgrade from Scale cancels: everything not paid and not in the payout provider's hands. */
export const UNPAID_AWARD_STATUSES: readonly AwardStatus[] = ['pending_window', 'pending_approval', 'approved', 'failed'];

/** Awards not yet decided: waiting for their refund window to end, or for the merchant's approval. */
export const PENDING_AWARD_STATUSES: readonly AwardStatus[] = ['pending_window', 'pending_approval'];
/** Awards the payout job pays or checks on (to a Connect account, when the next attempt is due). */
export const IN_PAYOUT_AWARD_STATUSES: readonly AwardStatus[] = ['approved', 'processing'];

export type CancelReason = 'merchant' | 'refund' | 'target_missed' | 'plan_downgrade';

/** One member's bonus for one goal period. */
export interface Award {
  readonly id: string;
  readonly merchantId: string;
  readonly teamId: string;
  readonly goalId: string;
  readonly periodKey: string;
  readonly affiliateId: string;
  readonly amount: Decimal;
  readonly currency: CurrencyCode;
  readonly status: AwardStatus;
  /** When the refund-safe window closes: period close + refundSafeDays. */
  readonly payableAfter: Date;
  /** The member's sales behind the award: `{ count, amount }` (amount in the team's currency). */
  readonly contributingCount: number;
  readonly contributingAmount: Decimal;
  readonly approvedAt: Date | null;
  /** Who approved: `apikey:<key id>`, `user:<id>` (the dashboard) or `connector:<id>` (an assistant's connector). */
  readonly approvedBy: string | null;
  readonly paidAt: Date | null;
  readonly payoutMethod: PayoutMethod | null;
  readonly cardTransferId: string | null;
  readonly failureReason: string | null;
  readonly cancelReason: CancelReason | null;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}
