import { inMemoryContractWorld } from './in-memory-contract-world.js';
import { payoutPaymentRepositoryContract } from './payout-payment-repository.contract.js';

payoutPaymentRepositoryContract(inMemoryContractWorld);
