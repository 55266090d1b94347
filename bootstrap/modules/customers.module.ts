import type { Container } from '../token.js';
import { LinkCustomer } from '../../application/customers/link-customer.js';
import { TrackingScript } from '../../application/tracking-script/tracking-script.js';
import type { CustomerRouteDependencies } from '../../adapters/http/routes/customers.routes.js';
import type { TrackingScriptDependencies } from '../../adapters/http/routes/tracking-script.routes.js';
import { SqlCustomerLeads } from '../../adapters/persistence/repositories/sales/sql-customer-leads.js';
import { TOKENS as T } from '../tokens.js';
import { single } from './single.js';

/** Leads (customers linked to affiliates) and the tracking script's public reports. */
export const registerCustomers = (c: Container): void => {
  c.register(T.CustomerLeads, single((r) => new SqlCustomerLeads(r.resolve(T.Orm))));
  c.register(
    T.LinkCustomer,
    single(
      (r) =>
        new LinkCustomer(r.resolve(T.UnitOfWork), r.resolve(T.CustomerLeads), r.resolve(T.ProviderCustomers), r.resolve(T.SaleContexts), r.resolve(T.Ids), r.resolve(T.Clock), r.resolve(T.ClickLookup)),
    ),
  );
  c.register(
    T.TrackingScript,
    single(
      (r) =>
        new TrackingScript(r.resolve(T.ClickLookup), r.resolve(T.RecordClick), r.resolve(T.LinkCustomer), r.resolve(T.CreateConversion), r.resolve(T.Clock), {
          settings: r.resolve(T.RiskSettingsRepository),
          facts: r.resolve(T.RiskFacts),
        }),
    ),
  );
};

export const customersHttp = (c: Container): { customers: CustomerRouteDependencies; trackingScript: TrackingScriptDependencies } => ({
  customers: { linkCustomer: c.resolve(T.LinkCustomer), leads: c.resolve(T.CustomerLeads) },
  trackingScript: {
    script: c.resolve(T.TrackingScript),
    limiter: c.resolve(T.RateLimiter),
    fingerprint: c.resolve(T.VisitorFingerprint),
    clock: c.resolve(T.Clock),
    limits: c.resolve(T.Config).publicLimits,
  },
});
