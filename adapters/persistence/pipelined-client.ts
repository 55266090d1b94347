import type { PostgresPoolClient } from 'kysely';
import type pg from 'pg';
import { socketOf } from './pg-socket.js';

/**
 * A pooled connection as Kysely sees it, sending a transaction's edges along with its statements
 * (the pool's clients run in `pg`'s pipeline mode, so several statements go out without waiting for
 * each other's answers; PostgreSQL runs them in order and answers each):
 *
 * - `begin` is held until the transaction's first statement and sent with it; a transaction that
 *   sends nothing (a use case that refused before its first write) sends neither `begin` nor `commit`.
 * - A statement run with `runDeferred` (written, never read back in its transaction: an audit row)
 *   waits for the transaction's next statement, usually `commit`, and goes with it. Its error is that
 *   statement's error, so the transaction fails as it would have.
 * - `rollback` drops what waits; so does `rollback to` a savepoint (what waits came after the last
 *   statement sent, so after the savepoint).
 *
 * - What goes out together leaves in one socket write (the socket is corked while it is queued).
 *
 * So a sale (its context read, then its write and its audit row in a transaction) reaches the
 * database in three round trips, not five. A text sent by name (`runNamed`) goes by that name.
 */

export interface StatementNames {
  /** The name a text is sent by, if it has one. */
  nameOf(text: string): string | undefined;
  /** Whether a text may wait for the next statement of its transaction. */
  deferrable(text: string): boolean;
}

type Result = pg.QueryResult<any>;

const BEGIN = /^(begin|start transaction)\b/i;
const ROLLBACK_TO = /^rollback to /i;

const answered = (command: string): Result => ({ command, rowCount: 0, oid: 0, rows: [], fields: [] });

interface Waiting {
  readonly text: string;
  readonly values: readonly unknown[];
}

export class PipelinedClient {
  /** The transaction's `begin`, not sent yet. */
  private begin: string | null = null;
  private inTransaction = false;
  private waiting: Waiting[] = [];

  constructor(
    private readonly client: pg.PoolClient,
    private readonly names: StatementNames,
  ) {}

  /** Kysely reads it to cancel a statement; `pg` does not declare it. */
  get processID(): number | undefined {
    return (this.client as unknown as { processID?: number }).processID;
  }

  readonly query = ((text: unknown, values?: readonly unknown[]): Promise<Result> => {
    // Kysely's streaming reads pass a cursor; none is used here, but it would go straight through.
    if (typeof text !== 'string') return (this.client.query as (...args: unknown[]) => Promise<Result>)(text, values);
    const params = values ?? [];
    if (BEGIN.test(text)) {
      this.begin = text;
      this.inTransaction = true;
      return Promise.resolve(answered('BEGIN'));
    }
    if (text === 'commit' || text === 'rollback') {
      this.inTransaction = false;
      if (text === 'rollback') this.waiting = [];
      if (this.begin !== null && this.waiting.length === 0) {
        // Nothing was sent since `begin`: there is no transaction on the server to end.
        this.begin = null;
        return Promise.resolve(answered(text.toUpperCase()));
      }
    } else if (ROLLBACK_TO.test(text)) {
      this.waiting = [];
    } else if (this.inTransaction && this.names.deferrable(text)) {
      this.waiting.push({ text, values: params });
      return Promise.resolve(answered('INSERT'));
    }
    return this.send(text, params);
  }) as unknown as PostgresPoolClient['query'];

  /** Gives the connection back; whatever waited belonged to a transaction that is over. */
  release(): void {
    this.begin = null;
    this.inTransaction = false;
    this.waiting = [];
    this.client.release();
  }

  private submit(text: string, values: readonly unknown[]): Promise<Result> {
    const name = this.names.nameOf(text);
    return name ? this.client.query({ name, text, values: [...values] }) : this.client.query(text, [...values]);
  }

  private async send(text: string, values: readonly unknown[]): Promise<Result> {
    const ahead: Promise<Result>[] = [];
    let last: Promise<Result>;
    // `pg` writes each statement to the socket as it is queued; held together, what goes in one round
    // trip leaves in one write (a write to PostgreSQL's socket wakes its backend: one wake-up, not two).
    const socket = socketOf(this.client);
    socket?.cork();
    try {
      if (this.begin !== null) ahead.push(this.client.query(this.begin));
      this.begin = null;
      for (const w of this.waiting) ahead.push(this.submit(w.text, w.values));
      this.waiting = [];
      last = this.submit(text, values);
    } finally {
      socket?.uncork();
    }
    if (ahead.length === 0) return last;
    // All are on their way; the first failure is the answer (what follows it failed with it).
    const settled = await Promise.allSettled([...ahead, last]);
    const failed = settled.find((s): s is PromiseRejectedResult => s.status === 'rejected');
    if (failed) throw failed.reason;
    return (settled.at(-1) as PromiseFulfilledResult<Result>).value;
  }
}
