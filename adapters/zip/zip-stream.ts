import { PassThrough, Readable } from 'node:stream';
import type { ZipArchive } from 'archiver';

/**
 * A zip written while it is read. The zip writer (archiver) is loaded on the first download, not at
 * start-up (docs/decisions.md). `fill` appends the entries and stops when `gone` is aborted: the
 * reader went away, and the archive is dropped with it. A failure ends the download with the error.
 */
export const zipStream = (
  options: ConstructorParameters<typeof ZipArchive>[0],
  fill: (zip: ZipArchive, gone: AbortSignal) => Promise<void>,
): ReadableStream<Uint8Array> => {
  const out = new PassThrough();
  const gone = new AbortController();
  out.once('close', () => gone.abort());
  out.once('error', () => gone.abort());
  const write = async () => {
    const { ZipArchive } = await import('archiver');
    if (gone.signal.aborted) return;
    const zip = new ZipArchive(options);
    gone.signal.addEventListener('abort', () => zip.destroy(), { once: true });
    zip.once('error', (error) => out.destroy(error));
    zip.pipe(out);
    await fill(zip, gone.signal);
    if (!gone.signal.aborted) await zip.finalize();
  };
  write().catch((error: unknown) => {
    if (!gone.signal.aborted) out.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return Readable.toWeb(out) as unknown as ReadableStream<Uint8Array>;
};
