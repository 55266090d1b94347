import { err, ok, type Result } from 'neverthrow';
import type { ConversionStatus, PayoutMethod } from '../conversion/conversion.js';
import type { PayoutStatus } from './payout.js';

/**
 * When a payout row is due, and for what. The payout job's SQL selects rows with these lists (passed
 * as parameters, never written out), so this file is the one place the rule lives.
 */

/** Rows still in their holding period; released (to `scheduled`) once it ends. */
export const RELEASABLE_PAYOUT_STATUSES: readonly PayoutStatus[] = ['pending'];
/** Rows the job sends to the affiliate's provider once their scheduled date has come. */
export const DUE_PAYOUT_STATUSES: readonly PayoutStatus[] = ['scheduled', 'awaiting_funds'];
/** Rows a merchant may pay by hand (a manual payment file): released, including ones that failed for good. */
export const MANUALLY_PAYABLE_PAYOUT_STATUSES: readonly PayoutStatus[] = ['scheduled', 'awaiting_funds', 'failed'];
/** Only an approved conversion's payout is sent: a held, refunded or rejected one waits or goes. */
export const PAYABLE_CONVERSION_STATUS: ConversionStatus = 'approved';

/** What the job does with a due row. */
export type PayoutDueAction = 'release' | 'attempt';

export type PayoutNotDue =
  /** Processing, completed or failed: the job has nothing to do with it. */
  | 'not_open'
  /** Its holding period (or next attempt, or funds check) has not come yet. */
  | 'not_yet'
  /** The affiliate has not given payout details. */
  | 'no_payout_details'
  /** A headless affiliate is paid by the merchant through the API, never by the job. */
  | 'paid_by_merchant'
  /** The merchant has switched automatic payouts off. */
  | 'automatic_payouts_off'
  /** Its conversion is not approved (held, for one). */
  | 'conversion_not_payable';

/** What decides whether a row is due: the row, its conversion, its affiliate and its merchant. */
export interface PayoutDueFacts {
  readonly status: PayoutStatus;
  /** End of the holding period while pending; the next attempt or funds check once released. */
  readonly scheduledDate: Date;
  readonly conversionStatus: ConversionStatus;
  readonly affiliate: { readonly headless: boolean; readonly payoutMethod: PayoutMethod | null };
  readonly automaticPayouts: boolean;
}

/**
 * Whether the payout job acts on a row at `now`:
 * - `release`: a pending row whose holding period is over, of an affiliate with payout details (or a
 *   headless one, whom the merchant pays through the API);
 * - `attempt`: a scheduled or awaiting-funds row whose date has come, of an approved conversion, an
 *   affiliate with payout details who is not headless, at a merchant with automatic payouts on.
 */
export const payoutDue = (facts: PayoutDueFacts, now: Date): Result<PayoutDueAction, PayoutNotDue> => {
  const released = DUE_PAYOUT_STATUSES.includes(facts.status);
  if (!released && !RELEASABLE_PAYOUT_STATUSES.includes(facts.status)) return err('not_open');
  if (facts.scheduledDate.getTime() > now.getTime()) return err('not_yet');
  const { headless, payoutMethod } = facts.affiliate;
  if (!released) return headless || payoutMethod !== null ? ok('release') : err('no_payout_details');
  if (headless) return err('paid_by_merchant');
  if (payoutMethod === null) return err('no_payout_details');
  if (!facts.automaticPayouts) return err('automatic_payouts_off');
  if (facts.conversionStatus !== PAYABLE_CONVERSION_STATUS) return err('conversion_not_payable');
  return ok('attempt');
};

/** Whether a merchant may include the row in a manual payment (whatever its date). */
export const isManuallyPayable = (status: PayoutStatus): boolean => MANUALLY_PAYABLE_PAYOUT_STATUSES.includes(status);
