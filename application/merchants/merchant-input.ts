import type { Merchant } from '../../domain/index.js';

/** Operator input for a merchant, already shape-checked by the HTTP schema: every field the operator sets. */
export type MerchantFields = Omit<Merchant, 'id' | 'createdAt' | 'updatedAt'>;
