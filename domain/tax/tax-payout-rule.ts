import { err, ok, type Result } from 'neverthrow';
import { DEFAULT_CURRENCY, type CurrencyCode } from '../money/currency.js';
import { Decimal } from '../money/decimal.js';
import type { Money } from '../money/money.js';
import { totalIn, type DatedAmount, type RateHistory, type RateUnavailable } from '../money/rate-history.js';
import { validationError, type DomainError } from '../shared/domain-error.js';
import type { TaxForm } from './tax-details.js';

/**
 * The IRS Form 1099-NEC filing threshold for payments made in `year`, in US dollars: $600 through 2025,
 * $2,000 for payments made after 31 December 2025 (One Big Beautiful Bill Act, section 70433, amending
 * IRC 6041(a)). From 2027 the law indexes it for inflation; until the IRS publishes that figure the
 * service keeps $2,000, and a merchant sets its own figure when it changes.
 */
export const irs1099NecThreshold = (year: number): Money => ({ amount: new Decimal(year <= 2025 ? 600 : 2000), currency: DEFAULT_CURRENCY });

/** Whether tax details are required before a payout leaves: never, always, or once a year's payments reach a threshold. */
export type TaxDetailsRequirement =
  | { readonly kind: 'off' }
  | { readonly kind: 'always' }
  /** `threshold` null means the IRS 1099-NEC figure of the payout's year, in US dollars. */
  | { readonly kind: 'above_yearly_total'; readonly threshold: Money | null };

export const TAX_REQUIREMENT_KINDS = ['off', 'always', 'above_yearly_total'] as const;

/** Reads the merchant setting; a threshold is a positive amount in the merchant's reporting currency. */
export const parseTaxDetailsRequirement = (
  kind: unknown,
  threshold: unknown,
  reportingCurrency: CurrencyCode,
): Result<TaxDetailsRequirement, DomainError> => {
  if (kind === 'off' || kind === 'always') return ok({ kind });
  if (kind !== 'above_yearly_total') return err(validationError('taxDetailsRequired', `must be one of ${TAX_REQUIREMENT_KINDS.join(', ')}`));
  if (threshold === undefined || threshold === null || threshold === '') return ok({ kind, threshold: null });
  const text = typeof threshold === 'number' ? String(threshold) : typeof threshold === 'string' ? threshold.trim() : '';
  if (!/^\d{1,12}(\.\d{1,4})?$/.test(text) || new Decimal(text).isZero()) return err(validationError('taxDetailsThreshold', 'must be a positive amount'));
  return ok({ kind, threshold: { amount: new Decimal(text), currency: reportingCurrency } });
};

export interface TaxHoldInput {
  readonly requirement: TaxDetailsRequirement;
  /** Does the affiliate have tax details on file at this merchant? */
  readonly hasTaxDetails: boolean;
  /** The payout about to leave, dated by the day it would be paid. */
  readonly payout: DatedAmount;
  /** What the affiliate was already paid in the payout's calendar year (UTC), any currencies. */
  readonly paidEarlierInYear: readonly DatedAmount[];
  readonly rates: RateHistory;
}

/**
 * Must this payout wait for tax details? With a threshold, the year's payments including this one are
 * converted at each payment's day to the threshold's currency and compared once; reaching the
 * threshold holds the payout (the IRS reports payments "of $2,000 or more").
 */
export const needsTaxDetails = (input: TaxHoldInput): Result<boolean, RateUnavailable> => {
  const { requirement } = input;
  if (input.hasTaxDetails || requirement.kind === 'off') return ok(false);
  if (requirement.kind === 'always') return ok(true);
  const threshold = requirement.threshold ?? irs1099NecThreshold(Number(input.payout.day.slice(0, 4)));
  return totalIn([...input.paidEarlierInYear, input.payout], threshold.currency, input.rates).map((total) =>
    total.total.greaterThanOrEqualTo(threshold.amount),
  );
};

/**
 * Is a 1099-NEC due for a year's payments? Only a US person (a W-9) gets one, not a corporation
 * (the IRS exempts most payments to corporations, and an LLC taxed as one), and only at or above the
 * threshold (`total` in the threshold's currency). Without a form on file the answer is unknown: the merchant must ask for one.
 */
export const form1099NecDue = (form: TaxForm | null, total: Decimal, threshold: Money): 'due' | 'not_due' | 'form_missing' => {
  if (form === null) return total.greaterThanOrEqualTo(threshold.amount) ? 'form_missing' : 'not_due';
  if (form.form !== 'w9') return 'not_due';
  const corporation = form.taxClassification === 'c_corporation' || form.taxClassification === 's_corporation' || (form.taxClassification === 'llc' && form.llcClassification !== 'P');
  if (corporation) return 'not_due';
  return total.greaterThanOrEqualTo(threshold.amount) ? 'due' : 'not_due';
};
