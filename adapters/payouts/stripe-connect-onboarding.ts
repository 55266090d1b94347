import type { ConnectOnboardingProvider } from '../../application/ports/connected-accounts.js';
import type { PayoutCredentialStore } from '../../application/ports/payout-credential-store.js';
import type { Tenant } from '../../application/shared/tenant.js';
import { stripeClient, type StripeEndpoint } from './stripe-connect-provider.js';

/**
 * Express accounts and onboarding links through the `stripe` package (`POST /v1/accounts` with
 * `type: express` and the transfers capability, `POST /v1/account_links` of type `account_onboarding`),
 * with the merchant's own secret key for the mode.
 */
export class StripeConnectOnboarding implements ConnectOnboardingProvider {
  constructor(
    private readonly credentials: PayoutCredentialStore,
    private readonly endpoint: StripeEndpoint,
  ) {}

  private async client(tenant: Tenant) {
    const saved = await this.credentials.find(tenant, 'connect');
    return saved?.method === 'connect' ? stripeClient(saved.secretKey, this.endpoint) : null;
  }

  async available(tenant: Tenant): Promise<boolean> {
    return (await this.credentials.list(tenant)).some((configured) => configured.method === 'connect');
  }

  async createAccount(tenant: Tenant, affiliate: { readonly id: string; readonly email: string }): Promise<string | null> {
    const stripe = await this.client(tenant);
    if (!stripe) return null;
    const account = await stripe.accounts.create(
      { type: 'express', email: affiliate.email, capabilities: { transfers: { requested: true } }, metadata: { affiliateId: affiliate.id } },
      // One account per affiliate, merchant and mode, even if two requests race.
      { idempotencyKey: `express_${tenant.merchantId}_${tenant.mode}_${affiliate.id}` },
    );
    return account.id;
  }

  async onboardingLink(tenant: Tenant, accountId: string, urls: { readonly returnUrl: string; readonly refreshUrl: string }): Promise<string | null> {
    const stripe = await this.client(tenant);
    if (!stripe) return null;
    const link = await stripe.accountLinks.create({ account: accountId, type: 'account_onboarding', return_url: urls.returnUrl, refresh_url: urls.refreshUrl });
    return link.url;
  }
}
