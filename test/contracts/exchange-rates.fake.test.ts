import { InMemoryExchangeRates } from '../fakes/in-memory-exchange-rates.js';
import { exchangeRatesContract } from './exchange-rates.contract.js';

exchangeRatesContract('in memory', async () => new InMemoryExchangeRates());
