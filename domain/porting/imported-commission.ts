import { err, ok, type Result } from 'neverthrow';
import { CONVERSION_TYPES, type ConversionStatus, type ConversionType } from '../conversion/conversion.js';
import { Decimal } from '../money/decimal.js';
import { validationError, type DomainError } from '../shared/domain-error.js';
import { importedCommissionStatus } from './import-run.js';

/** A commission row's cells that need no lookup, as the file gives them (`null` for an empty cell). */
export interface ImportedCommissionCells {
  readonly status: string | null;
  readonly amount: string | null;
  readonly taxAmount: string | null;
  readonly commission: string | null;
  readonly refundedAmount: string | null;
  readonly currency: string | null;
  readonly conversionType: string | null;
  readonly createdAt: string | null;
  readonly approvedAt: string | null;
  readonly paidAt: string | null;
}

export interface ImportedCommission {
  readonly status: ConversionStatus;
  readonly amount: string;
  readonly taxAmount: string | null;
  readonly commission: string;
  readonly refundedAmount: string | null;
  readonly currency: string;
  readonly conversionType: ConversionType;
  readonly createdAt: string | null;
  readonly approvedAt: string | null;
  readonly paidAt: string | null;
}

/** Amounts are kept with six decimals and fourteen integer digits at most. */
const DECIMAL = /^\d{1,14}(\.\d{1,6})?$/;
const CURRENCY = /^[a-z]{3}$/;
/** An ISO 8601 date, with an optional time and offset: what the export writes and spreadsheets keep. */
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}(:?\d{2})?)?)?$/;

type Check<T> = Result<T, DomainError>;

const amountOf = (field: string, cell: string | null, required: boolean): Check<string | null> => {
  if (cell === null) return required ? err(validationError(field, 'is required')) : ok(null);
  const text = cell.trim();
  return DECIMAL.test(text) ? ok(text) : err(validationError(field, `is not a decimal amount of zero or more (${cell})`));
};

/** An imported time cell: none, or an ISO 8601 date or time storage reads the same way. */
export const importedTime = (field: string, cell: string | null): Check<string | null> => {
  if (cell === null) return ok(null);
  const text = cell.trim();
  // Date.parse wants the time zone's minutes with a colon; storage reads the other spellings alike.
  const parseable = text.replace(' ', 'T').replace(/(\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)([+-]\d{2}):?(\d{2})?$/, (_, time: string, h: string, m?: string) => `${time}${h}:${m ?? '00'}`);
  return TIMESTAMP.test(text) && !Number.isNaN(Date.parse(parseable)) ? ok(text) : err(validationError(field, `is not an ISO 8601 time (${cell})`));
};

/**
 * Checks an imported commission row before anything is written, so a bad row is reported with its
 * reason and never reaches storage: the status under our names, amounts as non-negative decimals
 * (a refund not above the sale), a three-letter currency, known conversion type and readable times.
 */
export const importedCommission = (cells: ImportedCommissionCells): Result<ImportedCommission, DomainError> => {
  if (cells.status === null) return err(validationError('status', 'is required'));
  const status = importedCommissionStatus(cells.status);
  if (status.isErr()) return err(status.error);
  const amount = amountOf('amount', cells.amount, true);
  if (amount.isErr()) return err(amount.error);
  const commission = amountOf('commission', cells.commission, true);
  if (commission.isErr()) return err(commission.error);
  const taxAmount = amountOf('tax_amount', cells.taxAmount, false);
  if (taxAmount.isErr()) return err(taxAmount.error);
  const refundedAmount = amountOf('refunded_amount', cells.refundedAmount, false);
  if (refundedAmount.isErr()) return err(refundedAmount.error);
  if (refundedAmount.value !== null && new Decimal(refundedAmount.value).gt(amount.value!)) return err(validationError('refunded_amount', 'is above the amount'));
  if (cells.currency === null) return err(validationError('currency', 'is required'));
  const currency = cells.currency.trim().toLowerCase();
  if (!CURRENCY.test(currency)) return err(validationError('currency', `is not a three-letter currency code (${cells.currency})`));
  const conversionType = CONVERSION_TYPES.find((t) => t === (cells.conversionType?.trim() || 'one_time'));
  if (conversionType === undefined) return err(validationError('conversion_type', `is not ${CONVERSION_TYPES.join(' or ')} (${cells.conversionType})`));
  const createdAt = importedTime('created_at', cells.createdAt);
  if (createdAt.isErr()) return err(createdAt.error);
  const approvedAt = importedTime('approved_at', cells.approvedAt);
  if (approvedAt.isErr()) return err(approvedAt.error);
  const paidAt = importedTime('paid_at', cells.paidAt);
  if (paidAt.isErr()) return err(paidAt.error);
  return ok({
    status: status.value,
    amount: amount.value!,
    taxAmount: taxAmount.value,
    commission: commission.value!,
    refundedAmount: refundedAmount.value,
    currency,
    conversionType,
    createdAt: createdAt.value,
    approvedAt: approvedAt.value,
    paidAt: paidAt.value,
  });
};
