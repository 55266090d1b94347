import { IMPORT_SOURCE_NAMES, IMPORT_SOURCES, type ImportSource } from '../../../application/ports/imports.js';

/** What the import page calls each source, in the order it offers them: the files first, then the products. */
const NAMES: Record<ImportSource, string> = { ...IMPORT_SOURCE_NAMES, csv: 'CSV or zip files' };

export const IMPORT_CHOICES: readonly { readonly source: ImportSource; readonly name: string }[] = IMPORT_SOURCES.map((source) => ({ source, name: NAMES[source] }));

export const sourceName = (source: ImportSource): string => NAMES[source];

/** The source a query or form names; anything else is the file upload. */
export const sourceOf = (value: string | undefined): ImportSource => IMPORT_SOURCES.find((s) => s === value) ?? 'csv';

export interface CredentialInput {
  /** The field the use case asks for (`apiKey`, `programId`, …). */
  readonly field: string;
  readonly label: string;
  /** A key: a password input, never filled back. An id is plain text and is kept when the form is shown again. */
  readonly secret: boolean;
  readonly hint?: string;
}

/** Labels and hints of the fields each product's API asks for (the use case decides which fields). */
const INPUTS: Partial<Record<ImportSource, Readonly<Record<string, Omit<CredentialInput, 'field'>>>>> = {
  rewardful: { apiKey: { label: 'API secret', secret: true, hint: "Your Rewardful account's API secret." } },
  tolt: {
    apiKey: { label: 'API key', secret: true, hint: 'Made in Tolt under Settings → Integrations.' },
    programId: { label: 'Program id', secret: false, hint: 'The Tolt program to import; one program per import.' },
  },
  firstpromoter: {
    apiKey: { label: 'API key', secret: true, hint: 'Made in FirstPromoter under Settings → Integrations → Manage API Keys.' },
    accountId: { label: 'Account id', secret: false, hint: 'Shown in FirstPromoter under Settings → Integrations, beside the keys.' },
  },
  partnerstack: {
    publicKey: { label: 'Public key', secret: true, hint: "Your PartnerStack vendor API keys: both are needed." },
    privateKey: { label: 'Private key', secret: true },
  },
  dub: { apiKey: { label: 'API key', secret: true, hint: 'A Dub API key of the workspace whose partner program you import.' } },
};

/** The inputs for the fields a source needs; a field without a label here is asked for by its name, as a key. */
export const credentialInputs = (source: ImportSource, fields: readonly string[]): CredentialInput[] =>
  fields.map((field) => ({ field, ...(INPUTS[source]?.[field] ?? { label: field, secret: true }) }));
