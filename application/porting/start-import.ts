import { err, ok, type Result } from 'neverthrow';
import { domainError, importCampaignMap, validationError, type DomainError } from '../../domain/index.js';
import type { CampaignRepository } from '../ports/campaign-repository.js';
import type { Clock } from '../ports/clock.js';
import type { IdGenerator } from '../ports/id-generator.js';
import { isHostedSource, type HostedApi, type HostedCredentials, type HostedImportFetches } from '../ports/hosted-imports.js';
import { IMPORT_SOURCE_NAMES, type ImportRow, type ImportRun, type ImportRuns, type ImportSource } from '../ports/imports.js';
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
  /** A hosted source's API keys (the source's fields: `apiKey`, and `accountId` where it asks for one). */
  readonly credentials?: HostedCredentials | undefined;
  /** A source campaign's (program's) id → the merchant's campaign to carry it into, instead of a new one. */
  readonly campaignMap?: Readonly<Record<string, string>> | undefined;
}

/** Hosted imports: where their runs and sealed keys are kept, and the sources' APIs. */
export interface HostedImportParts {
  readonly fetches: HostedImportFetches;
  readonly api: HostedApi;
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
    private readonly campaigns: Pick<CampaignRepository, 'findById'>,
    private readonly hosted?: HostedImportParts,
  ) {}

  async execute(given: StartImportInput): Promise<Result<ImportRun, DomainError>> {
    const campaignMap = await this.campaignMapOf(given);
    if (campaignMap.isErr()) return err(campaignMap.error);
    const input = { ...given, campaignMap: campaignMap.value };
    if (isHostedSource(input.source)) return this.startHosted(input);
    if (input.source !== 'csv') return err(validationError('source', `${IMPORT_SOURCE_NAMES[input.source]} imports are not available`));
    const files = [...input.files].sort((a, b) => ORDER.indexOf(a.resource) - ORDER.indexOf(b.resource));
    const rows: Omit<ImportRow, 'seq'>[] = files.flatMap((f) => f.rows.map((data) => ({ resource: f.resource, data })));
    if (rows.length === 0) return err(validationError('files', 'hold no rows to import'));
    const run = this.newRun(input, rows.length);
    await this.uow.transaction(() => this.runs.create(run, rows));
    return ok(run);
  }

  /**
   * The credential fields a source's import needs, as `execute` checks them (a form asks for these);
   * none for `csv`, and null for a source that cannot be read here.
   */
  credentialFields(source: ImportSource): readonly string[] | null {
    if (source === 'csv') return [];
    if (!this.hosted || !isHostedSource(source) || !this.hosted.api.supports(source)) return null;
    return this.hosted.api.credentialFields(source);
  }

  /** A hosted import reads its source first (the fetch job), so it starts with no rows and the keys sealed. */
  private async startHosted(input: StartImportInput): Promise<Result<ImportRun, DomainError>> {
    const fields = this.credentialFields(input.source);
    if (!this.hosted || fields === null) {
      return err(validationError('source', `${IMPORT_SOURCE_NAMES[input.source]} imports are not available yet; export from it to CSV in our format, or use csv`));
    }
    const credentials = input.credentials ?? {};
    for (const field of fields) {
      if (typeof credentials[field] !== 'string' || credentials[field].trim() === '') return err(validationError(`credentials.${field}`, `is required for ${IMPORT_SOURCE_NAMES[input.source]}`));
    }
    const run = this.newRun(input, 0);
    const kept = Object.fromEntries(fields.map((f) => [f, credentials[f]!.trim()]));
    await this.uow.transaction(() => this.hosted!.fetches.create(run, kept));
    return ok(run);
  }

  /** The map as kept, each campaign checked to be the merchant's (another's answers 404, as it does everywhere). */
  private async campaignMapOf(input: StartImportInput): Promise<Result<Readonly<Record<string, string>>, DomainError>> {
    const map = importCampaignMap(input.campaignMap ?? {});
    if (map.isErr()) return map;
    for (const [source, ours] of Object.entries(map.value)) {
      if (!(await this.campaigns.findById(input.tenant, ours))) {
        return err(domainError('not_found', 'Campaign not found', [{ field: `campaignMap.${source}`, message: `names no campaign of yours (${ours})` }]));
      }
    }
    return ok(map.value);
  }

  private newRun(input: StartImportInput, rowCount: number): ImportRun {
    const now = this.clock.now();
    return {
      id: this.ids.next(),
      tenant: input.tenant,
      source: input.source,
      dryRun: input.dryRun,
      state: 'queued',
      cursor: 0,
      rowCount,
      progress: {},
      preview: [],
      failure: null,
      campaignMap: input.campaignMap ?? {},
      createdAt: now,
      updatedAt: now,
      finishedAt: null,
    };
  }
}
