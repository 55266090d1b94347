import type { PayoutCredentialStore } from '../../application/ports/payout-credential-store.js';
import type { PayoutProvider, PayoutProviders } from '../../application/ports/payout-provider.js';
import type { Tenant } from '../../application/shared/tenant.js';
import type { Mode, PayoutMethod, ProviderCredentials } from '../../domain/index.js';
import { StripeConnectProvider, stripeClient, stripeEndpointOf } from './stripe-connect-provider.js';
import { WiseTransferProvider } from './wise-transfer-provider.js';
import { PayPalWalletProvider } from './paypal-wallet-provider.js';
import type { SandboxProviders } from './sandbox-payout-providers.js';

/** Each provider's API base per mode (production hosts by default; tests point them at local stubs). */
export interface PayoutApiBases {
  readonly stripe: string | null;
  readonly paypal: string | null;
  readonly wise: string | null;
}

export const DEFAULT_API_BASES: Record<'stripe' | 'paypal' | 'wise', Record<Mode, string>> = {
  stripe: { live: 'https://api.stripe.com', test: 'https://api.stripe.com' },
  paypal: { live: 'https://api-m.paypal.com', test: 'https://api-m.sandbox.paypal.com' },
  wise: { live: 'https://api.wise.com', test: 'https://api.sandbox.transferwise.tech' },
};

/** Builds a real provider from a merchant's credentials. */
export type ProviderFactory = (credentials: ProviderCredentials, mode: Mode) => PayoutProvider | null;

/**
 * The provider of a merchant's method and mode: the real one when the merchant saved credentials;
 * otherwise the sandbox in test mode and none in live mode (the rows wait for the manual path).
 */
export class ConfiguredPayoutProviders implements PayoutProviders {
  constructor(
    private readonly credentials: PayoutCredentialStore,
    private readonly sandbox: SandboxProviders,
    private readonly build: ProviderFactory,
    /** Development only: live payouts without credentials use the sandbox too. */
    private readonly liveSandbox = false,
  ) {}

  async forTenant(tenant: Tenant, method: PayoutMethod): Promise<PayoutProvider | null> {
    const saved = await this.credentials.find(tenant, method);
    if (saved) return this.build(saved, tenant.mode);
    return tenant.mode === 'test' || this.liveSandbox ? this.sandbox(method) : null;
  }
}

/** The real adapters of each method, at the configured API bases. */
export const realProviderFactory =
  (bases: PayoutApiBases): ProviderFactory =>
  (credentials, mode) => {
    switch (credentials.method) {
      case 'connect':
        return new StripeConnectProvider(stripeClient(credentials.secretKey, stripeEndpointOf(bases.stripe ?? DEFAULT_API_BASES.stripe[mode])));
      case 'transfer_b':
        return new WiseTransferProvider((bases.wise ?? DEFAULT_API_BASES.wise[mode]).replace(/\/+$/, ''), credentials);
      case 'wallet_a':
        return new PayPalWalletProvider((bases.paypal ?? DEFAULT_API_BASES.paypal[mode]).replace(/\/+$/, ''), credentials);
    }
  };
