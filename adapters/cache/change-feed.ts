/** A change announced by the database: `key:<lookup>`, `merchant:<id>`, `links`, `clock`. */
export interface Change {
  readonly kind: string;
  readonly id: string;
}

export interface ChangeSubscriber {
  /** Something changed; what was read before it must not be used any more. */
  /** A subscriber that applies a change asynchronously returns the work: the process answers a settle only once it is done. */
  changed(change: Change): void | Promise<unknown>;
  /**
   * A write in this process is about to commit this change: stop serving it from memory until the
   * database announces it (or, if the write rolled back, until a cached entry would expire anyway).
   * Requests running here between this and the notice (a read before the commit sees the old row)
   * must not keep what is being changed.
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
   * Called once a response's work has committed. If this process expected a change after `since`
   * (an `expectations` figure), resolves once every process listening has applied everything
   * committed so far (each acknowledges), or after a short bound, for a process stuck or gone;
   * otherwise at once. A response that waits for it leaves after every process has dropped what it
   * changed, so the client's next request, wherever it lands, is not answered from memory.
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
