import { Decimal } from '../../domain/index.js';

/**
 * A value as plain data for comparing what two stores give back: decimals by value (`10.50` and
 * `10.5` are equal, as a numeric column returns them), dates as instants, maps as sorted entries.
 */
export const plain = (value: unknown): unknown => {
  if (value instanceof Decimal) return value.toFixed();
  if (value instanceof Date) return value.toISOString();
  if (value instanceof Map) return [...value.entries()].map(([k, v]) => [plain(k), plain(v)]).sort(([a], [b]) => (String(a) < String(b) ? -1 : 1));
  if (Array.isArray(value)) return value.map(plain);
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, plain(v)]));
  return value;
};
