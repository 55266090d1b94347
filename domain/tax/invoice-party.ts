import type { InvoiceParty } from './invoice.js';
import { formName, type MaskedTaxDetails } from './tax-details.js';

/**
 * The affiliate as an invoice names it: the name, address and VAT id of its latest tax details (the
 * masked view holds them all; a TIN is never printed), or only its account name when none are on file.
 */
export const affiliatePartyOf = (details: MaskedTaxDetails | null, fallbackName: string): InvoiceParty => {
  if (details === null) return { name: fallbackName, address: [], vatId: null };
  const { form } = details;
  const a = form.address;
  const address =
    'zip' in a
      ? [a.line1, a.line2, `${a.city}, ${a.state} ${a.zip}`, 'US']
      : [a.line1, a.line2, [a.postalCode, a.city].filter(Boolean).join(' '), a.region, a.country];
  return { name: formName(form as Parameters<typeof formName>[0]), address: address.filter((l): l is string => typeof l === 'string' && l !== ''), vatId: details.vatId?.value ?? null };
};
