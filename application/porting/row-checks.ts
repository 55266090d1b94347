import { importedAffiliateNotes, importedCommission, MEMBERSHIP_STATUSES, PAYOUT_METHODS, type DomainError } from '../../domain/index.js';
import type { ImportRow } from '../ports/imports.js';
import type { ProgramRow } from './program-files.js';
import { PAIR_KEYS } from './program-files.js';
import { readCell } from './spreadsheet-safe-cell.js';

/** A row's cell as the file meant it: the spreadsheet quote removed, empty as none. */
export const cellOf = (row: ProgramRow, column: string): string | null => {
  const raw = row[column];
  return raw === undefined || raw === '' ? null : readCell(raw);
};

const reasonOf = (error: DomainError): string => error.details?.map((d) => `${d.field} ${d.message}`).join('; ') ?? error.message;

const missing = (row: ProgramRow, columns: readonly string[]): string | null => {
  const absent = columns.find((c) => cellOf(row, c) === null);
  return absent === undefined ? null : `${absent} is required`;
};

const oneOf = (row: ProgramRow, column: string, allowed: readonly string[]): string | null => {
  const value = cellOf(row, column);
  return value === null || allowed.includes(value) ? null : `${column} is not ${allowed.join(', ')} (${value})`;
};

/**
 * What is wrong with a row that needs no lookup to see, or null: checked before the row is written,
 * so a batch's write only ever sees rows that can go in, and a bad row is reported with its reason.
 * References to other files and matches with records already there are the writer's to find.
 */
export const rowProblem = ({ resource, data }: ImportRow): string | null => {
  const pair = PAIR_KEYS[resource];
  const named = missing(data, pair ?? ['id']);
  if (named !== null) return named;
  switch (resource) {
    case 'affiliates': {
      const notes = importedAffiliateNotes(cellOf(data, 'notes'), cellOf(data, 'tags'));
      return missing(data, ['email']) ?? (notes.isErr() ? reasonOf(notes.error) : null) ?? oneOf(data, 'payout_method', PAYOUT_METHODS);
    }
    case 'referral_links':
      return oneOf(data, 'status', MEMBERSHIP_STATUSES);
    case 'commissions': {
      const checked = importedCommission({
        status: cellOf(data, 'status'),
        amount: cellOf(data, 'amount'),
        taxAmount: cellOf(data, 'tax_amount'),
        commission: cellOf(data, 'commission'),
        refundedAmount: cellOf(data, 'refunded_amount'),
        currency: cellOf(data, 'currency'),
        conversionType: cellOf(data, 'conversion_type'),
        createdAt: cellOf(data, 'created_at'),
        approvedAt: cellOf(data, 'approved_at'),
        paidAt: cellOf(data, 'paid_at'),
      });
      return missing(data, ['affiliate_id', 'campaign_id']) ?? (checked.isErr() ? reasonOf(checked.error) : null);
    }
    default:
      return null;
  }
};
