import type { ImportSource } from '../../../application/ports/imports.js';

/** Products whose API publishes no reward terms: the campaign their import makes pays 0 % until the merchant sets it. */
const WITHOUT_TERMS: Partial<Record<ImportSource, string>> = { tolt: 'Tolt', partnerstack: 'PartnerStack' };

/** What a run's page says of the terms of the campaign it makes; null when the source carries them. */
export const importTermsNotice = (source: ImportSource, campaignMatched: boolean): string | null => {
  const product = WITHOUT_TERMS[source];
  if (product === undefined || campaignMatched) return null;
  return `${product}'s API publishes no reward terms: the campaign this import makes pays 0 % until you set its commission on the campaign's page. Set it before approving any sale.`;
};
