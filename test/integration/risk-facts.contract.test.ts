import { afterAll, beforeAll } from 'vitest';
import { riskFactsContract } from '../contracts/risk-facts.contract.js';
import { sqlContractWorld } from '../support/sql-contract-world.js';
import { startTestService, type TestService } from '../support/test-service.js';

let t: TestService;
beforeAll(async () => {
  t = await startTestService();
});
afterAll(() => t.close());

riskFactsContract(() => sqlContractWorld(t));
