import type { MerchantUser } from '../merchant-users/merchant-user.js';
import type { Page, PageRequest } from '../shared/page.js';

export interface MerchantUserRepository {
  /** `exists` when the email already has an account. */
  insert(user: MerchantUser): Promise<'inserted' | 'exists'>;
  findByEmail(email: string): Promise<MerchantUser | null>;
  /** The user of this merchant with this id; another merchant's user is not found. */
  findById(merchantId: string, id: string): Promise<MerchantUser | null>;
  setPasswordHash(id: string, passwordHash: string): Promise<void>;
  /** The merchant's users, oldest first. */
  listForMerchant(merchantId: string, page: PageRequest): Promise<Page<MerchantUser>>;
}
