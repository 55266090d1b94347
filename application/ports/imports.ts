import type { ImportState } from '../../domain/index.js';
import type { ImportProgress, PreviewItem, RowOutcome } from '../porting/import-progress.js';
import type { ProgramResource, ProgramRow } from '../porting/program-files.js';
import type { Tenant } from '../shared/tenant.js';

export const IMPORT_SOURCES = ['csv', 'rewardful', 'tolt', 'firstpromoter', 'partnerstack', 'dub'] as const;
export type ImportSource = (typeof IMPORT_SOURCES)[number];

/** Each source as its users write it, for messages and pages: the products' own spelling. */
export const IMPORT_SOURCE_NAMES: Readonly<Record<ImportSource, string>> = {
  csv: 'CSV',
  rewardful: 'Rewardful',
  tolt: 'Tolt',
  firstpromoter: 'FirstPromoter',
  partnerstack: 'PartnerStack',
  dub: 'Dub',
};

export interface ImportRun {
  readonly id: string;
  readonly tenant: Tenant;
  readonly source: ImportSource;
  readonly dryRun: boolean;
  readonly state: ImportState;
  /** Rows before this position are done. */
  readonly cursor: number;
  readonly rowCount: number;
  readonly progress: ImportProgress;
  readonly preview: readonly PreviewItem[];
  readonly failure: string | null;
  /** A source campaign's (program's) id → the merchant's campaign it is carried into instead of a new one. */
  readonly campaignMap?: Readonly<Record<string, string>>;
  readonly createdAt: Date;
  readonly updatedAt: Date;
  readonly finishedAt: Date | null;
}

export interface ImportRow {
  readonly seq: number;
  readonly resource: ProgramResource;
  readonly data: ProgramRow;
}

/** Import runs and the rows they read, kept until the run is finished. */
export interface ImportRuns {
  create(run: ImportRun, rows: readonly Omit<ImportRow, 'seq'>[]): Promise<void>;
  get(tenant: Tenant, id: string): Promise<ImportRun | null>;
  /** The oldest unfinished run no other worker holds, held until the caller's transaction ends. */
  claimDue(): Promise<ImportRun | null>;
  rows(id: string, fromSeq: number, limit: number): Promise<ImportRow[]>;
  /** Saves a run still unfinished in storage; a run cancelled meanwhile stays cancelled. */
  save(run: ImportRun): Promise<void>;
  /** Stops an unfinished run of the tenant; false when there is none by that id. */
  cancel(tenant: Tenant, id: string, now: Date): Promise<boolean>;
}

/**
 * Carries one row into the tenant's program under the source's id: a row whose id the mapping already
 * knows is `matched` and changes nothing; references to other files go through the same mapping.
 */
export interface ImportWriter {
  apply(run: ImportRun, row: ImportRow): Promise<RowOutcome>;
  /**
   * Carries a batch's rows together, in order, each with the outcome `apply` would give it. All or
   * nothing: when storage refuses the batch's writes it throws, and the caller carries the rows one by one.
   */
  applyBatch(run: ImportRun, rows: readonly ImportRow[]): Promise<RowOutcome[]>;
}
