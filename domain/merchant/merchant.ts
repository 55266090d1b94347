import type { CurrencyCode } from '../money/currency.js';
import type { Decimal } from '../money/decimal.js';
import type { Plan } from './plan.js';

/** The account holder (brand) that runs campaigns. */
export interface Merchant {
  readonly id: string;
  readonly businessName: string;
  readonly email: string;
  readonly plan: Plan;
  /** A connected, verified portal domain; tracking links use it on Ultimate and Scale. */
  readonly customDomain: string | null;
  /** The merchant's website: where visitors of a campaign without a target URL are sent; null = none (the portal instead). */
  readonly websiteUrl: string | null;
  readonly automaticPayouts: boolean;
  /** Monthly cap on affiliate earnings (live conversions), in `reportingCurrency`; null = none. */
  readonly monthlyEarningsCap: Decimal | null;
  /**
   * The one currency every limit and threshold compares in (the earnings cap, revenue volume tiers):
   * amounts of other currencies are converted at their day's rate first. Default `usd`.
   */
  readonly reportingCurrency: CurrencyCode;
  /** Maximum number of affiliates; null = no limit. */
  readonly affiliateLimit: number | null;
  /** Days from a conversion's approval to its first automatic payout attempt. */
  readonly payoutHoldingDays: number;
  /** Days an affiliate invitation stays open before it expires. */
  readonly invitationExpiryDays: number;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

/** How long an invitation stays open unless the merchant says otherwise, and the bounds it may say. */
export const DEFAULT_INVITATION_EXPIRY_DAYS = 14;
export const MAX_INVITATION_EXPIRY_DAYS = 365;
