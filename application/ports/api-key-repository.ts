import type { Merchant } from '../../domain/index.js';
import type { ApiKey } from '../api-keys/api-key.js';
import type { Page, PageRequest } from '../shared/page.js';

export interface ApiKeyWithMerchant {
  readonly key: ApiKey;
  readonly merchant: Merchant;
}

export interface ApiKeyRepository {
  insert(key: ApiKey): Promise<void>;
  findById(id: string): Promise<ApiKey | null>;
  markRevoked(id: string, at: Date): Promise<void>;
  /** The merchant's keys, newest first (never the secret). */
  listForMerchant(merchantId: string, page: PageRequest): Promise<Page<ApiKey>>;
}
