import { afterAll, beforeAll } from 'vitest';
import { auditLogContract } from '../contracts/audit-log.contract.js';
import { sqlContractWorld } from '../support/sql-contract-world.js';
import { startTestService, type TestService } from '../support/test-service.js';

let t: TestService;
beforeAll(async () => {
  t = await startTestService();
});
afterAll(() => t.close());

auditLogContract(() => sqlContractWorld(t));
