import type { MerchantRepository } from '../../application/ports/merchant-repository.js';
import type { Merchant } from '../../domain/index.js';
import { TransactionalTable, type InMemoryTransactions } from './in-memory-transactions.js';

/** Merchants in memory; `findByIdForUpdate` holds the merchant's row lock to the end of the transaction. */
export class InMemoryMerchantRepository implements MerchantRepository {
  private readonly rows: TransactionalTable<Merchant>;
  /** How many times the row lock was taken (a capped live sale takes it; others must not). */
  locksTaken = 0;

  constructor(private readonly transactions: InMemoryTransactions) {
    this.rows = new TransactionalTable(transactions);
  }

  async insert(merchant: Merchant): Promise<void> {
    if (this.rows.has(merchant.id)) throw new Error(`duplicate merchant ${merchant.id}`);
    this.rows.set(merchant.id, merchant);
  }

  async update(merchant: Merchant): Promise<void> {
    if (this.rows.has(merchant.id)) this.rows.set(merchant.id, merchant);
  }

  async findById(id: string): Promise<Merchant | null> {
    return this.rows.get(id) ?? null;
  }

  async findByIdForUpdate(id: string): Promise<Merchant | null> {
    this.locksTaken += 1;
    await this.transactions.lock(`merchant:${id}`);
    return this.findById(id);
  }

  async count(): Promise<number> {
    return this.rows.values().length;
  }
}
