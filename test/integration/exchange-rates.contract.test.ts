import { afterAll, beforeAll } from 'vitest';
import { TOKENS } from '../../bootstrap/tokens.js';
import { exchangeRatesContract } from '../contracts/exchange-rates.contract.js';
import { startTestService, type TestService } from '../support/test-service.js';

let t: TestService;
beforeAll(async () => {
  t = await startTestService();
});
afterAll(() => t.close());

exchangeRatesContract('PostgreSQL', async () => t.service.container.resolve(TOKENS.ExchangeRates));
