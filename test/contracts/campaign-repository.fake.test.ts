import { campaignRepositoryContract } from './campaign-repository.contract.js';
import { inMemoryContractWorld } from './in-memory-contract-world.js';

campaignRepositoryContract(inMemoryContractWorld);
