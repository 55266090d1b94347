import { Readable } from 'node:stream';
import { ZipArchive } from 'archiver';
import type { StoredInvoice } from '../../application/ports/invoice-store.js';
import { renderInvoicePdf } from './invoice-pdf.js';

/** The file name of a document: its number, which is unique per merchant and mode. */
export const invoiceFileName = (invoice: StoredInvoice): string => `${invoice.document.number}.pdf`;

/** A zip of the documents' PDFs, rendered one at a time while the zip streams. */
export const invoicesZip = (invoices: readonly StoredInvoice[]): ReadableStream<Uint8Array> => {
  const zip = new ZipArchive();
  void (async () => {
    try {
      for (const invoice of invoices) zip.append(await renderInvoicePdf(invoice.document), { name: invoiceFileName(invoice) });
      await zip.finalize();
    } catch (error) {
      zip.destroy(error instanceof Error ? error : new Error(String(error)));
    }
  })();
  return Readable.toWeb(zip) as unknown as ReadableStream<Uint8Array>;
};
