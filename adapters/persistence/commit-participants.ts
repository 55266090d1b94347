import { AsyncLocalStorage } from 'node:async_hooks';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { EntityManager } from '@mikro-orm/postgresql';
import { PREPARED } from './prepared-statements.js';

/**
 * What commits the participants: the outermost transaction's entity manager, or `AUTOCOMMIT` for
 * work whose one write statement commits on its own (`UnitOfWork.singleWrite`).
 */
export const AUTOCOMMIT = Symbol('autocommit');
export type Carrier = EntityManager | typeof AUTOCOMMIT;

/**
 * A row that belongs to whichever transaction the current request commits (the audit row of a
 * request whose success that transaction decides): written inside it, it commits and rolls back with
 * the request's work and costs no commit, no WAL flush, of its own.
 */
export interface CommitParticipant {
  /**
   * Built when written (so it is stamped then). No `PREPARED` marker: a write statement may embed it.
   * `onlyIf`: a condition of the carrying statement (its own row was written), for carriers that
   * commit whatever the statement wrote (`AUTOCOMMIT`).
   */
  readonly insert: (onlyIf?: RawBuilder<unknown>) => RawBuilder<unknown>;
}

type State = 'pending' | 'written' | 'committed';

/** One request's participants and the outermost transaction open for them. */
export class CommitParticipants {
  readonly #states = new Map<CommitParticipant, State>();
  #transaction: Carrier | undefined;

  join(participant: CommitParticipant): void {
    this.#states.set(participant, 'pending');
  }

  committed(participant: CommitParticipant): boolean {
    return this.#states.get(participant) === 'committed';
  }

  /** True when a transaction started now would carry pending participants (one at a time). */
  canOpen(): boolean {
    return this.#transaction === undefined && [...this.#states.values()].includes('pending');
  }

  /**
   * The pending participants' inserts, counted as written, when `carrier` is the open outermost
   * transaction (or the open autocommit work); none in a savepoint (it could roll back alone) or
   * outside either. `onlyIf` makes each insert conditional (see `CommitParticipant`).
   */
  take(carrier: Carrier, onlyIf?: RawBuilder<unknown>): RawBuilder<unknown>[] {
    if (this.#transaction === undefined || carrier !== this.#transaction) return [];
    const inserts: RawBuilder<unknown>[] = [];
    for (const [participant, state] of this.#states) {
      if (state !== 'pending') continue;
      this.#states.set(participant, 'written');
      inserts.push(participant.insert(onlyIf));
    }
    return inserts;
  }

  /** For the unit of work, first thing in the outermost transaction (or single-write work). */
  open(carrier: Carrier): void {
    this.#transaction = carrier;
  }

  /** For the unit of work, last thing before the outermost transaction commits: whatever no statement carried. */
  async writeRemaining(carrier: Carrier, db: Kysely<any>): Promise<void> {
    const inserts = this.take(carrier);
    if (inserts.length > 0) await sql`${PREPARED}${asOneStatement(inserts)}`.execute(db);
  }

  /** For the unit of work, around the outermost transaction: written rows committed when it resolves, pending again when it rejects. */
  async settle<T>(transaction: () => Promise<T>): Promise<T> {
    try {
      const result = await transaction();
      this.#move('written', 'committed');
      return result;
    } catch (error) {
      this.#move('written', 'pending');
      throw error;
    } finally {
      this.#transaction = undefined;
    }
  }

  #move(from: State, to: State): void {
    for (const [participant, state] of this.#states) if (state === from) this.#states.set(participant, to);
  }
}

const storage = new AsyncLocalStorage<CommitParticipants>();

/** The current request's participants, if any joined. */
export const currentCommitParticipants = (): CommitParticipants | undefined => storage.getStore();

/**
 * Runs `work` with `participant` joined to the request's next committing outermost transaction;
 * resolves whether it committed with one (false: none committed, or every one rolled back).
 */
export const withCommitParticipant = async (participant: CommitParticipant, work: () => Promise<void>): Promise<boolean> => {
  const existing = storage.getStore();
  const participants = existing ?? new CommitParticipants();
  participants.join(participant);
  if (existing) await work();
  else await storage.run(participants, work);
  return participants.committed(participant);
};

/** Named CTEs for inserts a write statement carries: `with <these>, <its own> ...`. */
export const participantCtes = (inserts: readonly RawBuilder<unknown>[]): RawBuilder<unknown>[] =>
  inserts.map((insert, i) => sql`${sql.raw(`commit_participant_${i}`)} as (${insert})`);

const asOneStatement = (inserts: readonly RawBuilder<unknown>[]): RawBuilder<unknown> => {
  const last = inserts.at(-1)!;
  return inserts.length === 1 ? last : sql`with ${sql.join(participantCtes(inserts.slice(0, -1)))} ${last}`;
};
