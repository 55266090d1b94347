import type { Merchant } from '../../domain/index.js';

export interface MerchantRepository {
  insert(merchant: Merchant): Promise<void>;
  update(merchant: Merchant): Promise<void>;
  findById(id: string): Promise<Merchant | null>;
  /** Loads the merchant with a row lock for the rest of the transaction. */
  findByIdForUpdate(id: string): Promise<Merchant | null>;
  count(): Promise<number>;
}
