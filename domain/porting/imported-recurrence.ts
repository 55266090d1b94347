import { RECURRING_COMMISSION_MONTHS_MAX } from '../campaign/campaign.js';

/** How long renewals earn on an imported campaign: not at all, for some months, or for the customer's lifetime (`months: null`). */
export interface ImportedRecurrence {
  readonly recurring: boolean;
  readonly months: number | null;
}

/**
 * A source's reward duration in months under our campaign terms. Hosted products publish it as a
 * number of months where `0` pays the first sale only and none (null, absent) pays for the customer's
 * lifetime (Dub's `maxDuration`). A fraction rounds up, so no month the source paid is lost; a
 * duration past our longest window, or one that is no number at all, reads as lifetime.
 */
export const importedRecurrenceOf = (maxMonths: unknown): ImportedRecurrence => {
  if (typeof maxMonths !== 'number' || !Number.isFinite(maxMonths) || maxMonths < 0) return { recurring: true, months: null };
  if (maxMonths === 0) return { recurring: false, months: null };
  const months = Math.ceil(maxMonths);
  return months > RECURRING_COMMISSION_MONTHS_MAX ? { recurring: true, months: null } : { recurring: true, months };
};
