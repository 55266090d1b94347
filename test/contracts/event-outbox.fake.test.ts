import { eventOutboxContract } from './event-outbox.contract.js';
import { inMemoryContractWorld } from './in-memory-contract-world.js';

eventOutboxContract(inMemoryContractWorld);
