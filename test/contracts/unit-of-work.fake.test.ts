import { inMemoryContractWorld } from './in-memory-contract-world.js';
import { unitOfWorkContract } from './unit-of-work.contract.js';

unitOfWorkContract(inMemoryContractWorld);
