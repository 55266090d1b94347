import { PassThrough, Readable } from 'node:stream';
import type { StoredInvoice } from '../../application/ports/invoice-store.js';
import { renderInvoicePdf } from './invoice-pdf.js';

/** The file name of a document: its number, which is unique per merchant and mode. */
export const invoiceFileName = (invoice: StoredInvoice): string => `${invoice.document.number}.pdf`;

/** A zip of the documents' PDFs, rendered one at a time while the zip streams. */
export const invoicesZip = (invoices: readonly StoredInvoice[]): ReadableStream<Uint8Array> => {
  // The zip writer is loaded on the first download, not at start-up (docs/decisions.md).
  const out = new PassThrough();
  void (async () => {
    const { ZipArchive } = await import('archiver');
    const zip = new ZipArchive();
    zip.once('error', (error) => out.destroy(error));
    zip.pipe(out);
    for (const invoice of invoices) zip.append(await renderInvoicePdf(invoice.document), { name: invoiceFileName(invoice) });
    await zip.finalize();
  })().catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))));
  return Readable.toWeb(out) as unknown as ReadableStream<Uint8Array>;
};
