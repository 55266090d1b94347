import { parse } from 'csv-parse/sync';
import type { ImportFile } from '../../application/porting/start-import.js';
import { PROGRAM_FILES, type ProgramResource, type ProgramRow } from '../../application/porting/program-files.js';
import { zipEntries } from './zip-entries.js';

const RESOURCES = new Map(PROGRAM_FILES.map((f) => [`${f.resource}.csv`, f.resource as ProgramResource]));

export class UnreadableFiles extends Error {}

const rowsOf = (name: string, text: string): ProgramRow[] => {
  try {
    return parse(text, { columns: true, skip_empty_lines: true, bom: true, relax_column_count: false }) as ProgramRow[];
  } catch (error) {
    throw new UnreadableFiles(`${name}: ${error instanceof Error ? error.message : 'not CSV'}`);
  }
};

/**
 * The program files as the export writes them, from a zip or by name; a name outside the format is
 * refused (a folder in the zip is ignored, so a zip made by hand of a folder reads too).
 */
export const readProgramFiles = (files: ReadonlyMap<string, string>): ImportFile[] =>
  [...files].map(([path, text]) => {
    const name = path.split('/').at(-1) ?? path;
    const resource = RESOURCES.get(name) ?? null;
    if (resource === null) throw new UnreadableFiles(`${name} is not a file of the format (${[...RESOURCES.keys()].join(', ')})`);
    return { resource, rows: rowsOf(name, text) };
  });

export const filesOfZip = (zip: Buffer): Map<string, string> => {
  try {
    return new Map([...zipEntries(zip)].filter(([name]) => !name.endsWith('/')).map(([name, content]) => [name, content.toString('utf8')]));
  } catch (error) {
    throw new UnreadableFiles(`file: ${error instanceof Error ? error.message : 'not a zip'}`);
  }
};
