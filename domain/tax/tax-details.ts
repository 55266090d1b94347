import { err, ok, type Result } from 'neverthrow';
import { domainError, type DomainError, type FieldProblem } from '../shared/domain-error.js';
import { countryCode } from './countries.js';
import { maskTin } from './tin.js';
import { parseVatId, VAT_PREFIXES, vatPrefixOf, type VatId } from './vat-id.js';
import { readW8Ben, readW8BenE, type W8Ben, type W8BenE } from './w8.js';
import { readW9, type W9 } from './w9.js';

export type TaxForm = W9 | W8Ben | W8BenE;
export type TaxFormKind = TaxForm['form'];
export const TAX_FORM_KINDS: readonly TaxFormKind[] = ['w9', 'w8ben', 'w8bene'];

/** An affiliate's tax details at one merchant: where they are a tax resident, the form, and a VAT id for a business. */
export interface TaxDetails {
  readonly country: string;
  readonly form: TaxForm;
  readonly vatId: VatId | null;
}

/** Can this country carry an EU VAT id here (the member states, and GB for Northern Ireland's XI)? */
const hasVatPrefix = (country: string): boolean => VAT_PREFIXES.includes(vatPrefixOf(country)) || country === 'GB';

/**
 * Reads tax details from a JSON body or a posted form. A US person gives a W-9; anyone else a W-8BEN
 * (a person) or a W-8BEN-E (an entity). `today` (`YYYY-MM-DD`, the service's day) dates the signature.
 * Every problem is reported at once, each naming its field.
 */
export const parseTaxDetails = (input: Readonly<Record<string, unknown>>, today: string): Result<TaxDetails, DomainError> => {
  const problems: FieldProblem[] = [];
  const reader = { input, problems };
  const country = countryCode(input.country);
  if (country === undefined) problems.push({ field: 'country', message: 'must be a two-letter country code' });
  const kind = input.form;
  let form: TaxForm | undefined;
  if (kind === 'w9') form = readW9(reader, today);
  else if (kind === 'w8ben') form = readW8Ben(reader, today);
  else if (kind === 'w8bene') form = readW8BenE(reader, today);
  else problems.push({ field: 'form', message: `must be one of ${TAX_FORM_KINDS.join(', ')}` });
  if (country !== undefined && form !== undefined && (country === 'US') !== (form.form === 'w9')) {
    problems.push({ field: 'form', message: country === 'US' ? 'must be w9 for a US person' : 'must be w8ben or w8bene outside the United States' });
  }
  let vatId: VatId | null = null;
  const rawVat = input.vatId;
  if (rawVat !== undefined && rawVat !== null && String(rawVat).trim() !== '') {
    if (country !== undefined && !hasVatPrefix(country)) problems.push({ field: 'vatId', message: 'is read for EU member states only' });
    else {
      const parsed = parseVatId(rawVat, country);
      if (parsed.isErr()) problems.push(...(parsed.error.details ?? []));
      else vatId = parsed.value;
    }
  }
  if (problems.length > 0 || country === undefined || form === undefined) {
    return err(domainError('validation_error', `Invalid tax details: ${problems.map((p) => `${p.field} ${p.message}`).join('; ')}`, problems));
  }
  return ok({ country, form, vatId });
};

/** The TIN a form carries and its kind, if any (a W-8 may give a foreign TIN's absence reason instead). */
export const formTin = (form: TaxForm): { readonly tin: string; readonly kind: 'ssn' | 'ein' | 'foreign' } | null => {
  if (form.form === 'w9') return { tin: form.tin, kind: form.tinType };
  return form.foreignTin ? { tin: form.foreignTin, kind: 'foreign' } : null;
};

/** The name the form is given in (the payee's on any document). */
export const formName = (form: TaxForm): string => {
  if (form.form === 'w9') return form.businessName ?? form.legalName;
  return form.form === 'w8ben' ? form.name : form.organisationName;
};

type WithoutSignature<F> = F extends unknown ? Omit<F, 'signature'> & { readonly signature: { readonly date: string; readonly capacity: string | null } } : never;

/** Tax details as every view but the merchant's audited download shows them. */
export interface MaskedTaxDetails {
  readonly country: string;
  readonly vatId: VatId | null;
  readonly form: WithoutSignature<TaxForm>;
}

/**
 * The details as every view but the merchant's audited download shows them: TINs masked to their last
 * four, the signature reduced to the day signed and the signer's capacity (the typed name is sealed
 * with the TIN).
 */
export const maskTaxDetails = (details: TaxDetails): MaskedTaxDetails => {
  const { form } = details;
  const signature = { date: form.signature.date, capacity: form.signature.capacity };
  if (form.form === 'w9') return { ...details, form: { ...form, tin: maskTin(form.tin, form.tinType), signature } };
  const masked = {
    ...form,
    foreignTin: form.foreignTin === null ? null : maskTin(form.foreignTin, 'foreign'),
    usTin: form.usTin === null ? null : maskTin(form.usTin, form.form === 'w8ben' ? 'ssn' : 'ein'),
    signature,
  };
  return { ...details, form: masked };
};

/** `affiliate.tax_details_completed`: which form, from where, when; never a TIN or a name. */
export interface TaxDetailsCompletedPayload {
  readonly affiliateId: string;
  readonly country: string;
  readonly form: TaxFormKind;
  readonly completedAt: string;
}

export interface TaxDetailsVersion {
  readonly version: number;
  readonly events: readonly { readonly type: 'affiliate.tax_details_completed'; readonly payload: TaxDetailsCompletedPayload }[];
}

/**
 * Saving details makes the next version (a change never overwrites: the history keeps each one).
 * The first version completes the affiliate's tax details: `affiliate.tax_details_completed`, once.
 */
export const nextTaxDetailsVersion = (affiliateId: string, latestVersion: number | null, details: TaxDetails, now: Date): TaxDetailsVersion => ({
  version: (latestVersion ?? 0) + 1,
  events:
    latestVersion === null
      ? [{ type: 'affiliate.tax_details_completed', payload: { affiliateId, country: details.country, form: details.form.form, completedAt: now.toISOString() } }]
      : [],
});
