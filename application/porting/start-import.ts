import { err, ok, type Result } from 'neverthrow';
import { validationError, type DomainError } from '../../domain/index.js';
import type { Clock } from '../ports/clock.js';
import type { IdGenerator } from '../ports/id-generator.js';
import type { ImportRow, ImportRun, ImportRuns, ImportSource } from '../ports/imports.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import type { Tenant } from '../shared/tenant.js';
import { PROGRAM_FILES, type ProgramResource, type ProgramRow } from './program-files.js';

export interface ImportFile {
  readonly resource: ProgramResource;
  readonly rows: readonly ProgramRow[];
}

export interface StartImportInput {
  readonly tenant: Tenant;
  readonly source: ImportSource;
  readonly dryRun: boolean;
  readonly files: readonly ImportFile[];
}

/** Files are carried in dependency order, so every reference names a record already imported. */
const ORDER = PROGRAM_FILES.map((f) => f.resource);

/**
 * Records an import run with the rows it will read and leaves it to the import job: the request
 * answers at once, and a crash later resumes from the stored rows.
 */
export class StartImport {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly runs: ImportRuns,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
  ) {}

  async execute(input: StartImportInput): Promise<Result<ImportRun, DomainError>> {
    if (input.source !== 'csv') return err(validationError('source', `${input.source} imports are not available yet; export from it to CSV in our format, or use csv`));
    const files = [...input.files].sort((a, b) => ORDER.indexOf(a.resource) - ORDER.indexOf(b.resource));
    const rows: Omit<ImportRow, 'seq'>[] = files.flatMap((f) => f.rows.map((data) => ({ resource: f.resource, data })));
    if (rows.length === 0) return err(validationError('files', 'hold no rows to import'));
    const now = this.clock.now();
    const run: ImportRun = {
      id: this.ids.next(),
      tenant: input.tenant,
      source: input.source,
      dryRun: input.dryRun,
      state: 'queued',
      cursor: 0,
      rowCount: rows.length,
      progress: {},
      preview: [],
      failure: null,
      createdAt: now,
      updatedAt: now,
      finishedAt: null,
    };
    await this.uow.transaction(() => this.runs.create(run, rows));
    return ok(run);
  }
}
