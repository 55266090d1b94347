import { auditLogContract } from './audit-log.contract.js';
import { inMemoryContractWorld } from './in-memory-contract-world.js';

auditLogContract(inMemoryContractWorld);
