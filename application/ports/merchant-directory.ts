import type { Merchant } from '../../domain/index.js';
import type { ApiKey } from '../api-keys/api-key.js';
import type { Page, PageRequest } from '../shared/page.js';

/** The operator's view of every merchant and its keys (never their secrets: only hashes are stored). */
export interface MerchantDirectory {
  /** Newest first; `email` matches any part of the merchant's email, ignoring case. */
  list(filter: { readonly email?: string | undefined }, page: PageRequest): Promise<Page<Merchant>>;
  /** Every key of the merchant, revoked ones included, newest first. */
  keys(merchantId: string): Promise<readonly ApiKey[]>;
}
