import { inMemoryContractWorld } from './in-memory-contract-world.js';
import { teamAwardRepositoryContract } from './team-award-repository.contract.js';

teamAwardRepositoryContract(inMemoryContractWorld);
