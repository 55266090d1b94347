import type { FieldProblem } from '../shared/domain-error.js';
import { countryCode, US_STATES } from './countries.js';

/** What a form reader gets: the raw input (a JSON object or a posted form) and where to put problems. */
export interface FieldReader {
  readonly input: Readonly<Record<string, unknown>>;
  readonly problems: FieldProblem[];
}

const at = (path: string, field: string): string => (path ? `${path}.${field}` : field);

/** The object under `field`, or an empty one (its own fields then report as missing). */
export const nested = (reader: FieldReader, field: string): FieldReader => {
  const value = reader.input[field];
  return { input: value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {}, problems: reader.problems };
};

/** A trimmed, non-empty text of at most `max` characters; '' (and a problem) when absent or wrong. */
export const requiredText = (reader: FieldReader, field: string, path = '', max = 200): string => {
  const value = reader.input[field];
  if (typeof value !== 'string' || value.trim() === '') {
    reader.problems.push({ field: at(path, field), message: 'is required' });
    return '';
  }
  const text = value.trim().replace(/\s+/g, ' ');
  if (text.length > max) reader.problems.push({ field: at(path, field), message: `must be at most ${max} characters` });
  return text;
};

/** A trimmed text or null when absent or blank. */
export const optionalText = (reader: FieldReader, field: string, path = '', max = 200): string | null => {
  const value = reader.input[field];
  if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) return null;
  return requiredText(reader, field, path, max);
};

/** One of `choices`, exactly. */
export const oneOf = <T extends string>(reader: FieldReader, field: string, choices: readonly T[], path = ''): T => {
  const value = reader.input[field];
  if (typeof value === 'string' && (choices as readonly string[]).includes(value)) return value as T;
  reader.problems.push({ field: at(path, field), message: `must be one of ${choices.join(', ')}` });
  return choices[0] as T;
};

/** A country code (ISO 3166-1 alpha-2), upper-cased. */
export const country = (reader: FieldReader, field: string, path = ''): string => {
  const code = countryCode(reader.input[field]);
  if (code === undefined) reader.problems.push({ field: at(path, field), message: 'must be a two-letter country code' });
  return code ?? '';
};

export interface UsAddress {
  readonly line1: string;
  readonly line2: string | null;
  readonly city: string;
  readonly state: string;
  readonly zip: string;
}

/** A US street address with a USPS state code and a ZIP or ZIP+4. */
export const usAddress = (reader: FieldReader, path: string): UsAddress => {
  const line1 = requiredText(reader, 'line1', path);
  const line2 = optionalText(reader, 'line2', path);
  const city = requiredText(reader, 'city', path, 100);
  const rawState = reader.input.state;
  const state = typeof rawState === 'string' ? rawState.trim().toUpperCase() : '';
  if (!US_STATES.has(state)) reader.problems.push({ field: at(path, 'state'), message: 'must be a two-letter US state code' });
  const rawZip = reader.input.zip;
  const zip = typeof rawZip === 'string' ? rawZip.trim() : '';
  if (!/^\d{5}(-\d{4})?$/.test(zip)) reader.problems.push({ field: at(path, 'zip'), message: 'must be a ZIP code (12345 or 12345-6789)' });
  return { line1, line2, city, state, zip };
};

export interface ForeignAddress {
  readonly line1: string;
  readonly line2: string | null;
  readonly city: string;
  readonly region: string | null;
  readonly postalCode: string | null;
  readonly country: string;
}

/** A permanent residence address outside the United States (W-8 forms refuse a US one and a P.O. box is the holder's business). */
export const foreignAddress = (reader: FieldReader, path: string): ForeignAddress => {
  const address = {
    line1: requiredText(reader, 'line1', path),
    line2: optionalText(reader, 'line2', path),
    city: requiredText(reader, 'city', path, 100),
    region: optionalText(reader, 'region', path, 100),
    postalCode: optionalText(reader, 'postalCode', path, 20),
    country: country(reader, 'country', path),
  };
  if (address.country === 'US') reader.problems.push({ field: at(path, 'country'), message: 'must not be the United States on a W-8 form' });
  return address;
};

/** A typed electronic signature: the signer's name, the day signed, and the penalties-of-perjury certification ticked. */
export interface ElectronicSignature {
  readonly name: string;
  /** `YYYY-MM-DD`. */
  readonly date: string;
  /** The signer's capacity when signing for an entity (W-8BEN-E), else null. */
  readonly capacity: string | null;
}

const DAY_MS = 86_400_000;
const isDay = (value: string): boolean => /^\d{4}-\d{2}-\d{2}$/.test(value) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);

/**
 * The signature under `path`. Its date must be the service's `today` give or take a day, so a
 * signer's own time zone never refuses a signature made now, and no form is back- or post-dated.
 */
export const signature = (reader: FieldReader, today: string, path: string, needsCapacity: boolean): ElectronicSignature => {
  const name = requiredText(reader, 'name', path);
  const rawDate = reader.input.date;
  const date = typeof rawDate === 'string' ? rawDate.trim() : '';
  if (!isDay(date)) reader.problems.push({ field: at(path, 'date'), message: 'must be a date (YYYY-MM-DD)' });
  else if (Math.abs(Date.parse(`${date}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) > DAY_MS) {
    reader.problems.push({ field: at(path, 'date'), message: 'must be the day of signing' });
  }
  const certified = reader.input.certified;
  if (certified !== true && certified !== 'true' && certified !== 'on') {
    reader.problems.push({ field: at(path, 'certified'), message: 'must be ticked: the certification is signed under penalties of perjury' });
  }
  const capacity = needsCapacity ? requiredText(reader, 'capacity', path, 100) : null;
  return { name, date, capacity };
};

/** A date of birth (`YYYY-MM-DD`) in the past, or null. */
export const optionalDay = (reader: FieldReader, field: string, today: string, path = ''): string | null => {
  const raw = optionalText(reader, field, path, 10);
  if (raw === null) return null;
  if (!isDay(raw) || raw >= today) reader.problems.push({ field: at(path, field), message: 'must be a past date (YYYY-MM-DD)' });
  return raw;
};
