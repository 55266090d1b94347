/** The campaign settings that decide whether a renewal earns commission. */
export interface RecurringTerms {
  readonly enableRecurringCommissions: boolean;
  /** Months after the first sale during which renewals earn; null = lifetime. */
  readonly recurringCommissionMonths: number | null;
}

/** `at` plus `months` calendar months (UTC), clamped to the target month's last day. */
export const addMonths = (at: Date, months: number): Date => {
  const target = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + months, 1, at.getUTCHours(), at.getUTCMinutes(), at.getUTCSeconds(), at.getUTCMilliseconds()));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(at.getUTCDate(), lastDay));
  return target;
};

/**
 * Why a renewal earns no commission, or null when it does: the campaign must pay recurring
 * commissions, and a limited campaign only for renewals within that many months of the first sale.
 */
export const renewalRefusal = (terms: RecurringTerms, firstSaleAt: Date, renewedAt: Date): string | null => {
  if (!terms.enableRecurringCommissions) return 'the campaign does not pay recurring commissions (enableRecurringCommissions is false)';
  if (terms.recurringCommissionMonths === null) return null;
  const end = addMonths(firstSaleAt, terms.recurringCommissionMonths);
  if (renewedAt.getTime() >= end.getTime()) {
    return `the campaign pays renewals for ${terms.recurringCommissionMonths} months after the first sale, which ended ${end.toISOString()}`;
  }
  return null;
};
