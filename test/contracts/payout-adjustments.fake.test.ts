import { inMemoryContractWorld } from './in-memory-contract-world.js';
import { payoutAdjustmentsContract } from './payout-adjustments.contract.js';

payoutAdjustmentsContract(inMemoryContractWorld);
