import { clockContract } from './clock.contract.js';
import { inMemoryContractWorld } from './in-memory-contract-world.js';

clockContract(inMemoryContractWorld);
