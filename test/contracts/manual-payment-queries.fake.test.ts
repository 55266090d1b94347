import { inMemoryContractWorld } from './in-memory-contract-world.js';
import { manualPaymentQueriesContract } from './manual-payment-queries.contract.js';

manualPaymentQueriesContract(inMemoryContractWorld);
