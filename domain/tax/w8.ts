import { Decimal } from '../money/decimal.js';
import { parseForeignTin, parseUsTin } from './tin.js';
import {
  country,
  foreignAddress,
  nested,
  oneOf,
  optionalDay,
  optionalText,
  requiredText,
  signature,
  type ElectronicSignature,
  type FieldReader,
  type ForeignAddress,
} from './form-fields.js';

/** A claim of a reduced rate under an income tax treaty (W-8BEN Part II, W-8BEN-E Part III). */
export interface TreatyClaim {
  readonly country: string;
  /** The treaty article, e.g. `12` or `7(1)`. */
  readonly article: string;
  /** The rate claimed, in percent (`0`, `5`, `12.5`). */
  readonly rate: string;
  readonly incomeType: string;
  /** The conditions of the article the holder meets. */
  readonly reason: string;
}

const TREATY_FIELDS = ['country', 'article', 'rate', 'incomeType', 'reason'] as const;

/** The treaty claim under `treatyClaim`: none when every field is blank, else every field is required. */
const readTreatyClaim = (reader: FieldReader): TreatyClaim | null => {
  const claim = nested(reader, 'treatyClaim');
  const given = TREATY_FIELDS.some((field) => {
    const value = claim.input[field];
    return value !== undefined && value !== null && String(value).trim() !== '';
  });
  if (!given) return null;
  const path = 'treatyClaim';
  const treatyCountry = country(claim, 'country', path);
  if (treatyCountry === 'US') claim.problems.push({ field: 'treatyClaim.country', message: 'must be the treaty country, not the United States' });
  const article = requiredText(claim, 'article', path, 20);
  const rawRate = claim.input.rate;
  const rate = typeof rawRate === 'number' ? String(rawRate) : typeof rawRate === 'string' ? rawRate.trim() : '';
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(rate) || new Decimal(rate).greaterThan(30)) {
    claim.problems.push({ field: 'treatyClaim.rate', message: 'must be a rate in percent from 0 to 30' });
  }
  return { country: treatyCountry, article, rate, incomeType: requiredText(claim, 'incomeType', path, 100), reason: requiredText(claim, 'reason', path, 500) };
};

/** A foreign TIN, or the reason there is none (one of the two is required). */
const readForeignTin = (reader: FieldReader): { foreignTin: string | null; foreignTinReason: string | null } => {
  const raw = reader.input.foreignTin;
  if (raw !== undefined && raw !== null && String(raw).trim() !== '') {
    const tin = parseForeignTin(raw);
    if (tin.isErr()) reader.problems.push(...(tin.error.details ?? []));
    return { foreignTin: tin.unwrapOr(''), foreignTinReason: null };
  }
  const reason = optionalText(reader, 'foreignTinReason', '', 500);
  if (reason === null) reader.problems.push({ field: 'foreignTin', message: 'is required, or foreignTinReason must say why there is none' });
  return { foreignTin: null, foreignTinReason: reason };
};

/** An optional US TIN on a W-8 (an ITIN for a person, an EIN for an entity). */
const readUsTin = (reader: FieldReader, type: 'ssn' | 'ein'): string | null => {
  const raw = reader.input.usTin;
  if (raw === undefined || raw === null || String(raw).trim() === '') return null;
  const tin = parseUsTin(type, raw, 'usTin');
  if (tin.isErr()) reader.problems.push(...(tin.error.details ?? []));
  return tin.unwrapOr('');
};

/** A W-8BEN (Certificate of Foreign Status of Beneficial Owner, individuals). */
export interface W8Ben {
  readonly form: 'w8ben';
  readonly name: string;
  readonly countryOfCitizenship: string;
  readonly address: ForeignAddress;
  readonly foreignTin: string | null;
  readonly foreignTinReason: string | null;
  readonly usTin: string | null;
  readonly dateOfBirth: string | null;
  readonly treatyClaim: TreatyClaim | null;
  readonly signature: ElectronicSignature;
}

export const readW8Ben = (reader: FieldReader, today: string): W8Ben => {
  const countryOfCitizenship = country(reader, 'countryOfCitizenship');
  if (countryOfCitizenship === 'US') reader.problems.push({ field: 'countryOfCitizenship', message: 'must not be the United States: a US citizen gives a W-9' });
  return {
    form: 'w8ben',
    name: requiredText(reader, 'name'),
    countryOfCitizenship,
    address: foreignAddress(nested(reader, 'address'), 'address'),
    ...readForeignTin(reader),
    usTin: readUsTin(reader, 'ssn'),
    dateOfBirth: optionalDay(reader, 'dateOfBirth', today),
    treatyClaim: readTreatyClaim(reader),
    signature: signature(nested(reader, 'signature'), today, 'signature', false),
  };
};

/** Chapter 3 status of a foreign entity (W-8BEN-E line 4). */
export type ForeignEntityType =
  | 'corporation'
  | 'partnership'
  | 'disregarded_entity'
  | 'simple_trust'
  | 'grantor_trust'
  | 'complex_trust'
  | 'estate'
  | 'foreign_government'
  | 'central_bank'
  | 'tax_exempt_organization'
  | 'private_foundation'
  | 'international_organization';
export const FOREIGN_ENTITY_TYPES: readonly ForeignEntityType[] = [
  'corporation',
  'partnership',
  'disregarded_entity',
  'simple_trust',
  'grantor_trust',
  'complex_trust',
  'estate',
  'foreign_government',
  'central_bank',
  'tax_exempt_organization',
  'private_foundation',
  'international_organization',
];

/** Chapter 4 (FATCA) status, the common ones for an affiliate business (W-8BEN-E line 5). */
export type FatcaStatus = 'active_nffe' | 'passive_nffe' | 'exempt_beneficial_owner' | 'publicly_traded_nffe' | 'participating_ffi' | 'other';
export const FATCA_STATUSES: readonly FatcaStatus[] = ['active_nffe', 'passive_nffe', 'exempt_beneficial_owner', 'publicly_traded_nffe', 'participating_ffi', 'other'];

/** A W-8BEN-E (Certificate of Status of Beneficial Owner, entities). */
export interface W8BenE {
  readonly form: 'w8bene';
  readonly organisationName: string;
  readonly countryOfIncorporation: string;
  readonly entityType: ForeignEntityType;
  readonly fatcaStatus: FatcaStatus;
  readonly address: ForeignAddress;
  readonly foreignTin: string | null;
  readonly foreignTinReason: string | null;
  readonly usTin: string | null;
  readonly treatyClaim: TreatyClaim | null;
  /** Signed by a person authorised to sign for the entity, in the capacity given. */
  readonly signature: ElectronicSignature;
}

export const readW8BenE = (reader: FieldReader, today: string): W8BenE => {
  const countryOfIncorporation = country(reader, 'countryOfIncorporation');
  if (countryOfIncorporation === 'US') reader.problems.push({ field: 'countryOfIncorporation', message: 'must not be the United States: a US entity gives a W-9' });
  return {
    form: 'w8bene',
    organisationName: requiredText(reader, 'organisationName'),
    countryOfIncorporation,
    entityType: oneOf(reader, 'entityType', FOREIGN_ENTITY_TYPES),
    fatcaStatus: oneOf(reader, 'fatcaStatus', FATCA_STATUSES),
    address: foreignAddress(nested(reader, 'address'), 'address'),
    ...readForeignTin(reader),
    usTin: readUsTin(reader, 'ein'),
    treatyClaim: readTreatyClaim(reader),
    signature: signature(nested(reader, 'signature'), today, 'signature', true),
  };
};
