import type { Container } from '../token.js';
import { ManageIntegrations } from '../../application/integrations/manage-integrations.js';
import { ApplyPaymentChange } from '../../application/sales/apply-payment-change.js';
import { IngestNotification, type ProviderReaders } from '../../application/sales/ingest-notification.js';
import { RecordProviderSale } from '../../application/sales/record-provider-sale.js';
import { ReplayProviderSale } from '../../application/sales/replay-provider-sale.js';
import type { IntegrationRouteDependencies } from '../../adapters/http/routes/integrations.routes.js';
import { StripeCardNotifications } from '../../adapters/providers/card/stripe-card-notifications.js';
import { LemonSqueezyNotifications } from '../../adapters/providers/lemon-squeezy/lemon-squeezy-notifications.js';
import { PaddleNotifications } from '../../adapters/providers/paddle/paddle-notifications.js';
import { PolarNotifications } from '../../adapters/providers/polar/polar-notifications.js';
import { AppStoreNotifications } from '../../adapters/providers/app-store/app-store-notifications.js';
import { readRootCertificates } from '../../adapters/providers/app-store/app-store-root-certificates.js';
import { SqlIntegrationEvents } from '../../adapters/persistence/repositories/sales/sql-integration-events.js';
import { CachedIntegrations } from '../../adapters/cache/cached-integrations.js';
import { SqlIntegrationRepository } from '../../adapters/persistence/repositories/sales/sql-integration-repository.js';
import { SqlSignatureRejections } from '../../adapters/persistence/repositories/sales/sql-signature-rejections.js';
import { SqlProviderCustomers, SqlProviderPayments } from '../../adapters/persistence/repositories/sales/sql-provider-customers.js';
import type { ProviderNotificationReader } from '../../application/ports/provider-notifications.js';
import type { CouponProvider } from '../../domain/index.js';
import type { ServiceConfig } from '../config.js';
import { TOKENS as T } from '../tokens.js';
import { conversionChangeHooks } from './conversions.module.js';
import { single } from './single.js';

/**
 * Sales from payment providers: one reader per provider token (add the next provider here), the
 * integrations, the events log, customers and payment ids, and the pipeline.
 */
export const registerSales = (c: Container): void => {
  const appStore = (config: ServiceConfig) => new AppStoreNotifications(readRootCertificates(config.appStoreRootCertPaths), config.appStoreOnlineChecks);
  c.register(
    T.ProviderReaders,
    single(
      (r): ProviderReaders =>
        new Map<CouponProvider, ProviderNotificationReader>([
          ['card', new StripeCardNotifications()],
          ['mor_a', new PaddleNotifications()],
          ['mor_b', new LemonSqueezyNotifications()],
          ['mor_c', new PolarNotifications()],
          ['app_store', appStore(r.resolve(T.Config))],
        ]),
    ),
  );
  c.register(
    T.IntegrationRepository,
    single(
      (r) =>
        new CachedIntegrations(new SqlIntegrationRepository(r.resolve(T.Orm)), r.resolve(T.ChangeFeed), {
          ttlMs: r.resolve(T.Config).memoryCacheTtlMs,
          maxEntries: 10_000,
        }),
    ),
  );
  c.register(T.IntegrationEvents, single((r) => new SqlIntegrationEvents(r.resolve(T.Orm))));
  c.register(T.ProviderCustomers, single((r) => new SqlProviderCustomers(r.resolve(T.Orm))));
  c.register(T.ProviderPayments, single((r) => new SqlProviderPayments(r.resolve(T.Orm))));
  c.register(
    T.RecordProviderSale,
    single(
      (r) =>
        new RecordProviderSale(
          r.resolve(T.CreateConversion),
          r.resolve(T.ProviderCustomers),
          r.resolve(T.ProviderPayments),
          r.resolve(T.CouponRepository),
          r.resolve(T.CampaignRepository),
          r.resolve(T.ConversionRepository),
          r.resolve(T.ClickLookup),
        ),
    ),
  );
  c.register(
    T.ApplyPaymentChange,
    single(
      (r) =>
        new ApplyPaymentChange(
          r.resolve(T.ProviderPayments),
          r.resolve(T.ConversionChangeSinks),
          r.resolve(T.MerchantRepository),
          r.resolve(T.RefundConversion),
          r.resolve(T.CommissionAdjustments),
          r.resolve(T.Clock),
          r.resolve(T.Notices),
          conversionChangeHooks(r),
        ),
    ),
  );
  c.register(
    T.IngestNotification,
    single(
      (r) =>
        new IngestNotification(
          r.resolve(T.UnitOfWork),
          r.resolve(T.IntegrationRepository),
          r.resolve(T.ProviderReaders),
          r.resolve(T.IntegrationEvents),
          r.resolve(T.ProviderCustomers),
          r.resolve(T.RecordProviderSale),
          r.resolve(T.ApplyPaymentChange),
          r.resolve(T.Ids),
          r.resolve(T.Clock),
          r.resolve(T.RateLimiter),
          r.resolve(T.Config).ingestNotificationsPerMinute,
          r.resolve(T.ConnectOnboarding),
          new SqlSignatureRejections(r.resolve(T.Orm)),
          r.resolve(T.Notices),
          r.resolve(T.LinkCustomer),
          r.resolve(T.ClickLookup),
        ),
    ),
  );
  c.register(
    T.ManageIntegrations,
    single(
      (r) =>
        new ManageIntegrations(
          r.resolve(T.UnitOfWork),
          r.resolve(T.IntegrationRepository),
          r.resolve(T.IntegrationEvents),
          () => [...r.resolve(T.ProviderReaders).keys()],
          r.resolve(T.Ids),
          r.resolve(T.Clock),
          () => unavailableProviders(r.resolve(T.ProviderReaders)),
        ),
    ),
  );
  c.register(
    T.ReplayProviderSale,
    single((r) => new ReplayProviderSale(r.resolve(T.UnitOfWork), r.resolve(T.IntegrationRepository), r.resolve(T.IntegrationEvents), r.resolve(T.RecordProviderSale), r.resolve(T.Clock))),
  );
};

const unavailableProviders = (readers: ProviderReaders) =>
  Object.fromEntries([...readers].flatMap(([provider, reader]) => {
    const why = reader.unavailableBecause?.() ?? null;
    return why ? [[provider, why]] : [];
  }));

export const integrationRouteDependencies = (c: Container): IntegrationRouteDependencies => ({
  manageIntegrations: c.resolve(T.ManageIntegrations),
  replayProviderSale: c.resolve(T.ReplayProviderSale),
  publicBaseUrl: c.resolve(T.Config).publicBaseUrl,
});

export const ingestDependencies = (c: Container): IngestNotification => c.resolve(T.IngestNotification);
