import type { StoredInvoice } from '../../application/ports/invoice-store.js';
import { zipStream } from '../zip/zip-stream.js';
import { renderInvoicePdf } from './invoice-pdf.js';

/** The file name of a document: its number, which is unique per merchant and mode. */
export const invoiceFileName = (invoice: StoredInvoice): string => `${invoice.document.number}.pdf`;

/** A zip of the documents' PDFs, rendered one at a time while the zip streams; none more once the reader has gone. */
export const invoicesZip = (invoices: readonly StoredInvoice[]): ReadableStream<Uint8Array> =>
  zipStream({}, async (zip, gone) => {
    for (const invoice of invoices) {
      if (gone.aborted) return;
      zip.append(await renderInvoicePdf(invoice.document), { name: invoiceFileName(invoice) });
    }
  });
