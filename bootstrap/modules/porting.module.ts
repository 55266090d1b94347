import type { DependencyContainer } from 'tsyringe';
import { ExportProgram } from '../../application/porting/export-program.js';
import type { ExportRouteDependencies } from '../../adapters/http/routes/exports.routes.js';
import { SqlProgramExportReader } from '../../adapters/persistence/repositories/porting/sql-program-export-reader.js';
import { TOKENS as T } from '../tokens.js';
import { single } from './single.js';

/** Moving in and out: the whole program as portable files. */
export const registerPorting = (c: DependencyContainer): void => {
  c.register(T.ProgramExportReader, single((r) => new SqlProgramExportReader(r.resolve(T.Orm))));
  c.register(T.ExportProgram, single((r) => new ExportProgram(r.resolve(T.ProgramExportReader))));
};

export const portingHttp = (c: DependencyContainer): ExportRouteDependencies => ({ exportProgram: c.resolve(T.ExportProgram), clock: c.resolve(T.Clock) });
