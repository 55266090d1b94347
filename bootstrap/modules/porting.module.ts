import type { Container } from '../token.js';
import { ExportProgram } from '../../application/porting/export-program.js';
import { FetchHostedImports } from '../../application/porting/fetch-hosted-imports.js';
import { RunImports } from '../../application/porting/run-imports.js';
import type { HostedApi } from '../../application/ports/hosted-imports.js';
import { StartImport } from '../../application/porting/start-import.js';
import type { ServiceConfig } from '../config.js';
import type { ExportRouteDependencies } from '../../adapters/http/routes/exports.routes.js';
import type { ImportRouteDependencies } from '../../adapters/http/routes/imports.routes.js';
import { HttpHostedApi } from '../../adapters/porting/hosted/http-hosted-api.js';
import { SqlHostedImportFetches } from '../../adapters/persistence/repositories/porting/sql-hosted-import-fetches.js';
import { SqlImportRuns } from '../../adapters/persistence/repositories/porting/sql-import-runs.js';
import { SqlImportWriter } from '../../adapters/persistence/repositories/porting/sql-import-writer.js';
import { SqlProgramExportReader } from '../../adapters/persistence/repositories/porting/sql-program-export-reader.js';
import { TOKENS as T } from '../tokens.js';
import { single } from './single.js';

/** Moving in and out: the whole program as portable files, and imports run as a job. */
export const registerPorting = (c: Container, config: ServiceConfig, override?: HostedApi): void => {
  const hostedApi = override ?? new HttpHostedApi(config.importApiBases);
  c.register(T.ProgramExportReader, single((r) => new SqlProgramExportReader(r.resolve(T.Orm))));
  c.register(T.ExportProgram, single((r) => new ExportProgram(r.resolve(T.ProgramExportReader))));
  c.register(T.ImportRuns, single((r) => new SqlImportRuns(r.resolve(T.Orm))));
  c.register(T.ImportWriter, single((r) => new SqlImportWriter(r.resolve(T.Orm), r.resolve(T.Ids), r.resolve(T.Clock))));
  c.register(T.HostedImportFetches, single((r) => new SqlHostedImportFetches(r.resolve(T.Orm), r.resolve(T.SecretBox))));
  c.register(
    T.StartImport,
    single((r) => new StartImport(r.resolve(T.UnitOfWork), r.resolve(T.ImportRuns), r.resolve(T.Ids), r.resolve(T.Clock), r.resolve(T.CampaignRepository), { fetches: r.resolve(T.HostedImportFetches), api: hostedApi })),
  );
  c.register(
    T.FetchHostedImports,
    single(
      (r) =>
        new FetchHostedImports(r.resolve(T.UnitOfWork), r.resolve(T.HostedImportFetches), hostedApi, r.resolve(T.EventOutbox), r.resolve(T.Notices), r.resolve(T.Clock), r.resolve(T.Logger)),
    ),
  );
  c.register(
    T.RunImports,
    single(
      (r) =>
        new RunImports(r.resolve(T.UnitOfWork), r.resolve(T.ImportRuns), r.resolve(T.ImportWriter), r.resolve(T.EventOutbox), r.resolve(T.Notices), r.resolve(T.Clock), r.resolve(T.Logger)),
    ),
  );
  // Reading a hosted source comes first, so one round of the jobs reads what is due and carries it.
  c.register(T.Job, single((r) => r.resolve(T.FetchHostedImports)));
  c.register(T.Job, single((r) => r.resolve(T.RunImports)));
};

export const portingHttp = (c: Container): { exports: ExportRouteDependencies; imports: ImportRouteDependencies } => ({
  exports: { exportProgram: c.resolve(T.ExportProgram), clock: c.resolve(T.Clock) },
  imports: { startImport: c.resolve(T.StartImport), importRuns: c.resolve(T.ImportRuns), clock: c.resolve(T.Clock) },
});
