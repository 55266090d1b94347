import { html, raw } from 'hono/html';
import type { TaxDetailsRecord } from '../../application/ports/tax-details-store.js';
import { FATCA_STATUSES, FEDERAL_TAX_CLASSIFICATIONS, FOREIGN_ENTITY_TYPES, type FieldProblem, type TaxFormKind } from '../../domain/index.js';
import { csrfField, notice, page, type Frame } from './portal-html.js';

export interface TaxDetailsState {
  readonly saved?: boolean;
  readonly problems?: readonly FieldProblem[];
  /** What was posted, to fill the form again after a problem (never a TIN: it is typed again). */
  readonly posted?: Readonly<Record<string, string>>;
  /** Payouts held until tax details are given. */
  readonly waiting?: number;
}

const FORM_LABELS: Record<TaxFormKind, string> = {
  w9: 'W-9 (a US person or US business)',
  w8ben: 'W-8BEN (an individual outside the United States)',
  w8bene: 'W-8BEN-E (a business outside the United States)',
};
const label = (value: string) => value.replace(/[._]/g, ' ');

/** The words each choice shows (the value posted stays the token the API takes). */
const CHOICE_WORDS: Readonly<Record<string, string>> = {
  individual: 'Individual or sole proprietor',
  c_corporation: 'C corporation',
  s_corporation: 'S corporation',
  partnership: 'Partnership',
  trust_estate: 'Trust or estate',
  llc: 'Limited liability company (LLC)',
  other: 'Other',
  C: 'C corporation',
  S: 'S corporation',
  P: 'Partnership',
  ssn: 'Social security number (SSN)',
  ein: 'Employer identification number (EIN)',
  corporation: 'Corporation',
  disregarded_entity: 'Disregarded entity',
  simple_trust: 'Simple trust',
  grantor_trust: 'Grantor trust',
  complex_trust: 'Complex trust',
  estate: 'Estate',
  foreign_government: 'Foreign government',
  central_bank: 'Central bank of issue',
  tax_exempt_organization: 'Tax-exempt organisation',
  private_foundation: 'Private foundation',
  international_organization: 'International organisation',
  active_nffe: 'Active NFFE',
  passive_nffe: 'Passive NFFE',
  exempt_beneficial_owner: 'Exempt beneficial owner',
  publicly_traded_nffe: 'Publicly traded NFFE (or affiliate)',
  participating_ffi: 'Participating FFI',
};
const words = (value: string) => CHOICE_WORDS[value] ?? label(value);

/**
 * The saved (masked) version as the form's field values, so an edit starts from what is on file.
 * TINs and the typed signature are never put back into a page: they are typed again.
 */
export const prefillOf = (record: TaxDetailsRecord): Record<string, string> => {
  const out: Record<string, string> = { country: record.details.country, form: record.details.form.form };
  if (record.details.vatId) out.vatId = record.details.vatId.value;
  const walk = (value: unknown, path: string) => {
    if (value === null || value === undefined) return;
    if (typeof value === 'object') {
      for (const [k, v] of Object.entries(value as Record<string, unknown>)) walk(v, path ? `${path}.${k}` : k);
      return;
    }
    out[path] = String(value);
  };
  const { tin: _t, foreignTin: _f, usTin: _u, signature: _s, form: _k, ...fields } = record.details.form as unknown as Record<string, unknown>;
  walk(fields, '');
  return out;
};

/** One labelled input; `name` uses dots for nested fields (`address.city`). */
const field = (state: TaxDetailsState, name: string, text: string, options: { required?: boolean; type?: string; autocomplete?: string; secret?: boolean } = {}) => {
  const id = `f-${name.replaceAll('.', '-')}`;
  const problem = state.problems?.find((p) => p.field === name);
  const value = options.secret ? '' : (state.posted?.[name] ?? '');
  return html`<div>
    <label for="${id}">${text}${options.required ? '' : ' (optional)'}</label>
    <input id="${id}" name="${name}" type="${options.type ?? 'text'}" value="${value}"${options.required ? raw(' required') : ''}${options.autocomplete ? raw(` autocomplete="${options.autocomplete}"`) : raw(' autocomplete="off"')}${problem ? raw(` aria-invalid="true" aria-describedby="${id}-error"`) : ''}>
    ${problem ? html`<p class="field-error" id="${id}-error">${problem.message}</p>` : ''}
  </div>`;
};

