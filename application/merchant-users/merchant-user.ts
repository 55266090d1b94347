import type { KeyCreator } from '../api-keys/api-key.js';

export const MERCHANT_USER_ROLES = ['owner', 'member'] as const;
export type MerchantUserRole = (typeof MERCHANT_USER_ROLES)[number];

/** A person who signs in to a merchant's dashboard. One account per email across the service. */
export interface MerchantUser {
  readonly id: string;
  readonly merchantId: string;
  /** Lowercased. */
  readonly email: string;
  readonly role: MerchantUserRole;
  /** Only restricts members, exactly as it restricts team-member keys. */
  readonly managePayouts: boolean;
  /** argon2id (PHC string); null until the user sets a password through the emailed link. */
  readonly passwordHash: string | null;
  readonly createdAt: Date;
}

/**
 * Who a user acts as towards the use cases: an owner as the owner, a member as a team member with
 * their Manage payouts permission. The dashboard hands this to the same guards the API keys meet.
 */
export const actingAs = (user: Pick<MerchantUser, 'role' | 'managePayouts'>): { createdBy: KeyCreator; managePayouts: boolean } => ({
  createdBy: user.role === 'owner' ? 'owner' : 'team_member',
  managePayouts: user.role === 'owner' || user.managePayouts,
});

export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

export const MIN_PASSWORD_LENGTH = 10;
export const MAX_PASSWORD_LENGTH = 256;
