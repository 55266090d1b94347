import { afterAll, beforeAll } from 'vitest';
import { affiliateBanStoreContract } from '../contracts/affiliate-ban-store.contract.js';
import { sqlContractWorld } from '../support/sql-contract-world.js';
import { startTestService, type TestService } from '../support/test-service.js';

let t: TestService;
beforeAll(async () => {
  t = await startTestService();
});
afterAll(() => t.close());

affiliateBanStoreContract(() => sqlContractWorld(t));
