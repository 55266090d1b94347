import { affiliateBanStoreContract } from './affiliate-ban-store.contract.js';
import { inMemoryContractWorld } from './in-memory-contract-world.js';

affiliateBanStoreContract(inMemoryContractWorld);
