import type { DependencyContainer } from 'tsyringe';
import type { PayoutSinks } from '../../application/payouts/payout-effects.js';
import { OperatorPayoutActions } from '../../application/payouts/operator-payout-actions.js';
import { DEFAULT_PAYOUT_JOB_SETTINGS, ProcessPayouts } from '../../application/payouts/process-payouts.js';
import type { JobRegistry } from '../../application/ports/jobs.js';
import type { UnitOfWork } from '../../application/ports/unit-of-work.js';
import type { PayoutRouteDependencies } from '../../adapters/http/routes/payouts.routes.js';
import type { PayoutAdminUseCases } from '../../adapters/http/admin/payouts.routes.js';
import { DEFAULT_SANDBOX_SETTINGS, SandboxPayoutLedger, sandboxPayoutProviders } from '../../adapters/payouts/sandbox-payout-providers.js';
import { SqlConversionRepository } from '../../adapters/persistence/repositories/sql-conversion-repository.js';
import { SqlPayoutQueries } from '../../adapters/persistence/repositories/sql-payout-queries.js';
import { SqlPayoutRepository } from '../../adapters/persistence/repositories/sql-payout-repository.js';
import { SqlPayoutCredentialStore } from '../../adapters/persistence/repositories/sql-payout-credential-store.js';
import { SqlPayoutPaymentRepository } from '../../adapters/persistence/repositories/sql-payout-payment-repository.js';
import { SqlPayoutSettingsRepository } from '../../adapters/persistence/repositories/sql-payout-settings-repository.js';
import { ConfiguredPayoutProviders, DEFAULT_API_BASES, realProviderFactory } from '../../adapters/payouts/configured-payout-providers.js';
import { StripeConnectOnboarding } from '../../adapters/payouts/stripe-connect-onboarding.js';
import { stripeEndpointOf } from '../../adapters/payouts/stripe-connect-provider.js';
import { SqlConnectedAccountRepository } from '../../adapters/persistence/repositories/sql-connected-account-repository.js';
import { ConnectOnboarding } from '../../application/payouts/connect-onboarding.js';
import { ManualPayouts } from '../../application/payouts/manual-payouts.js';
import { PayoutMail } from '../../application/payouts/payout-mail.js';
import { PayoutDetailsReminders } from '../../application/payouts/payout-details-reminders.js';
import { SqlPayoutDetailsReminderStore } from '../../adapters/persistence/repositories/sql-payout-details-reminder-store.js';
import { AesGcmSecretBox, parseSecretKey } from '../../adapters/secrets/aes-gcm-secret-box.js';
import { PayoutConfiguration } from '../../application/payouts/payout-configuration.js';
import type { PaymentPorts } from '../../application/payouts/payment-attempts.js';
import { resolveSecretKey } from '../secret-key.js';
import type { ServiceConfig } from '../config.js';
import { TOKENS as T } from '../tokens.js';
import { CONVERSION_TOKENS } from './conversions.module.js';
import { single } from './single.js';

export const PAYOUT_TOKENS = {
  PayoutRepository: Symbol('PayoutRepository'),
  PayoutQueries: Symbol('PayoutQueries'),
  SandboxPayoutLedger: Symbol('SandboxPayoutLedger'),
  PayoutProviders: Symbol('PayoutProviders'),
  PayoutSinks: Symbol('PayoutSinks'),
  ProcessPayouts: Symbol('ProcessPayouts'),
  OperatorPayoutActions: Symbol('OperatorPayoutActions'),
  SecretBox: Symbol('SecretBox'),
  PayoutCredentialStore: Symbol('PayoutCredentialStore'),
  PayoutSettingsRepository: Symbol('PayoutSettingsRepository'),
  PayoutConfiguration: Symbol('PayoutConfiguration'),
  ConnectOnboarding: Symbol('ConnectOnboarding'),
  PayoutMail: Symbol('PayoutMail'),
} as const;
const P = PAYOUT_TOKENS;

/**
 * Payouts: the queue repository and read side, the merchants' sealed provider credentials and payout
 * settings, the providers of the three methods (real with credentials, sandboxes in test mode), the
 * payout job, connected-account onboarding and the manual actions. The conversion side's
 * `PayoutQueue` is wired in conversions.module.ts; clawbacks come from its `CommissionAdjustments`.
 */
