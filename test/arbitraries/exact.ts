/**
 * Reference arithmetic in BigInt, independent of decimal.js, for checking the domain's money math.
 * An exact decimal is `units × 10^-scale`.
 */
export interface Exact {
  readonly units: bigint;
  readonly scale: number;
}

export const pow10 = (n: number): bigint => 10n ** BigInt(n);

/** `"-12.340"`-style text for an exact decimal (what `new Decimal(...)` is fed). */
export const exactToString = ({ units, scale }: Exact): string => {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  const fraction = digits.slice(digits.length - scale);
  return `${negative ? '-' : ''}${whole}${scale > 0 ? `.${fraction}` : ''}`;
};

/** Reads plain decimal text (`"12.5"`, `"-0.001"`) into an exact decimal, without decimal.js. */
export const parseExact = (text: string): Exact => {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) throw new Error(`not a plain decimal: ${text}`);
  const fraction = match[3] ?? '';
  const units = BigInt(`${match[2]}${fraction}`);
  return { units: match[1] === '-' ? -units : units, scale: fraction.length };
};

/** The rational num/den rounded to an integer, half away from zero. */
export const roundRatioHalfAwayFromZero = (num: bigint, den: bigint): bigint => {
  if (den === 0n) throw new Error('division by zero');
  const negative = num < 0n !== den < 0n;
  const n = num < 0n ? -num : num;
  const d = den < 0n ? -den : den;
  let quotient = n / d;
  if ((n % d) * 2n >= d) quotient += 1n;
  return negative ? -quotient : quotient;
};

/** An exact decimal expressed in units of 10^-digits (exact only when scale ≤ digits). */
export const toUnitsAt = (value: Exact, digits: number): bigint => {
  if (value.scale > digits) throw new Error('value has more digits than the target scale');
  return value.units * pow10(digits - value.scale);
};

/** Reference percentage commission in minor units: round(amount × percent / 100). */
export const referencePercentage = (amount: Exact, percent: Exact, digits: number): bigint =>
  roundRatioHalfAwayFromZero(amount.units * percent.units * pow10(digits), pow10(amount.scale + percent.scale) * 100n);

/** Reference fixed commission in minor units: round(value). */
export const referenceFixed = (value: Exact, digits: number): bigint =>
  roundRatioHalfAwayFromZero(value.units * pow10(digits), pow10(value.scale));
