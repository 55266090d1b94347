import type { ProgramResource, ProgramRow } from '../porting/program-files.js';
import type { Tenant } from '../shared/tenant.js';

/**
 * Reads a tenant's whole program, one resource at a time, as rows of the portable format. Rows come
 * a page at a time, so a program of any size is never held at once.
 */
export interface ProgramExportReader {
  rows(tenant: Tenant, resource: ProgramResource): AsyncIterable<ProgramRow>;
}
