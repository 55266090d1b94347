import type { Tenant } from '../shared/tenant.js';

/** An affiliate's connected account on one merchant's card-processor account (per mode). */
export interface ConnectedAccount {
  readonly tenant: Tenant;
  readonly affiliateId: string;
  readonly accountId: string;
  readonly payoutsEnabled: boolean;
}

/** The card processor's side of onboarding: an Express account and a one-time onboarding link. */
export interface ConnectOnboardingProvider {
  /** Whether the merchant has `connect` credentials in this mode (no secret is opened to answer). */
  available(tenant: Tenant): Promise<boolean>;
  /** Null when the merchant has no `connect` credentials in this mode. */
  createAccount(tenant: Tenant, affiliate: { readonly id: string; readonly email: string }): Promise<string | null>;
  onboardingLink(tenant: Tenant, accountId: string, urls: { readonly returnUrl: string; readonly refreshUrl: string }): Promise<string | null>;
}

export interface ConnectedAccountRepository {
  find(tenant: Tenant, affiliateId: string): Promise<ConnectedAccount | null>;
  insert(account: ConnectedAccount, now: Date): Promise<void>;
  /** Marks the account's payouts enabled; the account as it was before (null when unknown in this tenant). */
  enablePayouts(tenant: Tenant, accountId: string, now: Date): Promise<ConnectedAccount | null>;
}
