import type { Merchant } from '../../domain/index.js';
import type { ApiKey } from '../api-keys/api-key.js';

export interface ApiKeyWithMerchant {
  readonly key: ApiKey;
  readonly merchant: Merchant;
}

export interface ApiKeyRepository {
  insert(key: ApiKey): Promise<void>;
  findById(id: string): Promise<ApiKey | null>;
  markRevoked(id: string, at: Date): Promise<void>;
}
