import { providerSalesLedgerContract } from './provider-sales-ledger.contract.js';
import { inMemoryContractWorld } from './in-memory-contract-world.js';

providerSalesLedgerContract(inMemoryContractWorld);
