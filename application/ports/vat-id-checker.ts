import type { VatId } from '../../domain/index.js';

/** What the registry answered: registered or not, or no answer (the service is down or busy). */
export type VatIdCheck = { readonly kind: 'valid' } | { readonly kind: 'invalid' } | { readonly kind: 'unavailable'; readonly reason: string };

/** An online check of an EU VAT id against the registry (VIES). Off by default; never inside a transaction. */
export interface VatIdChecker {
  check(vatId: VatId): Promise<VatIdCheck>;
}
