import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { InvoiceReads } from '../../../application/invoices/invoice-reads.js';
import type { StoredInvoice } from '../../../application/ports/invoice-store.js';
import { renderInvoicePdf } from '../../invoices/invoice-pdf.js';
import { invoiceFileName, invoicesZip } from '../../invoices/invoice-zip.js';
import type { AppEnv } from '../app-env.js';
import { ApiError } from '../api-error.js';
import { sendData } from '../envelope.js';
import { validationHook } from '../validation.js';
import { requireId } from './path-id.js';

const tags = ['Invoices'];
const Party = z.object({ name: z.string(), address: z.array(z.string()), vatId: z.string().nullable() });
const InvoiceSchema = z
  .object({
    id: z.string(),
    affiliateId: z.string(),
    kind: z.enum(['invoice', 'credit_note']),
    number: z.string().openapi({ description: 'Gapless per merchant, mode and kind: `SB-000001` invoices, `SBC-000001` credit notes, `TEST-` before test-mode ones' }),
    issueDate: z.string(),
    currency: z.string(),
    merchant: Party,
    affiliate: Party,
    lines: z.array(z.object({ kind: z.enum(['commission', 'award']), reference: z.string(), orderId: z.string().nullable(), description: z.string(), amount: z.string() })),
    net: z.string(),
    vat: z.object({ rule: z.enum(['none', 'reverse_charge', 'charge']), rate: z.string().nullable(), amount: z.string() }),
    total: z.string(),
    setOff: z.string().openapi({ description: 'Earlier clawbacks set off against the payment (not part of the supply)' }),
    payable: z.string().openapi({ description: 'What was paid (an invoice) or credited back (a credit note, negative)' }),
    correcting: z.object({ id: z.string(), number: z.string(), issueDate: z.string() }).nullable(),
    notes: z.array(z.string()),
    createdAt: z.string(),
  })
  .openapi('Invoice', { 'x-extension': true });
const ListQuery = z.object({
  from: z.string().optional().openapi({ description: 'First issue day (YYYY-MM-DD, inclusive)' }),
  to: z.string().optional().openapi({ description: 'Last issue day (YYYY-MM-DD, inclusive)' }),
  affiliateId: z.string().optional(),
  limit: z.coerce.number().int().min(1).max(500).optional(),
});
const ExportQuery = z.object({
  from: z.string().openapi({ description: 'First issue day (YYYY-MM-DD, inclusive)', example: '2026-01-01' }),
  to: z.string().openapi({ description: 'Last issue day (YYYY-MM-DD, inclusive)', example: '2026-12-31' }),
});
const IdParam = z.object({ id: z.string().openapi({ param: { name: 'id', in: 'path' } }) });
const pdfContent = { 'application/pdf': { schema: z.string().openapi({ format: 'binary' }) } };

export const invoiceJson = (i: StoredInvoice) => {
  const d = i.document;
  return {
    id: i.id,
    affiliateId: i.affiliateId,
    kind: d.kind,
    number: d.number,
    issueDate: d.issueDate,
    currency: d.currency,
    merchant: { ...d.merchant, address: [...d.merchant.address] },
    affiliate: { ...d.affiliate, address: [...d.affiliate.address] },
    lines: d.lines.map((l) => ({ ...l })),
    net: d.net,
    vat: d.vat,
    total: d.total,
    setOff: d.setOff,
    payable: d.payable,
    correcting: d.correcting && i.correctsId ? { id: i.correctsId, ...d.correcting } : null,
    notes: [...d.notes],
    createdAt: i.createdAt.toISOString(),
  };
};

/** A PDF response, rendered from the stored document. */
export const pdfResponse = async (invoice: StoredInvoice): Promise<Response> =>
  new Response(new Uint8Array(await renderInvoicePdf(invoice.document)), {
    status: 200,
    headers: { 'content-type': 'application/pdf', 'content-disposition': `attachment; filename="${invoiceFileName(invoice)}"`, 'cache-control': 'private, no-store' },
  });

/** `/invoices` (extension): the self-billing invoices and credit notes issued for the key mode's payouts. */
export const invoiceRoutes = (reads: InvoiceReads) =>
  new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
    .openapi(
      createRoute({
        method: 'get',
        path: '/invoices',
        tags,
        summary: 'Self-billing invoices and credit notes, newest first',
        description:
          'One invoice per completed payout (a payment confirmed by its provider, or marked paid), one credit note per clawback of an invoiced commission. Filter by issue day (`from`, `to`) and affiliate. Documents never change once issued (docs/tax.md).',
        request: { query: ListQuery },
        responses: { 200: { description: 'The documents', content: { 'application/json': { schema: z.object({ data: z.array(InvoiceSchema) }) } } } },
      }),
      async (c) => {
        const result = await reads.list(c.get('tenant'), c.req.valid('query'));
        if (result.isErr()) throw ApiError.from(result.error);
        return sendData(c, result.value.map(invoiceJson));
      },
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/invoices/export',
        tags,
        summary: 'The PDFs of every document issued in a period, in one zip',
        description: 'Every invoice and credit note whose issue day is between `from` and `to` (inclusive, at most 500 per request), one PDF each named by its number.',
        request: { query: ExportQuery },
        responses: { 200: { description: 'The zip', content: { 'application/zip': { schema: z.string().openapi({ format: 'binary' }) } } } },
      }),
      async (c) => {
        const { from, to } = c.req.valid('query');
        const tenant = c.get('tenant');
        const result = await reads.list(tenant, { from, to });
        if (result.isErr()) throw ApiError.from(result.error);
        return c.body(invoicesZip(result.value), 200, {
          'content-type': 'application/zip',
          'content-disposition': `attachment; filename="invoices-${tenant.mode}-${from}-${to}.zip"`,
        });
      },
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/invoices/{id}',
        tags,
        summary: 'One invoice or credit note, as data',
        description: 'The document as it was issued (it never changes): parties, lines with their order ids, VAT, totals and notes. Another merchant\'s or mode\'s id answers 404.',
        request: { params: IdParam },
        responses: { 200: { description: 'The document', content: { 'application/json': { schema: z.object({ data: InvoiceSchema }) } } } },
      }),
      async (c) => {
        const result = await reads.get(c.get('tenant'), requireId(c.req.valid('param').id, 'Invoice'));
        if (result.isErr()) throw ApiError.from(result.error);
        return sendData(c, invoiceJson(result.value));
      },
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/invoices/{id}/pdf',
        tags,
        summary: 'One invoice or credit note as a PDF',
        description: 'Rendered from the stored document, the same every time.',
        request: { params: IdParam },
        responses: { 200: { description: 'The PDF', content: pdfContent } },
      }),
      async (c) => {
        const result = await reads.get(c.get('tenant'), requireId(c.req.valid('param').id, 'Invoice'));
        if (result.isErr()) throw ApiError.from(result.error);
        return pdfResponse(result.value);
      },
    );
