import { inMemoryContractWorld } from './in-memory-contract-world.js';
import { payoutSettingsRepositoryContract } from './payout-settings-repository.contract.js';

payoutSettingsRepositoryContract(inMemoryContractWorld);
