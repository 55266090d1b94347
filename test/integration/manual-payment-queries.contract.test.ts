import { afterAll, beforeAll } from 'vitest';
import { manualPaymentQueriesContract } from '../contracts/manual-payment-queries.contract.js';
import { sqlContractWorld } from '../support/sql-contract-world.js';
import { startTestService, type TestService } from '../support/test-service.js';

let t: TestService;
beforeAll(async () => {
  t = await startTestService();
});
afterAll(() => t.close());

manualPaymentQueriesContract(() => sqlContractWorld(t));
