import type { Decimal } from '../../domain/index.js';

/**
 * Money as a JSON number, where the spec shows numbers (API, assistant tools, dashboard charts).
 * Figures are rounded once, to their currency's minor unit, when they are made (`roundToMinorUnit`),
 * and sums add them exactly, so the figure leaves as stored: read from its exact decimal text into
 * the nearest double, never rounded a second time here and never through float arithmetic.
 */
export const moneyNumber = (amount: Decimal): number => Number(amount.toFixed());
