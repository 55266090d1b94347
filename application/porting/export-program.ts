import type { ClickRange, ProgramExportReader } from '../ports/program-export-reader.js';
import type { Tenant } from '../shared/tenant.js';
import { fileNameOf, PROGRAM_FILES, type ProgramRow } from './program-files.js';

export interface ProgramFile {
  readonly name: string;
  readonly columns: readonly string[];
  readonly rows: AsyncIterable<ProgramRow>;
}

/** The whole program of the tenant as the portable files, each read lazily when it is written. */
export class ExportProgram {
  constructor(private readonly reader: ProgramExportReader) {}

  files(tenant: Tenant, clicks?: ClickRange): ProgramFile[] {
    return PROGRAM_FILES.map((file) => ({ name: fileNameOf(file.resource), columns: file.columns, rows: this.reader.rows(tenant, file.resource, clicks) }));
  }
}
