import { Decimal as DecimalJs } from 'decimal.js';

/**
 * The one decimal type money uses. Precision is far above any amount the API accepts, so
 * arithmetic is exact until the single rounding step in `roundToMinorUnit`.
 * ROUND_HALF_UP here means "half away from zero" (decimal.js semantics), the rule an invoice uses.
 */
export const Decimal = DecimalJs.clone({ precision: 40, rounding: DecimalJs.ROUND_HALF_UP });
export type Decimal = InstanceType<typeof Decimal>;
export type DecimalValue = string | number | Decimal;
