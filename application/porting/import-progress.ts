import type { ProgramResource } from './program-files.js';

export type RowOutcome =
  | { readonly kind: 'created'; readonly internalId: string }
  | { readonly kind: 'matched'; readonly internalId: string }
  | { readonly kind: 'skipped'; readonly reason: string }
  | { readonly kind: 'failed'; readonly reason: string };

export interface RowProblem {
  readonly row: number;
  readonly externalId: string | null;
  readonly reason: string;
}

export interface ResourceProgress {
  readonly read: number;
  readonly created: number;
  readonly matched: number;
  readonly skipped: number;
  readonly failed: number;
  readonly problems: readonly RowProblem[];
}

export type ImportProgress = Readonly<Partial<Record<ProgramResource, ResourceProgress>>>;

/** What a dry run would create (or carry into a campaign the merchant chose): each record by resource and the source's id. */
export interface PreviewItem {
  readonly resource: ProgramResource;
  readonly externalId: string;
  readonly summary: string;
  /** Set when the record is not created but carried into one the merchant chose (`campaignMap`). */
  readonly matchedId?: string;
}

/** Row-level reasons are kept for the first thousand problems of a resource; the counts stay exact. */
const KEPT_PROBLEMS = 1_000;

const EMPTY: ResourceProgress = { read: 0, created: 0, matched: 0, skipped: 0, failed: 0, problems: [] };

/** Counts one row's outcome; rows come in file order, so a row's number in its file is the count read so far. */
export const countOutcome = (progress: ImportProgress, resource: ProgramResource, externalId: string | null, outcome: RowOutcome): ImportProgress => {
  const was = progress[resource] ?? EMPTY;
  const problem = outcome.kind === 'skipped' || outcome.kind === 'failed' ? [{ row: was.read + 1, externalId, reason: outcome.reason }] : [];
  return {
    ...progress,
    [resource]: {
      read: was.read + 1,
      created: was.created + (outcome.kind === 'created' ? 1 : 0),
      matched: was.matched + (outcome.kind === 'matched' ? 1 : 0),
      skipped: was.skipped + (outcome.kind === 'skipped' ? 1 : 0),
      failed: was.failed + (outcome.kind === 'failed' ? 1 : 0),
      // Copied only when it grows: a million rows without problems must not copy the list a million times.
      problems: problem.length === 0 || was.problems.length >= KEPT_PROBLEMS ? was.problems : [...was.problems, ...problem],
    },
  };
};
