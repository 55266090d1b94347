import { riskSettingsRepositoryContract } from './risk-settings-repository.contract.js';
import { inMemoryContractWorld } from './in-memory-contract-world.js';

riskSettingsRepositoryContract(inMemoryContractWorld);
