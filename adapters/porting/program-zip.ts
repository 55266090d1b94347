import { once } from 'node:events';
import { PassThrough, Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { ProgramFile } from '../../application/porting/export-program.js';
import { writeCell } from '../../application/porting/spreadsheet-safe-cell.js';

/**
 * The program's files as one zip, written while it is read: each file's rows go through the CSV
 * writer into the archive under backpressure, so memory stays flat whatever the program's size.
 * A reader that goes away stops the reading; a failed read ends the download with an error.
 */
export const programZip = (files: readonly ProgramFile[]): ReadableStream<Uint8Array> => {
  // The zip writer is loaded on the first export, not at start-up (docs/decisions.md).
  const out = new PassThrough();
  const gone = new AbortController();
  out.once('close', () => gone.abort());
  out.once('error', () => gone.abort());
  const fill = async () => {
    const { ZipArchive } = await import('archiver');
    const archive = new ZipArchive({ zlib: { level: 6 } });
    archive.once('error', (error) => out.destroy(error));
    archive.pipe(out);
    for (const file of files) {
      const csv = stringify({ header: true, columns: [...file.columns], record_delimiter: 'windows' });
      archive.append(csv, { name: file.name });
      for await (const row of file.rows) {
        if (gone.signal.aborted) return;
        const safe = Object.fromEntries(Object.entries(row).map(([k, v]) => [k, writeCell(v)]));
        if (!csv.write(safe)) await once(csv, 'drain', { signal: gone.signal });
      }
      csv.end();
    }
    await archive.finalize();
  };
  fill().catch((error: unknown) => {
    if (!gone.signal.aborted) out.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return Readable.toWeb(out) as ReadableStream<Uint8Array>;
};
