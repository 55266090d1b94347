import { err, ok, type Result } from 'neverthrow';
import type { ConversionStatus } from '../conversion/conversion.js';
import { domainError, validationError, type DomainError } from '../shared/domain-error.js';

export const IMPORT_STATES = ['queued', 'running', 'completed', 'failed', 'cancelled'] as const;
export type ImportState = (typeof IMPORT_STATES)[number];

/** A run moves forward only: once completed, failed or cancelled it never runs again. */
const NEXT: Readonly<Record<ImportState, readonly ImportState[]>> = {
  queued: ['running', 'completed', 'failed', 'cancelled'],
  running: ['running', 'completed', 'failed', 'cancelled'],
  completed: [],
  failed: [],
  cancelled: [],
};

export const isImportFinished = (state: ImportState): boolean => NEXT[state].length === 0;

export const moveImport = (from: ImportState, to: ImportState): Result<ImportState, DomainError> =>
  NEXT[from].includes(to) ? ok(to) : err(domainError('invalid_transition', `An import that is ${from} cannot become ${to}`));

/**
 * An imported commission keeps its status under our names: a source's `due` is `approved`, `voided`
 * is `rejected`; `held` is not carried (history is settled or waiting, never under review here).
 */
// A Map, not an object: a status such as `__proto__` or `constructor` must find nothing.
const IMPORTED_STATUSES: ReadonlyMap<string, ConversionStatus> = new Map([
  ['pending', 'pending'],
  ['approved', 'approved'],
  ['due', 'approved'],
  ['paid', 'paid'],
  ['rejected', 'rejected'],
  ['voided', 'rejected'],
  ['refunded', 'refunded'],
]);

export const importedCommissionStatus = (status: string): Result<ConversionStatus, DomainError> => {
  const found = IMPORTED_STATUSES.get(status.trim().toLowerCase());
  return found ? ok(found) : err(validationError('status', `is not a commission status (${status})`));
};
