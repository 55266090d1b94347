import { merchantRepositoryContract } from './merchant-repository.contract.js';
import { inMemoryContractWorld } from './in-memory-contract-world.js';

merchantRepositoryContract(inMemoryContractWorld);
