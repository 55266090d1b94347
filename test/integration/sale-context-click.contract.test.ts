import { afterAll, beforeAll } from 'vitest';
import type { RiskFacts } from '../../application/ports/risk-facts.js';
import { SqlSaleContexts } from '../../adapters/persistence/repositories/sql-sale-contexts.js';
import { TOKENS } from '../../bootstrap/tokens.js';
import { riskFactsContract } from '../contracts/risk-facts.contract.js';
import { sqlContractWorld } from '../support/sql-contract-world.js';
import { startTestService, type TestService } from '../support/test-service.js';

let t: TestService;
beforeAll(async () => {
  t = await startTestService();
});
afterAll(() => t.close());

/**
 * The sale's look-up answers a click query along with the sale's other facts: it must answer exactly
 * as the click read on its own does, so the whole RiskFacts contract runs with its click read taken
 * from the sale look-up (the tenant's first campaign as the sale's).
 */
riskFactsContract(() => {
  const world = sqlContractWorld(t);
  const sales = new SqlSaleContexts(t.service.container.resolve(TOKENS.Orm));
  const viaSaleLookUp: RiskFacts = {
    scriptSaleOfClick: (tenant, clickId) => world.riskFacts.scriptSaleOfClick(tenant, clickId),
    payoutIdentities: (tenant, affiliateId) => world.riskFacts.payoutIdentities(tenant, affiliateId),
    refundHistory: (tenant, affiliateId, since) => world.riskFacts.refundHistory(tenant, affiliateId, since),
    saleClick: async (tenant, query) => {
      const [campaign] = await t.sql<{ id: string }>('select id from campaigns where merchant_id = $1 order by id limit 1', [tenant.merchantId]);
      const context = await sales.find(tenant, campaign!.id, query.affiliateId, query);
      // A click id that names no row is not asked along: the sale's risk check reads nothing for it either.
      return context?.saleClick?.facts ?? null;
    },
  };
  return { ...world, riskFacts: viaSaleLookUp };
});
