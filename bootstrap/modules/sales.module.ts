import type { DependencyContainer } from 'tsyringe';
import { PAYOUT_TOKENS } from './payouts.module.js';
import { ManageIntegrations } from '../../application/integrations/manage-integrations.js';
import { ApplyPaymentChange } from '../../application/sales/apply-payment-change.js';
import { IngestNotification, type ProviderReaders } from '../../application/sales/ingest-notification.js';
import { RecordProviderSale } from '../../application/sales/record-provider-sale.js';
import type { IntegrationRouteDependencies } from '../../adapters/http/routes/integrations.routes.js';
import { StripeCardNotifications } from '../../adapters/providers/card/stripe-card-notifications.js';
import { LemonSqueezyNotifications } from '../../adapters/providers/lemon-squeezy/lemon-squeezy-notifications.js';
import { PaddleNotifications } from '../../adapters/providers/paddle/paddle-notifications.js';
import { PolarNotifications } from '../../adapters/providers/polar/polar-notifications.js';
import { AppStoreNotifications } from '../../adapters/providers/app-store/app-store-notifications.js';
import { readRootCertificates } from '../../adapters/providers/app-store/app-store-root-certificates.js';
import { SqlIntegrationEvents } from '../../adapters/persistence/repositories/sales/sql-integration-events.js';
import { SqlIntegrationRepository } from '../../adapters/persistence/repositories/sales/sql-integration-repository.js';
import { SqlSignatureRejections } from '../../adapters/persistence/repositories/sales/sql-signature-rejections.js';
import { SqlProviderCustomers, SqlProviderPayments } from '../../adapters/persistence/repositories/sales/sql-provider-customers.js';
import type { ProviderNotificationReader } from '../../application/ports/provider-notifications.js';
import type { CouponProvider } from '../../domain/index.js';
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
  const appStore = (config: ServiceConfig) => new AppStoreNotifications(readRootCertificates(config.appStoreRootCertPaths), config.appStoreOnlineChecks);
  c.register(
    S.ProviderReaders,
    single(
      (r): ProviderReaders =>
        new Map<CouponProvider, ProviderNotificationReader>([
          ['card', new StripeCardNotifications()],
          ['mor_a', new PaddleNotifications()],
          ['mor_b', new LemonSqueezyNotifications()],
          ['mor_c', new PolarNotifications()],
          ['app_store', appStore(r.resolve<ServiceConfig>(T.Config))],
        ]),
    ),
  );
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
          r.resolve(T.Notices),
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
          new SqlSignatureRejections(r.resolve(T.Orm)),
          r.resolve(T.Notices),
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
          () => unavailableProviders(r.resolve<ProviderReaders>(S.ProviderReaders)),
        ),
    ),
  );
};

const unavailableProviders = (readers: ProviderReaders) =>
  Object.fromEntries([...readers].flatMap(([provider, reader]) => {
    const why = reader.unavailableBecause?.() ?? null;
    return why ? [[provider, why]] : [];
  }));

export const integrationRouteDependencies = (c: DependencyContainer): IntegrationRouteDependencies => ({
  manageIntegrations: c.resolve(S.ManageIntegrations),
  publicBaseUrl: c.resolve<ServiceConfig>(T.Config).publicBaseUrl,
});

export const ingestDependencies = (c: DependencyContainer): IngestNotification => c.resolve(S.IngestNotification);
