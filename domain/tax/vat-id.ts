import { err, ok, type Result } from 'neverthrow';
import { validationError, type DomainError } from '../shared/domain-error.js';

/**
 * The number part of an EU VAT id per prefix, as the Commission's VIES documents each member state's
 * format (Greece's prefix is EL; XI is Northern Ireland, which stays in the VAT area for goods).
 */
const FORMATS: Readonly<Record<string, RegExp>> = {
  AT: /^U\d{8}$/,
  BE: /^[01]\d{9}$/,
  BG: /^\d{9,10}$/,
  CY: /^\d{8}[A-Z]$/,
  CZ: /^\d{8,10}$/,
  DE: /^\d{9}$/,
  DK: /^\d{8}$/,
  EE: /^\d{9}$/,
  EL: /^\d{9}$/,
  ES: /^[A-Z0-9]\d{7}[A-Z0-9]$/,
  FI: /^\d{8}$/,
  FR: /^[A-HJ-NP-Z0-9]{2}\d{9}$/,
  HR: /^\d{11}$/,
  HU: /^\d{8}$/,
  IE: /^(\d{7}[A-W][A-IW]?|\d[A-Z+*]\d{5}[A-W])$/,
  IT: /^\d{11}$/,
  LT: /^(\d{9}|\d{12})$/,
  LU: /^\d{8}$/,
  LV: /^\d{11}$/,
  MT: /^\d{8}$/,
  NL: /^\d{9}B\d{2}$/,
  PL: /^\d{10}$/,
  PT: /^\d{9}$/,
  RO: /^[1-9]\d{1,9}$/,
  SE: /^\d{10}01$/,
  SI: /^\d{8}$/,
  SK: /^\d{10}$/,
  XI: /^(\d{9}|\d{12}|GD\d{3}|HA\d{3})$/,
};

/** The VAT prefixes known here, for forms and docs. */
export const VAT_PREFIXES: readonly string[] = Object.keys(FORMATS);

/** A VAT id as stored: its prefix and number, and the two joined (`DE123456789`). */
export interface VatId {
  readonly prefix: string;
  readonly number: string;
  readonly value: string;
}

/** The VAT prefix of a country code: GR's is EL; others are their own code. */
export const vatPrefixOf = (country: string): string => (country === 'GR' ? 'EL' : country);

/**
 * Reads an EU VAT id: case, spaces, dots and hyphens do not matter; the prefix must be a member
 * state's (or XI) and the number must have that state's format. When `country` is given the prefix
 * must be that country's. Whether the id is registered is VIES's question, not this function's.
 */
export const parseVatId = (input: unknown, country?: string, field = 'vatId'): Result<VatId, DomainError> => {
  if (typeof input !== 'string' || input.trim() === '') return err(validationError(field, 'is required'));
  const compact = input.replace(/[\s.-]/g, '').toUpperCase();
  const prefix = compact.slice(0, 2);
  const number = compact.slice(2);
  const format = FORMATS[prefix];
  if (!format) return err(validationError(field, 'must start with an EU VAT prefix (DE, FR, EL, …)'));
  if (country !== undefined && vatPrefixOf(country) !== prefix && !(country === 'GB' && prefix === 'XI')) {
    return err(validationError(field, `must be a VAT id of ${country}`));
  }
  if (!format.test(number)) return err(validationError(field, `is not in the format of a ${prefix} VAT id`));
  return ok({ prefix, number, value: `${prefix}${number}` });
};
