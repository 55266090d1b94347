import { inMemoryContractWorld } from './in-memory-contract-world.js';
import { payoutProvidersContract } from './payout-providers.contract.js';

payoutProvidersContract(inMemoryContractWorld);
