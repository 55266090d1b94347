import { afterAll, beforeAll } from 'vitest';
import { campaignRepositoryContract } from '../contracts/campaign-repository.contract.js';
import { sqlContractWorld } from '../support/sql-contract-world.js';
import { startTestService, type TestService } from '../support/test-service.js';

let t: TestService;
beforeAll(async () => {
  t = await startTestService();
});
afterAll(() => t.close());

campaignRepositoryContract(() => sqlContractWorld(t));
