import type { DependencyContainer } from 'tsyringe';
import { LinkCustomer } from '../../application/customers/link-customer.js';
import { TrackingScript } from '../../application/tracking-script/tracking-script.js';
import type { CustomerRouteDependencies } from '../../adapters/http/routes/customers.routes.js';
import type { TrackingScriptDependencies } from '../../adapters/http/routes/tracking-script.routes.js';
import { SqlCustomerLeads } from '../../adapters/persistence/repositories/sales/sql-customer-leads.js';
import { TOKENS as T } from '../tokens.js';
import { CONVERSION_TOKENS as C } from './conversions.module.js';
import { SALES_TOKENS as S } from './sales.module.js';
import { single } from './single.js';

export const CUSTOMER_TOKENS = {
  CustomerLeads: Symbol('CustomerLeads'),
  LinkCustomer: Symbol('LinkCustomer'),
  TrackingScript: Symbol('TrackingScript'),
} as const;
const L = CUSTOMER_TOKENS;

/** Leads (customers linked to affiliates) and the tracking script's public reports. */
export const registerCustomers = (c: DependencyContainer): void => {
  c.register(L.CustomerLeads, single((r) => new SqlCustomerLeads(r.resolve(T.Orm))));
  c.register(
    L.LinkCustomer,
    single(
      (r) =>
        new LinkCustomer(r.resolve(T.UnitOfWork), r.resolve(L.CustomerLeads), r.resolve(S.ProviderCustomers), r.resolve(C.SaleContexts), r.resolve(T.Ids), r.resolve(T.Clock)),
    ),
  );
  c.register(
    L.TrackingScript,
    single(
      (r) =>
        new TrackingScript(r.resolve(S.ProviderCustomers), r.resolve(T.RecordClick), r.resolve(L.LinkCustomer), r.resolve(C.CreateConversion), r.resolve(T.Clock)),
    ),
  );
};

export const customersHttp = (c: DependencyContainer): { customers: CustomerRouteDependencies; trackingScript: TrackingScriptDependencies } => ({
  customers: { linkCustomer: c.resolve(L.LinkCustomer), leads: c.resolve(L.CustomerLeads) },
  trackingScript: {
    script: c.resolve(L.TrackingScript),
    limiter: c.resolve(T.RateLimiter),
    fingerprint: c.resolve(T.VisitorFingerprint),
    clock: c.resolve(T.Clock),
  },
});
