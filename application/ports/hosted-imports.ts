import type { RequestBudget, RequestWindow } from '../../domain/index.js';
import type { ImportRow, ImportRun } from './imports.js';

/** The hosted products an import reads through their public REST APIs. */
export const HOSTED_SOURCES = ['rewardful', 'tolt', 'firstpromoter', 'partnerstack', 'dub'] as const;
export type HostedSource = (typeof HOSTED_SOURCES)[number];

export const isHostedSource = (source: string): source is HostedSource => (HOSTED_SOURCES as readonly string[]).includes(source);

/** The merchant's keys for the source's API (`apiKey`, and `accountId` where the source asks for one). */
export type HostedCredentials = Readonly<Record<string, string>>;

/** Where the reading of a source stands, stored with the run: a crash resumes at this page. */
export interface FetchState {
  /** Index of the resource being read, in the source's order. */
  readonly step: number;
  /** The source's cursor (a page number or an opaque cursor) of the next page of that resource; null for its first. */
  readonly cursor: string | null;
  readonly done: boolean;
  /** Requests made in the source's current rate-limit window. */
  readonly window: RequestWindow | null;
  readonly pages: number;
  /** 429s and unavailable answers waited out so far. */
  readonly waits: number;
  /** Consecutive unavailable answers (5xx, network): the run fails after a few. */
  readonly errors: number;
}

export type HostedPage =
  | { readonly kind: 'page'; readonly rows: readonly Omit<ImportRow, 'seq'>[]; readonly next: string | null }
  /** Asked to slow down (429) or the source is unavailable: try again after this many milliseconds. */
  | { readonly kind: 'wait'; readonly waitMs: number; readonly unavailable: boolean }
  /** A key refused or an answer we cannot read: the run stops with this reason. */
  | { readonly kind: 'refused'; readonly reason: string };

/** One source's public REST API, read page by page and mapped to the portable program rows. */
export interface HostedApi {
  /** Whether this source can be read yet. */
  supports(source: HostedSource): boolean;
  /** The credential fields the source needs. */
  credentialFields(source: HostedSource): readonly string[];
  /** The source's published request budget. */
  budget(source: HostedSource): RequestBudget;
  /** How many resources the source is read in (in dependency order). */
  steps(source: HostedSource): number;
  page(source: HostedSource, credentials: HostedCredentials, step: number, cursor: string | null): Promise<HostedPage>;
}

export interface HostedFetch {
  readonly run: ImportRun;
  readonly state: FetchState;
  /** Null when the sealed keys no longer open (the service's secret key was replaced without the old one). */
  readonly credentials: HostedCredentials | null;
}

/** The reading side of hosted imports: runs still reading their source, with their sealed keys. */
export interface HostedImportFetches {
  /** Records a new run that will read its source, with the keys sealed at rest. */
  create(run: ImportRun, credentials: HostedCredentials): Promise<void>;
  /** The oldest run still reading whose wait is over, held (row lock) until the caller's transaction ends. */
  claimDue(now: Date): Promise<HostedFetch | null>;
  /**
   * Stores a page's rows after the run's rows so far, with the new state, in the caller's transaction;
   * `notBefore` holds the run back (rate limit). A finished reading drops the keys.
   */
  advance(run: ImportRun, rows: readonly Omit<ImportRow, 'seq'>[], state: FetchState, notBefore: Date | null): Promise<void>;
  /** Ends a run that cannot read its source: failed with the reason, keys and stored rows dropped. */
  fail(run: ImportRun, reason: string, now: Date): Promise<void>;
}
