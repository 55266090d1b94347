import { inMemoryContractWorld } from './in-memory-contract-world.js';
import { teamConversionFactsContract } from './team-conversion-facts.contract.js';

teamConversionFactsContract(inMemoryContractWorld);