const select = (state: TaxDetailsState, name: string, text: string, choices: readonly string[]) => {
  const id = `f-${name.replaceAll('.', '-')}`;
  const chosen = state.posted?.[name];
  return html`<div><label for="${id}">${text}</label>
    <select id="${id}" name="${name}" required>
      ${choices.map((c) => html`<option value="${c}"${chosen === c ? raw(' selected') : ''}>${words(c)}</option>`)}
    </select></div>`;
};

const signatureFields = (state: TaxDetailsState, today: string, capacity: boolean) => html`<fieldset><legend>Electronic signature</legend>
  <p>Under penalties of perjury, I certify that the information on this form is true, correct and complete.</p>
  ${field(state, 'signature.name', 'Type your full name to sign', { required: true, autocomplete: 'name' })}
  ${capacity ? field(state, 'signature.capacity', 'Your capacity (e.g. director)', { required: true }) : ''}
  <input type="hidden" name="signature.date" value="${today}">
  <div><input type="checkbox" id="f-signature-certified" name="signature.certified" value="true" required>
  <label for="f-signature-certified">I certify the above and sign this form electronically today (${today}).</label></div>
</fieldset>`;

const foreignAddress = (state: TaxDetailsState) => html`<fieldset><legend>Permanent residence address</legend>
  ${field(state, 'address.line1', 'Street address', { required: true, autocomplete: 'address-line1' })}
  ${field(state, 'address.line2', 'Address line 2', { autocomplete: 'address-line2' })}
  ${field(state, 'address.city', 'City', { required: true, autocomplete: 'address-level2' })}
  ${field(state, 'address.region', 'Region or province', { autocomplete: 'address-level1' })}
  ${field(state, 'address.postalCode', 'Postal code', { autocomplete: 'postal-code' })}
  ${field(state, 'address.country', 'Country (two-letter code, e.g. DE)', { required: true })}
</fieldset>`;

const treaty = (state: TaxDetailsState) => html`<fieldset><legend>Treaty benefits (leave empty if you claim none)</legend>
  ${field(state, 'treatyClaim.country', 'Treaty country (two-letter code)')}
  ${field(state, 'treatyClaim.article', 'Article')}
  ${field(state, 'treatyClaim.rate', 'Withholding rate claimed (%)')}
  ${field(state, 'treatyClaim.incomeType', 'Type of income')}
  ${field(state, 'treatyClaim.reason', 'Conditions of the article you meet')}
</fieldset>`;

const formFields = (kind: TaxFormKind, state: TaxDetailsState, today: string) => {
  if (kind === 'w9') {
    return html`${field(state, 'legalName', 'Name (as shown on your income tax return)', { required: true, autocomplete: 'name' })}
      ${field(state, 'businessName', 'Business name, if different')}
      ${select(state, 'taxClassification', 'Federal tax classification', FEDERAL_TAX_CLASSIFICATIONS)}
      ${select(state, 'llcClassification', 'If an LLC: taxed as (C, S or P)', ['C', 'S', 'P'])}
      ${field(state, 'otherClassification', 'If other: which')}
      ${select(state, 'tinType', 'Taxpayer identification number type', ['ssn', 'ein'])}
      ${field(state, 'tin', 'SSN or EIN (nine digits)', { required: true, secret: true })}
      <fieldset><legend>Address</legend>
      ${field(state, 'address.line1', 'Street address', { required: true, autocomplete: 'address-line1' })}
      ${field(state, 'address.line2', 'Address line 2', { autocomplete: 'address-line2' })}
      ${field(state, 'address.city', 'City', { required: true, autocomplete: 'address-level2' })}
      ${field(state, 'address.state', 'State (two letters)', { required: true, autocomplete: 'address-level1' })}
      ${field(state, 'address.zip', 'ZIP code', { required: true, autocomplete: 'postal-code' })}
      </fieldset>
      ${signatureFields(state, today, false)}`;
  }
  const tinFields = html`${field(state, 'foreignTin', 'Foreign tax identifying number', { secret: true })}
    ${field(state, 'foreignTinReason', 'If you have none: why')}`;
  if (kind === 'w8ben') {
    return html`${field(state, 'name', 'Name', { required: true, autocomplete: 'name' })}
      ${field(state, 'countryOfCitizenship', 'Country of citizenship (two-letter code)', { required: true })}
      ${foreignAddress(state)} ${tinFields}
      ${field(state, 'dateOfBirth', 'Date of birth', { type: 'date', autocomplete: 'bday' })}
      ${treaty(state)} ${signatureFields(state, today, false)}`;
  }
  return html`${field(state, 'organisationName', 'Name of organisation', { required: true, autocomplete: 'organization' })}
    ${field(state, 'countryOfIncorporation', 'Country of incorporation (two-letter code)', { required: true })}
    ${select(state, 'entityType', 'Entity type', FOREIGN_ENTITY_TYPES)}
    ${select(state, 'fatcaStatus', 'FATCA status', FATCA_STATUSES)}
    ${foreignAddress(state)} ${tinFields}
    ${treaty(state)} ${signatureFields(state, today, true)}`;
};

