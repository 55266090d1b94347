import { inMemoryContractWorld } from './in-memory-contract-world.js';
import { payoutQueueContract } from './payout-queue.contract.js';

payoutQueueContract(inMemoryContractWorld);
