import { inMemoryContractWorld } from './in-memory-contract-world.js';
import { teamGoalRepositoryContract } from './team-goal-repository.contract.js';

teamGoalRepositoryContract(inMemoryContractWorld);
