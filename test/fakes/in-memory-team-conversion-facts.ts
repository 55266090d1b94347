import type { FactsQuery, TeamConversionFacts } from '../../application/ports/team-conversion-facts.js';
import type { Tenant } from '../../application/shared/tenant.js';
import type { ConversionFact } from '../../domain/index.js';
import type { InMemoryConversionRepository } from './in-memory-conversion-repository.js';

/** Goal progress reads the conversions the in-memory conversion store holds, every status, as the real query reads the table. */
export class InMemoryTeamConversionFacts implements TeamConversionFacts {
  /** Queries made (a goal with no members or no campaigns needs none). */
  queries = 0;

  constructor(private readonly conversions: InMemoryConversionRepository) {}

  async factsFor(tenant: Tenant, query: FactsQuery): Promise<readonly ConversionFact[]> {
    this.queries += 1;
    if (query.affiliateIds.length === 0 || query.campaignIds.length === 0) return [];
    return this.conversions
      .all()
      .filter((c) => c.merchantId === tenant.merchantId && c.mode === tenant.mode)
      .filter((c) => query.affiliateIds.includes(c.affiliateId) && query.campaignIds.includes(c.campaignId))
      .filter((c) => c.createdAt >= query.from && (query.to === null || c.createdAt < query.to))
      .map((c) => ({
        affiliateId: c.affiliateId,
        campaignId: c.campaignId,
        amount: c.amount,
        refundedAmount: c.refundedAmount,
        currency: c.currency,
        status: c.status,
        source: c.source,
        createdAt: c.createdAt,
      }));
  }
}
