import type { MerchantUser } from '../merchant-users/merchant-user.js';

export interface MerchantUserRepository {
  /** `exists` when the email already has an account. */
  insert(user: MerchantUser): Promise<'inserted' | 'exists'>;
  findByEmail(email: string): Promise<MerchantUser | null>;
  /** The user of this merchant with this id; another merchant's user is not found. */
  findById(merchantId: string, id: string): Promise<MerchantUser | null>;
  setPasswordHash(id: string, passwordHash: string): Promise<void>;
  listForMerchant(merchantId: string): Promise<MerchantUser[]>;
}