const onFile = (record: TaxDetailsRecord | null) => {
  if (!record) return html`<p>You have not given tax details to this program yet. Payouts may wait until you do.</p>`;
  const form = record.details.form;
  const tin = form.form === 'w9' ? form.tin : form.foreignTin;
  return html`<section aria-labelledby="on-file-h" class="card"><h2 id="on-file-h">On file</h2>
    <p>${FORM_LABELS[form.form]}, signed ${form.signature.date} (version ${record.version}).${tin ? ` TIN ${tin}.` : ''}${record.details.vatId ? ` VAT id ${record.details.vatId.value}.` : ''}</p>
    <p>Changing your details keeps the earlier versions on record.</p></section>`;
};

/** The portal's tax details page: what is on file (masked) and the form of the kind chosen. */
export const taxDetailsPage = (frame: Frame, record: TaxDetailsRecord | null, kind: TaxFormKind, csrf: string, today: string, state: TaxDetailsState = {}) =>
  page(
    { ...frame, title: 'Tax details', section: 'tax-details' },
    html`<h1>Tax details</h1>
    ${state.saved ? notice('Saved. Thank you.') : ''}
    ${state.problems?.length ? notice(`Check the form: ${state.problems.map((p) => `${label(p.field)} ${p.message}`).join('; ')}.`, 'error') : ''}
    ${state.waiting ? notice(`${state.waiting === 1 ? 'A payout waits' : `${state.waiting} payouts wait`} for your tax details. Give them below and ${state.waiting === 1 ? 'it is' : 'they are'} paid on the next payout run.`, 'error') : ''}
    ${onFile(record)}
    <p>The program keeps these details for its tax reporting; your TIN is stored encrypted and shown masked. This is not tax advice.</p>
    <nav aria-label="Form"><ul>${(Object.keys(FORM_LABELS) as TaxFormKind[]).map(
      (k) => html`<li><a href="${frame.base}/tax-details?form=${k}"${k === kind ? raw(' aria-current="page"') : ''}>${FORM_LABELS[k]}</a></li>`,
    )}</ul></nav>
    <section aria-labelledby="form-h" class="card"><h2 id="form-h">${FORM_LABELS[kind]}</h2>
    <form method="post" action="${frame.base}/tax-details?form=${kind}" class="stack">
      ${csrfField(csrf)}
      <input type="hidden" name="form" value="${kind}">
      ${kind === 'w9' ? html`<input type="hidden" name="country" value="US">` : field(state, 'country', 'Country of tax residence (two-letter code)', { required: true, autocomplete: 'country' })}
      ${formFields(kind, state, today)}
      ${kind === 'w9' ? '' : field(state, 'vatId', 'EU VAT id, for a business')}
      <button type="submit">Sign and save tax details</button>
    </form></section>`,
  );
