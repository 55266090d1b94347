import type { Container } from '../token.js';
import type { PayoutSinks } from '../../application/payouts/payout-effects.js';
import { OperatorPayoutActions } from '../../application/payouts/operator-payout-actions.js';
import { DEFAULT_PAYOUT_JOB_SETTINGS, ProcessPayouts } from '../../application/payouts/process-payouts.js';
import type { PayoutRouteDependencies } from '../../adapters/http/routes/payouts.routes.js';
import type { PayoutAdminUseCases } from '../../adapters/http/admin/payouts.routes.js';
import { DEFAULT_SANDBOX_SETTINGS, SandboxPayoutLedger, sandboxPayoutProviders } from '../../adapters/payouts/sandbox-payout-providers.js';
import { SqlConversionRepository } from '../../adapters/persistence/repositories/sql-conversion-repository.js';
import { SqlPayoutQueries } from '../../adapters/persistence/repositories/sql-payout-queries.js';
import { SqlPayoutRepository } from '../../adapters/persistence/repositories/sql-payout-repository.js';
import { SqlTeamAwardRepository } from '../../adapters/persistence/repositories/sql-team-award-repository.js';
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
import { TOKENS as T } from '../tokens.js';
import { single } from './single.js';

/**
 * Payouts: the queue repository and read side, the merchants' sealed provider credentials and payout
 * settings, the providers of the three methods (real with credentials, sandboxes in test mode), the
 * payout job, connected-account onboarding and the manual actions. The conversion side's
 * `PayoutQueue` is wired in conversions.module.ts; clawbacks come from its `CommissionAdjustments`.
 */
