import { Hono } from 'hono';
import type { InvoiceReads } from '../../application/invoices/invoice-reads.js';
import { affiliateMode } from '../../domain/index.js';
import { pdfResponse } from '../http/routes/invoices.routes.js';
import type { PortalEnv, PortalRequest } from './portal-env.js';
import { frameOf } from './portal-frame.js';
import { invoicesPage } from './invoice-pages.js';

export interface PortalInvoiceUseCases {
  readonly invoiceReads: Pick<InvoiceReads, 'own'>;
}

const tenantOf = (c: PortalRequest) => {
  const me = c.get('affiliate')!;
  return { merchantId: me.viewer.merchantId, mode: affiliateMode(me.affiliate) };
};

/** `/invoices`: the affiliate's own invoices and credit notes; another affiliate's is not found. */
export const portalInvoiceRoutes = (uc: PortalInvoiceUseCases) =>
  new Hono<PortalEnv>()
    .get('/invoices', async (c) => c.html(invoicesPage(frameOf(c, 'Invoices'), await uc.invoiceReads.own(tenantOf(c), c.get('affiliate')!.affiliate.id))))
    .get('/invoices/:id/pdf', async (c) => {
      const [invoice] = await uc.invoiceReads.own(tenantOf(c), c.get('affiliate')!.affiliate.id, c.req.param('id'));
      if (!invoice) return c.notFound();
      return pdfResponse(invoice);
    });
