import type { ProgramResource, ProgramRow } from '../porting/program-files.js';
import type { Tenant } from '../shared/tenant.js';

export interface ClickRange {
  readonly from: Date;
  readonly to: Date;
}

/**
 * Reads a tenant's whole program, one resource at a time, as rows of the portable format. Rows come
 * a page at a time, so a program of any size is never held at once.
 */
export interface ProgramExportReader {
  /** `clicks` are those of `clicks` (from inclusive, to exclusive); the other resources are whole. */
  rows(tenant: Tenant, resource: ProgramResource, clicks?: ClickRange): AsyncIterable<ProgramRow>;
}
