import type { CurrencyCode, Decimal } from '../../domain/index.js';
import type { Tenant } from '../shared/tenant.js';

/** An affiliate of one merchant and mode with commission due but no payout method saved. */
export interface AwaitingDetails {
  readonly tenant: Tenant;
  readonly affiliateId: string;
  /** What waits, per currency (never converted). */
  readonly due: readonly { readonly currency: CurrencyCode; readonly amount: Decimal }[];
}

/** Who is owed commission but cannot be paid for lack of payout details, and when each was last told. */
export interface PayoutDetailsReminderStore {
  /**
   * Affiliates with login accounts, no payout method, and queue rows past their holding period,
   * not reminded at this merchant and mode since `remindedBefore`. At most `limit`.
   */
  awaitingDetails(now: Date, remindedBefore: Date, limit: number): Promise<readonly AwaitingDetails[]>;
  /**
   * Records a reminder at `now` unless one was recorded since `remindedBefore`; answers whether this
   * call recorded it (atomically, so two processes never both remind).
   */
  claim(tenant: Tenant, affiliateId: string, now: Date, remindedBefore: Date): Promise<boolean>;
}
