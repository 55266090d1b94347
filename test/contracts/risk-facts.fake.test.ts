import { riskFactsContract } from './risk-facts.contract.js';
import { inMemoryContractWorld } from './in-memory-contract-world.js';

riskFactsContract(inMemoryContractWorld);