export const registerPayouts = (c: Container): void => {
  c.register(T.PayoutRepository, single((r) => new SqlPayoutRepository(r.resolve(T.Orm))));
  c.register(T.PayoutQueries, single((r) => new SqlPayoutQueries(r.resolve(T.Orm))));
  c.register(
    T.PayoutMail,
    single((r) => new PayoutMail(r.resolve(T.MerchantRepository), r.resolve(T.AffiliateRepository), r.resolve(T.TrackingLinks), r.resolve(T.Mailer))),
  );
  c.register(
    T.SandboxPayoutLedger,
    single(
      (r) =>
        new SandboxPayoutLedger(r.resolve(T.Orm), r.resolve(T.Clock), {
          ...DEFAULT_SANDBOX_SETTINGS,
          latencyMs: r.resolve(T.Config).payoutSandboxLatencyMs,
        }),
    ),
  );
  c.register(
    T.SecretBox,
    single((r) => {
      const config = r.resolve(T.Config);
      const current = parseSecretKey(config.secretKey ?? resolveSecretKey(null, config.dataDir).key);
      return new AesGcmSecretBox(current, config.previousSecretKeys.map((k) => parseSecretKey(k, 'SECRET_KEY_PREVIOUS')));
    }),
  );
  c.register(T.PayoutCredentialStore, single((r) => new SqlPayoutCredentialStore(r.resolve(T.Orm), r.resolve(T.SecretBox))));
  c.register(T.PayoutSettingsRepository, single((r) => new SqlPayoutSettingsRepository(r.resolve(T.Orm))));
  c.register(
    T.PayoutConfiguration,
    single((r) => new PayoutConfiguration(r.resolve(T.UnitOfWork), r.resolve(T.PayoutCredentialStore), r.resolve(T.PayoutSettingsRepository), r.resolve(T.Clock))),
  );
  c.register(
    T.ConnectOnboarding,
    single((r) => {
      const config = r.resolve(T.Config);
      return new ConnectOnboarding(
        r.resolve(T.UnitOfWork),
        r.resolve(T.AffiliateRepository),
        new SqlConnectedAccountRepository(r.resolve(T.Orm)),
        new StripeConnectOnboarding(r.resolve(T.PayoutCredentialStore), stripeEndpointOf(config.payoutApiBases.stripe ?? DEFAULT_API_BASES.stripe.live)),
        r.resolve(T.SavePayoutDetails),
        r.resolve(T.Clock),
      );
    }),
  );
  c.register(
    T.PayoutProviders,
    single((r) => {
      const config = r.resolve(T.Config);
      return new ConfiguredPayoutProviders(
        r.resolve(T.PayoutCredentialStore),
        sandboxPayoutProviders(r.resolve(T.SandboxPayoutLedger)),
        realProviderFactory(config.payoutApiBases),
        config.payoutLiveSandbox,
      );
    }),
  );
  c.register(
    T.PayoutSinks,
    single((r): PayoutSinks => ({
      payouts: r.resolve(T.PayoutRepository),
      conversions: new SqlConversionRepository(r.resolve(T.Orm), r.resolve(T.Ids)),
      awards: new SqlTeamAwardRepository(r.resolve(T.Orm)),
      outbox: r.resolve(T.EventOutbox),
    })),
  );
  c.register(
    T.ProcessPayouts,
    single(
      (r) =>
        new ProcessPayouts(
          r.resolve(T.UnitOfWork),
          {
            sinks: r.resolve(T.PayoutSinks),
            payments: new SqlPayoutPaymentRepository(r.resolve(T.Orm)),
            providers: r.resolve(T.PayoutProviders),
            settings: r.resolve(T.PayoutSettingsRepository),
            // Clawbacks recorded by refunds of paid sales.
            adjustments: r.resolve(T.CommissionAdjustments),
            mail: r.resolve(T.PayoutMail),
            notices: r.resolve(T.Notices),
            taxDetails: r.resolve(T.TaxDetailsGate),
            invoices: r.resolve(T.IssueInvoices),
            ids: r.resolve(T.Ids),
            logger: r.resolve(T.Logger),
          } satisfies PaymentPorts,
          { ...DEFAULT_PAYOUT_JOB_SETTINGS, batchSize: r.resolve(T.Config).payoutBatchSize },
        ),
    ),
  );
  c.register(
    T.OperatorPayoutActions,
    single((r) => new OperatorPayoutActions(r.resolve(T.UnitOfWork), r.resolve(T.PayoutSinks), r.resolve(T.AffiliateRepository), r.resolve(T.Clock), r.resolve(T.PayoutMail), r.resolve(T.IssueInvoices))),
  );
  c.register(T.Job, single((r) => r.resolve(T.ProcessPayouts)));
  // On the payout job's ticks: affiliates whose rows wait for payout details hear about it weekly.
  c.register(
    T.Job,
    single((r) => new PayoutDetailsReminders(r.resolve(T.UnitOfWork), new SqlPayoutDetailsReminderStore(r.resolve(T.Orm)), r.resolve(T.PayoutMail))),
  );
};

export const payoutRouteDependencies = (c: Container): PayoutRouteDependencies => ({
  payoutQueries: c.resolve(T.PayoutQueries),
  configuration: c.resolve(T.PayoutConfiguration),
  manual: new ManualPayouts(
    c.resolve(T.UnitOfWork),
    c.resolve(T.PayoutQueries),
    c.resolve(T.PayoutSinks),
    new SqlPayoutPaymentRepository(c.resolve(T.Orm)),
    c.resolve(T.CommissionAdjustments),
    c.resolve(T.Ids),
    c.resolve(T.Clock),
    c.resolve(T.PayoutMail),
    c.resolve(T.IssueInvoices),
  ),
});

/** Rotation: credentials sealed with a previous key are resealed with the current one. Returns how many. */
export const resealPayoutCredentials = (c: Container): Promise<number> =>
  c.resolve(T.UnitOfWork).transaction(() => c.resolve(T.PayoutCredentialStore).resealAll());

export const payoutAdminDependencies = (c: Container): PayoutAdminUseCases => ({
  actions: c.resolve(T.OperatorPayoutActions),
  connectOnboarding: c.resolve(T.ConnectOnboarding),
});
