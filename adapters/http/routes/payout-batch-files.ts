import type { ManualPayoutLine } from '../../../application/payouts/manual-payouts.js';
import { toDecimalString, type CurrencyCode } from '../../../domain/index.js';

/** RFC 4180 field: quoted when it holds a comma, quote or line break; a leading formula character is neutralised for spreadsheets. */
export const csvField = (value: string): string => {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

const line = (fields: readonly string[]) => `${fields.map(csvField).join(',')}\r\n`;

/** A short reference of one line that both files carry (affiliate and currency). */
export const lineReference = (l: ManualPayoutLine): string => `aff-${l.affiliateId.replace(/-/g, '').slice(-12)}-${l.currency}`;

/**
 * The wallet's (PayPal Payouts Web) payment file: no header; per row recipient email, amount with a
 * dot, currency, a reference id, a note to the recipient and the wallet (`PAYPAL`). One currency per file.
 */
export const paypalBatchFile = (lines: readonly ManualPayoutLine[]): string =>
  lines
    .map((l) => line([l.email, toDecimalString(l.amount, l.currency), l.currency.toUpperCase(), lineReference(l), 'Affiliate commissions', 'PAYPAL']))
    .join('');

export const WISE_EMAIL_BATCH_HEADER = ['name', 'recipientEmail', 'paymentReference', 'receiverType', 'amountCurrency', 'amount', 'sourceCurrency', 'targetCurrency', 'type'] as const;

/**
 * The bank-transfer service's (Wise) "send by email" batch template: a header row, then per recipient
 * its name, email, a reference, `PRIVATE`, the amount fixed in the target currency, and `EMAIL`.
 */
export const wiseBatchFile = (lines: readonly ManualPayoutLine[]): string =>
  line(WISE_EMAIL_BATCH_HEADER) +
  lines
    .map((l) => {
      const currency = l.currency.toUpperCase();
      return line([l.name, l.email, lineReference(l), 'PRIVATE', 'target', toDecimalString(l.amount, l.currency), currency, currency, 'EMAIL']);
    })
    .join('');

/** The batch file of `GET /payouts/export`: the method's upload format and the file name it is downloaded as. */
export const batchFileOf = (method: 'wallet_a' | 'transfer_b', currency: CurrencyCode, lines: readonly ManualPayoutLine[]): { name: string; body: string } => ({
  name: `payouts-${method === 'wallet_a' ? 'paypal' : 'wise'}-${currency}.csv`,
  body: method === 'wallet_a' ? paypalBatchFile(lines) : wiseBatchFile(lines),
});
