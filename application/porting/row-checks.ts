import {
  BONUS_SCOPES,
  BONUS_SPLITS,
  BONUS_TYPES,
  BONUS_VISIBILITIES,
  GOAL_METRICS,
  GOAL_SCOPES,
  GOAL_STATUSES,
  importedAffiliateNotes,
  importedAwardStatus,
  importedCommission,
  importedBonusTiers,
  importedCommissionTiers,
  importedTime,
  MEMBERSHIP_STATUSES,
  PAYOUT_METHODS,
  PERIOD_MODES,
  type DomainError,
} from '../../domain/index.js';
import type { ImportRow } from '../ports/imports.js';
import type { ProgramRow } from './program-files.js';
import { PAIR_KEYS } from './program-files.js';
import { readCell } from './spreadsheet-safe-cell.js';

/** A row's cell as the file meant it: the spreadsheet quote removed, empty as none. */
export const cellOf = (row: ProgramRow, column: string): string | null => {
  const raw = row[column];
  return raw === undefined || raw === '' ? null : readCell(raw);
};

/** A refusal's reasons in one line, field by field. */
export const reasonOf = (error: DomainError): string => error.details?.map((d) => `${d.field} ${d.message}`).join('; ') ?? error.message;

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
    case 'campaigns': {
      const tiers = importedCommissionTiers(cellOf(data, 'commission_tiers'));
      return tiers.isErr() ? reasonOf(tiers.error) : null;
    }
    case 'affiliates': {
      const notes = importedAffiliateNotes(cellOf(data, 'notes'), cellOf(data, 'tags'));
      return missing(data, ['email']) ?? (notes.isErr() ? reasonOf(notes.error) : null) ?? oneOf(data, 'payout_method', PAYOUT_METHODS) ?? timeProblem(data, 'created_at');
    }
    case 'referral_links':
      return oneOf(data, 'status', MEMBERSHIP_STATUSES) ?? timeProblem(data, 'joined_at') ?? timeProblem(data, 'decided_at');
    case 'customers':
      return missing(data, ['affiliate_id', 'campaign_id']) ?? timeProblem(data, 'created_at');
    case 'clicks':
      return missing(data, ['campaign_id', 'affiliate_id']) ?? timeProblem(data, 'created_at');
    case 'commissions': {
      const checked = commissionOfRow(data);
      return missing(data, ['affiliate_id', 'campaign_id']) ?? (checked.isErr() ? reasonOf(checked.error) : null);
    }
    case 'team_goals':
      return (
        missing(data, ['team_id', 'name', 'target_value']) ??
        firstOf([
          oneOf(data, 'status', GOAL_STATUSES),
          oneOf(data, 'scope', GOAL_SCOPES),
          oneOf(data, 'metric', GOAL_METRICS),
          oneOf(data, 'period_mode', PERIOD_MODES),
          oneOf(data, 'bonus_type', BONUS_TYPES),
          oneOf(data, 'bonus_scope', BONUS_SCOPES),
          oneOf(data, 'bonus_split', BONUS_SPLITS),
          oneOf(data, 'bonus_visibility', BONUS_VISIBILITIES),
          bonusTiersProblem(data),
        ])
      );
    case 'team_awards': {
      const status = importedAwardStatus(cellOf(data, 'status') ?? '');
      return (status.isErr() ? reasonOf(status.error) : null) ?? missing(data, ['team_id', 'goal_id', 'affiliate_id', 'period_key', 'amount']) ?? oneOf(data, 'payout_method', PAYOUT_METHODS);
    }
    default:
      return null;
  }
};

const timeProblem = (row: ProgramRow, column: string): string | null => {
  const checked = importedTime(column, cellOf(row, column));
  return checked.isErr() ? reasonOf(checked.error) : null;
};

const bonusTiersProblem = (row: ProgramRow): string | null => {
  const tiers = importedBonusTiers(cellOf(row, 'bonus_tiers'), cellOf(row, 'bonus_type') ?? 'flat');
  return tiers.isErr() ? reasonOf(tiers.error) : null;
};

const firstOf = (problems: readonly (string | null)[]): string | null => problems.find((p) => p !== null) ?? null;

/** A commissions row's cells as the domain reads an imported commission (one reading for the check and the write). */
export const commissionOfRow = (data: ProgramRow) =>
  importedCommission({
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
