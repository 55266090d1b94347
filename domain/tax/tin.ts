import { err, ok, type Result } from 'neverthrow';
import { validationError, type DomainError } from '../shared/domain-error.js';

/** A US taxpayer identification number's kind on a W-9: a social security number (or ITIN) or an employer id. */
export type UsTinType = 'ssn' | 'ein';
export const US_TIN_TYPES: readonly UsTinType[] = ['ssn', 'ein'];

/** EIN prefixes the IRS assigns (its campus and online prefixes); any other two digits are no EIN. */
const EIN_PREFIXES = new Set(
  '01 02 03 04 05 06 10 11 12 13 14 15 16 20 21 22 23 24 25 26 27 30 31 32 33 34 35 36 37 38 39 40 41 42 43 44 45 46 47 48 50 51 52 53 54 55 56 57 58 59 60 61 62 63 64 65 66 67 68 71 72 73 74 75 76 77 80 81 82 83 84 85 86 87 88 90 91 92 93 94 95 98 99'.split(' '),
);

/** ITIN middle digits (an ITIN starts with 9 and uses these groups). */
const isItinGroup = (group: number): boolean =>
  (group >= 50 && group <= 65) || (group >= 70 && group <= 88) || (group >= 90 && group <= 92) || (group >= 94 && group <= 99);

/** Nine digits with the usual separators (`123-45-6789`, `12-3456789`, spaces) removed; undefined otherwise. */
const nineDigits = (input: string): string | undefined => {
  const digits = input.replace(/[\s-]/g, '');
  return /^\d{9}$/.test(digits) ? digits : undefined;
};

/**
 * Reads a US TIN of `type`, stored as its nine digits. An SSN never has area 000 or 666, group 00 or
 * serial 0000; an area of 9xx is an ITIN (which W-9 accepts on the SSN line) only with an ITIN group.
 */
export const parseUsTin = (type: UsTinType, input: unknown, field = 'tin'): Result<string, DomainError> => {
  const digits = typeof input === 'string' ? nineDigits(input) : undefined;
  if (!digits) return err(validationError(field, 'must be nine digits'));
  if (type === 'ein') {
    return EIN_PREFIXES.has(digits.slice(0, 2)) ? ok(digits) : err(validationError(field, 'is not a valid EIN (unknown prefix)'));
  }
  const area = Number(digits.slice(0, 3));
  const group = Number(digits.slice(3, 5));
  const serial = Number(digits.slice(5));
  if (area >= 900) return isItinGroup(group) ? ok(digits) : err(validationError(field, 'is not a valid SSN or ITIN'));
  if (area === 0 || area === 666 || group === 0 || serial === 0) return err(validationError(field, 'is not a valid SSN'));
  return ok(digits);
};

/** A foreign TIN: 1-30 letters, digits, spaces, dots, slashes or hyphens, upper-cased and trimmed. */
export const parseForeignTin = (input: unknown, field = 'foreignTin'): Result<string, DomainError> => {
  if (typeof input !== 'string' || input.trim() === '') return err(validationError(field, 'is required'));
  const tin = input.trim().toUpperCase();
  return /^[A-Z0-9][A-Z0-9 ./-]{0,29}$/.test(tin) && /[A-Z0-9]{2,}/.test(tin.replace(/[ ./-]/g, ''))
    ? ok(tin)
    : err(validationError(field, 'must be 2 to 30 letters or digits'));
};

/**
 * A TIN as every view shows it: only the last four characters, the rest replaced by `•`, in the
 * layout of its kind (`•••-••-6789`, `••-•••6789`, `••••6789`).
 */
export const maskTin = (tin: string, kind: UsTinType | 'foreign'): string => {
  const compact = tin.replace(/[\s./-]/g, '');
  // A short foreign TIN shows nothing: its last four would be the whole number.
  const last4 = compact.length > 4 ? compact.slice(-4) : '';
  if (kind === 'ssn') return `•••-••-${last4}`;
  if (kind === 'ein') return `••-•••${last4}`;
  return `••••${last4}`;
};
