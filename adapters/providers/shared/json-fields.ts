/** Readers for untyped provider JSON: each answers null when the field is absent or of another type. */
export type Json = Record<string, unknown>;

export const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);
export const obj = (v: unknown): Json | null => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : null);
export const int = (v: unknown): number | null => (typeof v === 'number' && Number.isSafeInteger(v) ? v : null);
/** An id providers send as a string or a number (JSON:API ids are strings, attribute ids numbers). */
export const idText = (v: unknown): string | null => str(v) ?? (int(v) !== null ? String(v) : null);
/** A whole number of minor units sent as a string ("1000") or an integer, as a bigint. */
export const minorUnits = (v: unknown): bigint | null => {
  if (typeof v === 'string' && /^-?\d+$/.test(v.trim())) return BigInt(v.trim());
  return int(v) !== null ? BigInt(v as number) : null;
};
export const compact = (values: (string | null)[]): string[] => [...new Set(values.filter((v): v is string => v !== null))];
/** A click id from a custom-data map: a string, or a number some platforms keep metadata values as. */
export const clickIdIn = (data: unknown): string | null => idText(obj(data)?.click_id);
