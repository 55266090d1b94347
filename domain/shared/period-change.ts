/**
 * A figure against the period before it, as a whole percentage ("+12 %"): null when the previous
 * period had none (no base to compare with). Rounded half away from zero so a rise and an equal fall
 * read alike.
 */
export const percentChange = (current: number, previous: number): number | null => {
  if (previous === 0) return null;
  const change = ((current - previous) / previous) * 100;
  return Math.sign(change) * Math.round(Math.abs(change));
};

/** Conversions per click as a percentage with one decimal; null without clicks. */
export const conversionRate = (conversions: number, clicks: number): number | null =>
  clicks === 0 ? null : Math.round((conversions / clicks) * 1000) / 10;
