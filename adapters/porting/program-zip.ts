import { once } from 'node:events';
import { stringify } from 'csv-stringify';
import type { ProgramFile } from '../../application/porting/export-program.js';
import { writeCell } from '../../application/porting/spreadsheet-safe-cell.js';
import { zipStream } from '../zip/zip-stream.js';

/**
 * The program's files as one zip, written while it is read: each file's rows go through the CSV
 * writer into the archive under backpressure, so memory stays flat whatever the program's size.
 * A reader that goes away stops the reading; a failed read ends the download with an error.
 */
export const programZip = (files: readonly ProgramFile[]): ReadableStream<Uint8Array> =>
  zipStream({ zlib: { level: 6 } }, async (archive, gone) => {
    for (const file of files) {
      const csv = stringify({ header: true, columns: [...file.columns], record_delimiter: 'windows' });
      archive.append(csv, { name: file.name });
      for await (const row of file.rows) {
        if (gone.aborted) return;
        const safe = Object.fromEntries(Object.entries(row).map(([k, v]) => [k, writeCell(v)]));
        if (!csv.write(safe)) await once(csv, 'drain', { signal: gone });
      }
      csv.end();
    }
  });
