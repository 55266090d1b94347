import { idGeneratorContract } from './id-generator.contract.js';
import { inMemoryContractWorld } from './in-memory-contract-world.js';

idGeneratorContract(inMemoryContractWorld);
