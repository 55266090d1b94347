import { inMemoryContractWorld } from './in-memory-contract-world.js';
import { teamRepositoryContract } from './team-repository.contract.js';

teamRepositoryContract(inMemoryContractWorld);
