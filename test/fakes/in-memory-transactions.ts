import { AsyncLocalStorage } from 'node:async_hooks';
import type { UnitOfWork } from '../../application/ports/unit-of-work.js';

/** One open transaction: what to undo if it rolls back, and the row locks it holds. */
interface OpenTransaction {
  readonly id: number;
  readonly undo: (() => void)[];
  readonly locks: Set<string>;
}

/**
 * The transactions the in-memory stores share, standing in for the database's: a write inside a
 * transaction is undone when the transaction throws (a nested transaction is a savepoint, as
 * MikroORM's are), and `lock` is a row lock held to the end of the transaction, so two transactions
 * that lock the same row run one after the other. Writes are visible to everyone at once: there is
 * no isolation beyond the row locks, which is all the use cases rely on.
 */
export class InMemoryTransactions {
  private readonly context = new AsyncLocalStorage<OpenTransaction>();
  private readonly holders = new Map<string, { transaction: number; released: Promise<void>; release: () => void }>();
  private nextId = 1;

  get inTransaction(): boolean {
    return this.context.getStore() !== undefined;
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    const outer = this.context.getStore();
    if (outer) {
      const savepoint = outer.undo.length;
      try {
        return await work();
      } catch (error) {
        this.undoTo(outer, savepoint);
        throw error;
      }
    }
    const transaction: OpenTransaction = { id: this.nextId++, undo: [], locks: new Set() };
    try {
      return await this.context.run(transaction, work);
    } catch (error) {
      this.undoTo(transaction, 0);
      throw error;
    } finally {
      for (const key of transaction.locks) this.release(key);
    }
  }

  /** Records how to take a write back; outside a transaction a write stands at once (autocommit). */
  onRollback(undo: () => void): void {
    this.context.getStore()?.undo.push(undo);
  }

  /** Waits for another transaction's lock on `key`, then holds it to the end of the current transaction. */
  async lock(key: string): Promise<void> {
    const current = this.context.getStore();
    for (;;) {
      const holder = this.holders.get(key);
      if (!holder || holder.transaction === current?.id) break;
      await holder.released;
    }
    this.hold(key, current);
  }

  /** `SKIP LOCKED`: takes the lock when no other transaction holds it, else answers false at once. */
  tryLock(key: string): boolean {
    const current = this.context.getStore();
    const holder = this.holders.get(key);
    if (holder && holder.transaction !== current?.id) return false;
    this.hold(key, current);
    return true;
  }

  private hold(key: string, current: OpenTransaction | undefined): void {
    // Outside a transaction a locking read releases its lock as soon as it is made.
    if (!current || current.locks.has(key)) return;
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    this.holders.set(key, { transaction: current.id, released, release });
    current.locks.add(key);
  }

  private release(key: string): void {
    const holder = this.holders.get(key);
    this.holders.delete(key);
    holder?.release();
  }

  private undoTo(transaction: OpenTransaction, savepoint: number): void {
    while (transaction.undo.length > savepoint) transaction.undo.pop()?.();
  }
}

/** `UnitOfWork` over the shared in-memory transactions: runs the work, undoing its writes if it throws. */
export class InMemoryUnitOfWork implements UnitOfWork {
  /** Transactions begun (nested ones included), for tests that check a refusal opened none. */
  transactionsBegun = 0;

  constructor(readonly transactions: InMemoryTransactions = new InMemoryTransactions()) {}

  transaction<T>(work: () => Promise<T>): Promise<T> {
    this.transactionsBegun += 1;
    return this.transactions.run(work);
  }

  join<T>(work: () => Promise<T>): Promise<T> {
    // Inside a transaction: no savepoint, so a failure here undoes nothing until the caller's does.
    return this.transactions.inTransaction ? work() : this.transaction(work);
  }
}

/**
 * A keyed table whose writes join the current in-memory transaction: each `set` or `delete` inside
 * one is undone if it rolls back.
 */
export class TransactionalTable<V> {
  private readonly rows = new Map<string, V>();

  constructor(private readonly transactions: InMemoryTransactions) {}

  get(key: string): V | undefined {
    return this.rows.get(key);
  }

  has(key: string): boolean {
    return this.rows.has(key);
  }

  values(): V[] {
    return [...this.rows.values()];
  }

  keys(): string[] {
    return [...this.rows.keys()];
  }

  set(key: string, value: V): void {
    const had = this.rows.has(key);
    const before = this.rows.get(key);
    this.rows.set(key, value);
    this.transactions.onRollback(() => (had ? this.rows.set(key, before as V) : this.rows.delete(key)));
  }

  delete(key: string): boolean {
    if (!this.rows.has(key)) return false;
    const before = this.rows.get(key) as V;
    this.rows.delete(key);
    this.transactions.onRollback(() => this.rows.set(key, before));
    return true;
  }
}
