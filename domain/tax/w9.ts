import { parseUsTin, US_TIN_TYPES, type UsTinType } from './tin.js';
import { nested, oneOf, optionalText, requiredText, signature, usAddress, type ElectronicSignature, type FieldReader, type UsAddress } from './form-fields.js';

/** Line 3a of the W-9. */
export type FederalTaxClassification = 'individual' | 'c_corporation' | 's_corporation' | 'partnership' | 'trust_estate' | 'llc' | 'other';
export const FEDERAL_TAX_CLASSIFICATIONS: readonly FederalTaxClassification[] = ['individual', 'c_corporation', 's_corporation', 'partnership', 'trust_estate', 'llc', 'other'];
/** How an LLC is taxed (C corporation, S corporation, partnership), asked only of an LLC. */
export type LlcClassification = 'C' | 'S' | 'P';

/** A W-9 (Request for Taxpayer Identification Number and Certification), as given by a US person. */
export interface W9 {
  readonly form: 'w9';
  readonly legalName: string;
  readonly businessName: string | null;
  readonly taxClassification: FederalTaxClassification;
  readonly llcClassification: LlcClassification | null;
  readonly otherClassification: string | null;
  readonly tinType: UsTinType;
  /** The nine digits; sealed at rest, masked in every view. */
  readonly tin: string;
  readonly address: UsAddress;
  readonly signature: ElectronicSignature;
}

/** Reads the W-9 fields of `reader` (problems go to the reader). */
export const readW9 = (reader: FieldReader, today: string): W9 => {
  const taxClassification = oneOf(reader, 'taxClassification', FEDERAL_TAX_CLASSIFICATIONS);
  const llcClassification = taxClassification === 'llc' ? oneOf<LlcClassification>(reader, 'llcClassification', ['C', 'S', 'P']) : null;
  const otherClassification = taxClassification === 'other' ? requiredText(reader, 'otherClassification', '', 100) : null;
  const tinType = oneOf(reader, 'tinType', US_TIN_TYPES);
  const tin = parseUsTin(tinType, reader.input.tin);
  if (tin.isErr()) reader.problems.push(...(tin.error.details ?? []));
  return {
    form: 'w9',
    legalName: requiredText(reader, 'legalName'),
    businessName: optionalText(reader, 'businessName'),
    taxClassification,
    llcClassification,
    otherClassification,
    tinType,
    tin: tin.unwrapOr(''),
    address: usAddress(nested(reader, 'address'), 'address'),
    signature: signature(nested(reader, 'signature'), today, 'signature', false),
  };
};
