/** A change announced by the database: `key:<lookup>`, `merchant:<id>`, `links`, `clock`. */
export interface Change {
  readonly kind: string;
  readonly id: string;
}

export interface ChangeSubscriber {
  /** Something changed; what was read before it must not be used any more. */
  changed(change: Change): void;
  /**
   * A write in this process is about to commit this change: stop serving it from memory until the
   * database announces it (or, if the write rolled back, until a cached entry would expire anyway).
   * The database's notice reaches this process some time after the commit, and the writer's client
   * may ask again sooner; this keeps a process's own writes visible to its very next request.
   */
  expected(change: Change): void;
  /** Changes may have been missed (the feed reconnected): drop everything kept. */
  reset(): void;
}

/**
 * What keeps process memories honest: while `live`, every change committed by any process reaches
 * every subscriber. While not live (starting, reconnecting), caches must not serve what they hold.
 */
export interface ChangeFeed {
  readonly live: boolean;
  subscribe(subscriber: ChangeSubscriber): void;
  /** Called by a writer inside its transaction, before commit (see `ChangeSubscriber.expected`). */
  expect(change: Change): void;
  /** How many changes this process has expected so far: a request notes it when it starts. */
  readonly expectations: number;
  /**
   * Resolves once every change this process expected after `since` (an `expectations` figure) has
   * come back from the database, or after a short wait, for a write that rolled back. A response
   * that waits for the changes made while it ran leaves after the other processes were told too:
   * they are signalled at the same commit as this one's listener.
   */
  settled(since?: number): Promise<void>;
}

/** A feed for a single process with no database (tests of caches): everything is always live. */
export class LocalChangeFeed implements ChangeFeed {
  readonly live = true;
  readonly expectations = 0;
  private readonly subscribers: ChangeSubscriber[] = [];

  subscribe(subscriber: ChangeSubscriber): void {
    this.subscribers.push(subscriber);
  }

  announce(change: Change): void {
    for (const s of this.subscribers) s.changed(change);
  }

  expect(change: Change): void {
    for (const s of this.subscribers) s.expected(change);
  }

  settled(): Promise<void> {
    return Promise.resolve();
  }
}

export const parseChange = (payload: string): Change => {
  const colon = payload.indexOf(':');
  return colon < 0 ? { kind: payload, id: '' } : { kind: payload.slice(0, colon), id: payload.slice(colon + 1) };
};
