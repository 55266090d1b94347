import type { IssuedConfirmation } from '../../domain/assistant/confirmation.js';
import type { Tenant } from '../shared/tenant.js';

/** Money-move previews' confirmation tokens, stored as hashes, per tenant. */
export interface ConfirmationStore {
  insert(tenant: Tenant, tokenHash: string, confirmation: IssuedConfirmation, createdAt: Date): Promise<void>;
  find(tenant: Tenant, tokenHash: string): Promise<IssuedConfirmation | null>;
  /** Marks the token used, atomically: true for the one call that did; false when it was used already. */
  use(tenant: Tenant, tokenHash: string, now: Date): Promise<boolean>;
  /** Deletes up to `limit` tokens expired at `now` (any tenant); answers how many. */
  deleteExpired(now: Date, limit: number): Promise<number>;
}