export const registerPayouts = (c: DependencyContainer): void => {
  c.register(P.PayoutRepository, single((r) => new SqlPayoutRepository(r.resolve(T.Orm))));
  c.register(P.PayoutQueries, single((r) => new SqlPayoutQueries(r.resolve(T.Orm))));
  c.register(
    P.PayoutMail,
    single((r) => new PayoutMail(r.resolve(T.MerchantRepository), r.resolve(T.AffiliateRepository), r.resolve(T.TrackingLinks), r.resolve(T.Mailer))),
  );
  c.register(
    P.SandboxPayoutLedger,
    single(
      (r) =>
        new SandboxPayoutLedger(r.resolve(T.Orm), r.resolve(T.Clock), {
          ...DEFAULT_SANDBOX_SETTINGS,
          latencyMs: r.resolve<ServiceConfig>(T.Config).payoutSandboxLatencyMs,
        }),
    ),
  );
  c.register(
    P.SecretBox,
    single((r) => {
      const config = r.resolve<ServiceConfig>(T.Config);
      const current = parseSecretKey(config.secretKey ?? resolveSecretKey(null, config.dataDir).key);
      return new AesGcmSecretBox(current, config.previousSecretKeys.map((k) => parseSecretKey(k, 'SECRET_KEY_PREVIOUS')));
    }),
  );
  c.register(P.PayoutCredentialStore, single((r) => new SqlPayoutCredentialStore(r.resolve(T.Orm), r.resolve(P.SecretBox))));
  c.register(P.PayoutSettingsRepository, single((r) => new SqlPayoutSettingsRepository(r.resolve(T.Orm))));
  c.register(
    P.PayoutConfiguration,
    single((r) => new PayoutConfiguration(r.resolve(T.UnitOfWork), r.resolve(P.PayoutCredentialStore), r.resolve(P.PayoutSettingsRepository), r.resolve(T.Clock))),
  );
  c.register(
    P.ConnectOnboarding,
    single((r) => {
      const config = r.resolve<ServiceConfig>(T.Config);
      return new ConnectOnboarding(
        r.resolve(T.UnitOfWork),
        r.resolve(T.AffiliateRepository),
        new SqlConnectedAccountRepository(r.resolve(T.Orm)),
        new StripeConnectOnboarding(r.resolve(P.PayoutCredentialStore), stripeEndpointOf(config.payoutApiBases.stripe ?? DEFAULT_API_BASES.stripe.live)),
        r.resolve(T.SavePayoutDetails),
        r.resolve(T.Clock),
      );
    }),
  );
  c.register(
    P.PayoutProviders,
    single((r) => {
      const config = r.resolve<ServiceConfig>(T.Config);
      return new ConfiguredPayoutProviders(
        r.resolve(P.PayoutCredentialStore),
        sandboxPayoutProviders(r.resolve(P.SandboxPayoutLedger)),
        realProviderFactory(config.payoutApiBases),
        config.payoutLiveSandbox,
      );
    }),
  );
  c.register(
    P.PayoutSinks,
    single((r): PayoutSinks => ({
      payouts: r.resolve(P.PayoutRepository),
      conversions: new SqlConversionRepository(r.resolve(T.Orm), r.resolve(T.Ids)),
      outbox: r.resolve(T.EventOutbox),
    })),
  );
  c.register(
    P.ProcessPayouts,
    single(
      (r) =>
        new ProcessPayouts(
          r.resolve(T.UnitOfWork),
          {
            sinks: r.resolve(P.PayoutSinks),
            payments: new SqlPayoutPaymentRepository(r.resolve(T.Orm)),
            providers: r.resolve(P.PayoutProviders),
            settings: r.resolve(P.PayoutSettingsRepository),
            // Clawbacks recorded by refunds of paid sales.
            adjustments: r.resolve(CONVERSION_TOKENS.CommissionAdjustments),
            mail: r.resolve(P.PayoutMail),
            notices: r.resolve(T.Notices),
            ids: r.resolve(T.Ids),
            logger: r.resolve(T.Logger),
          } satisfies PaymentPorts,
          { ...DEFAULT_PAYOUT_JOB_SETTINGS, batchSize: r.resolve<ServiceConfig>(T.Config).payoutBatchSize },
        ),
    ),
  );
  c.register(
    P.OperatorPayoutActions,
    single((r) => new OperatorPayoutActions(r.resolve(T.UnitOfWork), r.resolve(P.PayoutSinks), r.resolve(T.AffiliateRepository), r.resolve(T.Clock), r.resolve(P.PayoutMail))),
  );
  c.resolve<JobRegistry>(T.JobRegistry).register(c.resolve(P.ProcessPayouts));
  // On the payout job's ticks: affiliates whose rows wait for payout details hear about it weekly.
  c.resolve<JobRegistry>(T.JobRegistry).register(
    new PayoutDetailsReminders(c.resolve(T.UnitOfWork), new SqlPayoutDetailsReminderStore(c.resolve(T.Orm)), c.resolve(P.PayoutMail)),
  );
};

export const payoutRouteDependencies = (c: DependencyContainer): PayoutRouteDependencies => ({
  payoutQueries: c.resolve(P.PayoutQueries),
  configuration: c.resolve(P.PayoutConfiguration),
  manual: new ManualPayouts(
    c.resolve(T.UnitOfWork),
    c.resolve(P.PayoutQueries),
    c.resolve(P.PayoutSinks),
    new SqlPayoutPaymentRepository(c.resolve(T.Orm)),
    c.resolve(CONVERSION_TOKENS.CommissionAdjustments),
    c.resolve(T.Ids),
    c.resolve(T.Clock),
    c.resolve(P.PayoutMail),
  ),
});

/** Rotation: credentials sealed with a previous key are resealed with the current one. Returns how many. */
export const resealPayoutCredentials = (c: DependencyContainer): Promise<number> =>
  c.resolve<UnitOfWork>(T.UnitOfWork).transaction(() => c.resolve<SqlPayoutCredentialStore>(P.PayoutCredentialStore).resealAll());

export const payoutAdminDependencies = (c: DependencyContainer): PayoutAdminUseCases => ({
  actions: c.resolve(P.OperatorPayoutActions),
  connectOnboarding: c.resolve(P.ConnectOnboarding),
});
