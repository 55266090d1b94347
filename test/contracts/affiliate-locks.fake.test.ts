import { affiliateLocksContract } from './affiliate-locks.contract.js';
import { inMemoryContractWorld } from './in-memory-contract-world.js';

affiliateLocksContract(inMemoryContractWorld);
