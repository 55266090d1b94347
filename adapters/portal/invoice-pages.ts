import { html } from 'hono/html';
import type { StoredInvoice } from '../../application/ports/invoice-store.js';
import { money, page, type Frame } from './portal-html.js';

const KIND: Record<StoredInvoice['document']['kind'], string> = { invoice: 'Invoice', credit_note: 'Credit note' };

/** The affiliate's self-billing invoices and credit notes, each with its PDF. */
export const invoicesPage = (frame: Frame, invoices: readonly StoredInvoice[]) =>
  page(
    { ...frame, title: 'Invoices', section: 'invoices' },
    html`<h1>Invoices</h1>
    <p>The program issues a self-billing invoice on your behalf for every payout, and a credit note when a refund takes a paid commission back.</p>
    ${invoices.length === 0
      ? html`<p>No invoices yet. One appears here when a payout is completed.</p>`
      : html`<div class="table-wrap" role="region" tabindex="0" aria-labelledby="invoices-caption"><table><caption id="invoices-caption">Invoices and credit notes, newest first</caption>
        <thead><tr><th scope="col">Number</th><th scope="col">Kind</th><th scope="col">Issued</th><th scope="col">Amount</th><th scope="col">PDF</th></tr></thead>
        <tbody>${invoices.map(
          (i) => html`<tr><td>${i.document.number}</td><td>${KIND[i.document.kind]}</td><td>${i.document.issueDate}</td><td>${money(i.document.total, i.document.currency)}</td>
            <td><a href="${frame.base}/invoices/${i.id}/pdf" download>Download ${i.document.number} (PDF)</a></td></tr>`,
        )}</tbody></table></div>`}`,
  );
