import type { InvoiceDocument, InvoiceParty } from '../../domain/index.js';

const money = (amount: string, currency: string) => `${amount} ${currency.toUpperCase()}`;

const party = (doc: PDFKit.PDFDocument, title: string, p: InvoiceParty, x: number, y: number): void => {
  doc.font('Helvetica-Bold').fontSize(9).text(title, x, y, { width: 240 });
  doc.font('Helvetica').fontSize(10).text(p.name, { width: 240 });
  for (const line of p.address) doc.text(line, { width: 240 });
  if (p.vatId) doc.text(`VAT id: ${p.vatId}`, { width: 240 });
};

/**
 * Renders an issued invoice or credit note as an A4 PDF from its stored JSON, with the built-in
 * Helvetica (no font files) and the issue date as the document's dates, so the same document always
 * renders the same pages.
 */
export const renderInvoicePdf = async (invoice: InvoiceDocument): Promise<Buffer> => {
  // Loaded on the first invoice, not at start-up: about 25 MiB a process that issues none never needs.
  const { default: PDFDocument } = await import('pdfkit');
  return new Promise((resolve, reject) => {
    const issued = new Date(`${invoice.issueDate}T00:00:00Z`);
    const doc = new PDFDocument({
      size: 'A4',
      margin: 50,
      info: { Title: `${invoice.kind === 'invoice' ? 'Invoice' : 'Credit note'} ${invoice.number}`, CreationDate: issued, ModDate: issued, Producer: 'affiliate service', Creator: 'affiliate service' },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);

    const title = invoice.kind === 'invoice' ? 'Self-billing invoice' : 'Self-billing credit note';
    doc.font('Helvetica-Bold').fontSize(18).text(title, 50, 50);
    doc.font('Helvetica').fontSize(10).text(`Number: ${invoice.number}`).text(`Issue date: ${invoice.issueDate}`);
    if (invoice.correcting) doc.text(`Corrects invoice ${invoice.correcting.number} of ${invoice.correcting.issueDate}`);
    const top = 140;
    party(doc, 'Supplier (affiliate)', invoice.affiliate, 50, top);
    party(doc, 'Customer and issuer (merchant)', invoice.merchant, 310, top);

    let y = 260;
    doc.font('Helvetica-Bold').fontSize(9).text('Description', 50, y).text('Reference', 270, y).text('Amount', 450, y, { width: 95, align: 'right' });
    y += 16;
    doc.font('Helvetica').fontSize(9);
    for (const line of invoice.lines) {
      if (y > 740) {
        doc.addPage();
        y = 50;
      }
      doc.text(line.description, 50, y, { width: 215 }).text(line.reference, 270, y, { width: 175 }).text(money(line.amount, invoice.currency), 450, y, { width: 95, align: 'right' });
      y += 24;
    }
    const totals: [string, string][] = [
      ['Net', invoice.net],
      [invoice.vat.rule === 'charge' ? `VAT ${invoice.vat.rate}%` : invoice.vat.rule === 'reverse_charge' ? 'VAT (reverse charge)' : 'VAT', invoice.vat.amount],
      ['Total', invoice.total],
    ];
    if (invoice.kind === 'invoice' && !/^0(\.0+)?$/.test(invoice.setOff)) totals.push(['Set off (earlier clawbacks)', `-${invoice.setOff}`]);
    totals.push([invoice.kind === 'invoice' ? 'Paid' : 'Credited', invoice.payable]);
    y += 8;
    for (const [label, amount] of totals) {
      doc.font(label === 'Total' ? 'Helvetica-Bold' : 'Helvetica').text(label, 270, y).text(money(amount, invoice.currency), 450, y, { width: 95, align: 'right' });
      y += 16;
    }
    y += 16;
    doc.font('Helvetica').fontSize(9);
    for (const note of invoice.notes) {
      doc.text(note, 50, y, { width: 495 });
      y = doc.y + 6;
    }
    doc.end();
  });
};
