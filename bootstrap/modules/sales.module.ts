import type { DependencyContainer } from 'tsyringe';
import { PAYOUT_TOKENS } from './payouts.module.js';
import { ManageIntegrations } from '../../application/integrations/manage-integrations.js';
import { ApplyPaymentChange } from '../../application/sales/apply-payment-change.js';
import { IngestNotification, type ProviderReaders } from '../../application/sales/ingest-notification.js';
import { RecordProviderSale } from '../../application/sales/record-provider-sale.js';
import type { IntegrationRouteDependencies } from '../../adapters/http/routes/integrations.routes.js';
import { StripeCardNotifications } from '../../adapters/providers/card/stripe-card-notifications.js';
import { SqlIntegrationEvents } from '../../adapters/persistence/repositories/sales/sql-integration-events.js';
import { SqlIntegrationRepository } from '../../adapters/persistence/repositories/sales/sql-integration-repository.js';
import { SqlProviderCustomers, SqlProviderPayments } from '../../adapters/persistence/repositories/sales/sql-provider-customers.js';
import type { ServiceConfig } from '../config.js';
import { TOKENS as T } from '../tokens.js';
import { CONVERSION_TOKENS as C } from './conversions.module.js';
import { COUPON_TOKENS } from './coupons.module.js';
import { CUSTOMER_TOKENS } from './customers.module.js';
import { single } from './single.js';

export const SALES_TOKENS = {
  IntegrationRepository: Symbol('IntegrationRepository'),
  IntegrationEvents: Symbol('IntegrationEvents'),
  ProviderCustomers: Symbol('ProviderCustomers'),
  ProviderPayments: Symbol('ProviderPayments'),
  ProviderReaders: Symbol('ProviderReaders'),
  RecordProviderSale: Symbol('RecordProviderSale'),
  ApplyPaymentChange: Symbol('ApplyPaymentChange'),
  IngestNotification: Symbol('IngestNotification'),
  ManageIntegrations: Symbol('ManageIntegrations'),
} as const;
const S = SALES_TOKENS;

/**
 * Sales from payment providers: one reader per provider token (add the next provider here), the
 * integrations, the events log, customers and payment ids, and the pipeline.
 */
export const registerSales = (c: DependencyContainer): void => {
  c.register(S.ProviderReaders, single((): ProviderReaders => new Map([['card', new StripeCardNotifications()]])));
  c.register(S.IntegrationRepository, single((r) => new SqlIntegrationRepository(r.resolve(T.Orm))));
  c.register(S.IntegrationEvents, single((r) => new SqlIntegrationEvents(r.resolve(T.Orm))));
  c.register(S.ProviderCustomers, single((r) => new SqlProviderCustomers(r.resolve(T.Orm))));
  c.register(S.ProviderPayments, single((r) => new SqlProviderPayments(r.resolve(T.Orm))));
  c.register(
    S.RecordProviderSale,
    single(
      (r) =>
        new RecordProviderSale(
          r.resolve(C.CreateConversion),
          r.resolve(S.ProviderCustomers),
          r.resolve(S.ProviderPayments),
          r.resolve(COUPON_TOKENS.CouponRepository),
          r.resolve(T.CampaignRepository),
          r.resolve(C.ConversionRepository),
        ),
    ),
  );
  c.register(
    S.ApplyPaymentChange,
    single(
      (r) =>
        new ApplyPaymentChange(
          r.resolve(S.ProviderPayments),
          r.resolve(C.ChangeSinks),
          r.resolve(T.MerchantRepository),
          r.resolve(C.RefundConversion),
          r.resolve(C.CommissionAdjustments),
          r.resolve(T.Clock),
        ),
    ),
  );
  c.register(
    S.IngestNotification,
    single(
      (r) =>
        new IngestNotification(
          r.resolve(T.UnitOfWork),
          r.resolve(S.IntegrationRepository),
          r.resolve(S.ProviderReaders),
          r.resolve(S.IntegrationEvents),
          r.resolve(S.ProviderCustomers),
          r.resolve(S.ProviderPayments),
          r.resolve(S.RecordProviderSale),
          r.resolve(S.ApplyPaymentChange),
          r.resolve(T.Ids),
          r.resolve(T.Clock),
          r.resolve(T.RateLimiter),
          r.resolve<ServiceConfig>(T.Config).ingestNotificationsPerMinute,
          r.resolve(PAYOUT_TOKENS.ConnectOnboarding),
          r.resolve(CUSTOMER_TOKENS.LinkCustomer),
        ),
    ),
  );
  c.register(
    S.ManageIntegrations,
    single(
      (r) =>
        new ManageIntegrations(
          r.resolve(T.UnitOfWork),
          r.resolve(S.IntegrationRepository),
          r.resolve(S.IntegrationEvents),
          () => [...r.resolve<ProviderReaders>(S.ProviderReaders).keys()],
          r.resolve(T.Ids),
          r.resolve(T.Clock),
        ),
    ),
  );
};

export const integrationRouteDependencies = (c: DependencyContainer): IntegrationRouteDependencies => ({
  manageIntegrations: c.resolve(S.ManageIntegrations),
  publicBaseUrl: c.resolve<ServiceConfig>(T.Config).publicBaseUrl,
});

export const ingestDependencies = (c: DependencyContainer): IngestNotification => c.resolve(S.IngestNotification);
