import { riskFlagStoreContract } from './risk-flag-store.contract.js';
import { inMemoryContractWorld } from './in-memory-contract-world.js';

riskFlagStoreContract(inMemoryContractWorld);
