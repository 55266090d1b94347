import { inMemoryContractWorld } from './in-memory-contract-world.js';
import { payoutRepositoryContract } from './payout-repository.contract.js';

payoutRepositoryContract(inMemoryContractWorld);
