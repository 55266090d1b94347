import { conversionRepositoryContract } from './conversion-repository.contract.js';
import { inMemoryContractWorld } from './in-memory-contract-world.js';

conversionRepositoryContract(inMemoryContractWorld);
