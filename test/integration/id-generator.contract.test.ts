import { afterAll, beforeAll } from 'vitest';
import { idGeneratorContract } from '../contracts/id-generator.contract.js';
import { sqlContractWorld } from '../support/sql-contract-world.js';
import { startTestService, type TestService } from '../support/test-service.js';

let t: TestService;
beforeAll(async () => {
  t = await startTestService();
});
afterAll(() => t.close());

idGeneratorContract(() => sqlContractWorld(t));
