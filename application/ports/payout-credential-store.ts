import type { PayoutMethod, ProviderCredentials } from '../../domain/index.js';
import type { Tenant } from '../shared/tenant.js';

/** A configured method as the merchant sees it: never the secret. */
export interface ConfiguredPayoutProvider {
  readonly method: PayoutMethod;
  readonly updatedAt: Date;
}

/**
 * The merchants' payout-provider credentials, kept sealed at rest; only the payout providers read
 * them back in the clear.
 */
export interface PayoutCredentialStore {
  save(tenant: Tenant, credentials: ProviderCredentials, now: Date): Promise<ConfiguredPayoutProvider>;
  list(tenant: Tenant): Promise<readonly ConfiguredPayoutProvider[]>;
  /** False when nothing was configured. */
  remove(tenant: Tenant, method: PayoutMethod): Promise<boolean>;
  find(tenant: Tenant, method: PayoutMethod): Promise<ProviderCredentials | null>;
}
