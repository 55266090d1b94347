import { afterAll, beforeAll } from 'vitest';
import { payoutProvidersContract } from '../contracts/payout-providers.contract.js';
import { sqlContractWorld } from '../support/sql-contract-world.js';
import { startTestService, type TestService } from '../support/test-service.js';

let t: TestService;
beforeAll(async () => {
  t = await startTestService();
});
afterAll(() => t.close());

payoutProvidersContract(() => sqlContractWorld(t));
