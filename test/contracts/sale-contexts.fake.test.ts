import { inMemoryContractWorld } from './in-memory-contract-world.js';
import { saleContextsContract } from './sale-contexts.contract.js';

saleContextsContract(inMemoryContractWorld);
