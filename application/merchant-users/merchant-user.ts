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

export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

export const MIN_PASSWORD_LENGTH = 10;
export const MAX_PASSWORD_LENGTH = 256;
