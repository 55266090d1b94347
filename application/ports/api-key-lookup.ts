import type { ApiKeyWithMerchant } from './api-key-repository.js';

/**
 * A key with its merchant by the lookup prefix of a presented token, revoked keys included (the
 * caller decides). Asked on every API request.
 */
export interface ApiKeyLookup {
  find(lookup: string): Promise<ApiKeyWithMerchant | null>;
}
