import type { ConversionFact } from '../../domain/index.js';
import type { Tenant } from '../shared/tenant.js';

export interface FactsQuery {
  readonly affiliateIds: readonly string[];
  readonly campaignIds: readonly string[];
  /** Sales created in [from, to); `to` null = no upper bound. */
  readonly from: Date;
  readonly to: Date | null;
}

/**
 * The sales goal progress is computed from (every status: the domain decides which count). One query
 * per period; the domain function does the arithmetic.
 */
export interface TeamConversionFacts {
  factsFor(tenant: Tenant, query: FactsQuery): Promise<readonly ConversionFact[]>;
}
