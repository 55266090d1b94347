import type { Affiliate } from '../../domain/index.js';

/**
 * An address in the form that identifies a mailbox: lowercase, trimmed, `+tag` dropped, and for
 * Gmail the dots in the local part dropped (they deliver to the same inbox).
 */
export const normaliseEmail = (email: string): string => {
  const [local = '', domain = ''] = email.trim().toLowerCase().split('@');
  const withoutTag = local.split('+')[0] ?? '';
  const gmail = domain === 'gmail.com' || domain === 'googlemail.com';
  return `${gmail ? withoutTag.replace(/\./g, '') : withoutTag}@${gmail ? 'gmail.com' : domain}`;
};

/**
 * Self-referral: the customer is the affiliate, by their login or payout email after normalisation.
 * Checked only when the sale carries both `clickId` and `customerEmail` (spec), on live keys.
 */
export const isSelfReferral = (customerEmail: string, affiliate: Pick<Affiliate, 'email' | 'payoutEmail'>): boolean => {
  const customer = normaliseEmail(customerEmail);
  return [affiliate.email, affiliate.payoutEmail].some((own) => own !== null && normaliseEmail(own) === customer);
};
