import { couponRepositoryContract } from './coupon-repository.contract.js';
import { inMemoryContractWorld } from './in-memory-contract-world.js';

couponRepositoryContract(inMemoryContractWorld);
