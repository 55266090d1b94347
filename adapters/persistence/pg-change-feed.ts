import pg from 'pg';
import type { Change, ChangeFeed, ChangeSubscriber } from '../cache/change-feed.js';
import { parseChange } from '../cache/change-feed.js';
import type { Logger } from '../../application/ports/logger.js';

export const CHANGES_CHANNEL = 'service_changes';
/** A writer asks every listener to answer once it has applied what was committed before the question. */
export const SETTLE_CHANNEL = 'service_changes_settle';
/** A listener's answer: the question's token; the sending backend's pid says who answered. */
export const ACK_CHANNEL = 'service_changes_ack';
/** The feed's connection takes this name once it listens: how a writer finds every listener. */
export const LISTENER_NAME = 'service_changes listener';

/** The ask, and who must answer it, in one statement: the listeners of this database, this one included. */
const ASK = `select pg_notify($1, $2), array(select pid from pg_stat_activity
  where datname = current_database() and application_name = $3) as pids`;
const STILL_LISTENING = `select array(select pid from pg_stat_activity
  where pid = any($1::int[]) and application_name = $2) as pids`;
const ANSWER = 'select pg_notify($1, token) from unnest($2::text[]) as token';

/** A settle in progress: who answered so far, who must (known once the ask is back), how to end it. */
interface Settling {
  readonly answered: Set<number>;
  awaiting: Set<number> | null;
  check: NodeJS.Timeout | null;
  over: boolean;
  readonly done: () => void;
}

/**
 * `LISTEN service_changes` on a connection of its own (notifications need a session that stays
 * open, which a pool does not give). On any error or end the subscribers are reset and the feed is
 * not live until it has listened again (and reset them once more, for what was missed meanwhile).
 *
 * A response that wrote settles with every process before it leaves: it asks on `SETTLE_CHANNEL`,
 * and each listener answers on `ACK_CHANNEL` when it hears the question. PostgreSQL delivers
 * notifications in commit order, and subscribers apply a change synchronously as it is heard, so an
 * answer means every change committed before the question is applied there. Only a settle asks, so
 * a burst of changes (an import touching links) costs nothing more than its notices.
 */
export class PgChangeFeed implements ChangeFeed {
  private readonly subscribers: ChangeSubscriber[] = [];
  private client: pg.Client | null = null;
  private pid = 0;
  private listening = false;
  private closed = false;
  private retry: NodeJS.Timeout | null = null;
  private expected = 0;
  private asked = 0;
  private readonly settling = new Map<string, Settling>();
  /** Questions heard and not yet answered: answered together, once per turn of the event loop. */
  private answers: string[] = [];
  /** Settles once every change heard so far is applied, the asynchronous ones included. */
  private applied: Promise<void> = Promise.resolve();
  /** The connection's statements, one after another (a `pg` client must not be handed a second one meanwhile). */
  private sending: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly databaseUrl: string,
    private readonly logger: Logger,
    private readonly retryMs = 500,
    /** The bound on a settle: a listener that has not answered by then is stuck, or gone unnoticed. */
    private readonly settleWaitMs = 2_000,
    /** While a settle waits, how often it looks for listeners that went away (they never answer). */
    private readonly listenerCheckMs = 100,
  ) {}

  get live(): boolean {
    return this.listening;
  }

  subscribe(subscriber: ChangeSubscriber): void {
    this.subscribers.push(subscriber);
  }

  get expectations(): number {
    return this.expected;
  }

  expect(change: Change): void {
    for (const s of this.subscribers) s.expected(change);
    this.expected += 1;
  }

  /**
   * Asks only when this process expected a change after `since`. The write has committed by now (a
   * response settles after its work), so its notice is ahead of the question in every listener's
   * queue; a write that rolled back has no notice, and the answers come just as fast.
   */
  async settled(since = 0): Promise<void> {
    const client = this.client;
    if (this.expected <= since || !this.listening || !client) return;
    this.asked += 1;
    const token = `${this.pid}.${this.asked}`;
    let resolve!: () => void;
    const answered = new Promise<void>((r) => (resolve = r));
    const done = () => {
      settling.over = true;
      resolve();
    };
    const settling: Settling = { answered: new Set(), awaiting: null, check: null, over: false, done };
    this.settling.set(token, settling);
    const bound = setTimeout(done, this.settleWaitMs);
    this.send<{ pids: number[] }>(client, ASK, [SETTLE_CHANNEL, token, LISTENER_NAME]).then(
      ({ rows }) => {
        settling.awaiting = new Set((rows[0]?.pids ?? []).filter((pid) => !settling.answered.has(pid)));
        if (settling.awaiting.size === 0) done();
        else this.checkListeners(client, settling);
      },
      // The connection is lost: `lost` resets every subscriber, nothing is left to wait for.
      () => done(),
    );
    try {
      await answered;
    } finally {
      settling.over = true;
      clearTimeout(bound);
      if (settling.check) clearTimeout(settling.check);
      this.settling.delete(token);
    }
  }

  /** A listener that went away (its process stopped or lost its connection) is not waited for. */
  private checkListeners(client: pg.Client, settling: Settling): void {
    settling.check = setTimeout(() => {
      const awaiting = settling.awaiting;
      if (settling.over || !awaiting) return;
      this.send<{ pids: number[] }>(client, STILL_LISTENING, [[...awaiting], LISTENER_NAME]).then(
        ({ rows }) => {
          const alive = new Set(rows[0]?.pids ?? []);
          for (const pid of awaiting) if (!alive.has(pid)) awaiting.delete(pid);
          if (awaiting.size === 0) settling.done();
          else if (!settling.over) this.checkListeners(client, settling);
        },
        () => settling.done(),
      );
    }, this.listenerCheckMs);
  }

  private acknowledged(token: string, pid: number): void {
    const settling = this.settling.get(token);
    if (!settling) return;
    settling.answered.add(pid);
    if (settling.awaiting?.delete(pid) && settling.awaiting.size === 0) settling.done();
  }

  /** A question heard: every change committed before it is applied here already (notices come in order, subscribers apply them as heard). */
  private answer(client: pg.Client, token: string, from: number): void {
    if (from === this.pid) {
      void this.applied.then(() => this.acknowledged(token, from));
      return;
    }
    this.answers.push(token);
    if (this.answers.length > 1) return;
    // Notices that came in one read are handled in one go: their questions get one statement, once
    // what was heard before them is applied.
    void this.allApplied().then(() => {
      const tokens = this.answers;
      this.answers = [];
      if (this.client !== client) return;
      this.send(client, ANSWER, [ACK_CHANNEL, tokens]).catch(() => undefined);
    });
  }

  /** Resolves once every change heard by then is applied, changes heard while waiting included. */
  private async allApplied(): Promise<void> {
    let waited: Promise<void>;
    do {
      waited = this.applied;
      await waited;
    } while (waited !== this.applied);
  }

  private heard(client: pg.Client, message: pg.Notification): void {
    const payload = message.payload ?? '';
    if (message.channel === CHANGES_CHANNEL) {
      const change = parseChange(payload);
      const applying = this.subscribers.map((s) => s.changed(change)).filter((r): r is Promise<unknown> => r instanceof Promise);
      // A change applied asynchronously (the test clock's reload) is applied before any later question is answered.
      if (applying.length > 0) this.applied = Promise.all([this.applied, ...applying]).then(() => undefined, () => undefined);
    } else if (message.channel === SETTLE_CHANNEL) {
      this.answer(client, payload, message.processId);
    } else if (message.channel === ACK_CHANNEL) {
      this.acknowledged(payload, message.processId);
    }
  }

  private send<R extends pg.QueryResultRow>(client: pg.Client, text: string, values: unknown[] = []): Promise<pg.QueryResult<R>> {
    const result = this.sending.then(() => client.query<R>(text, values));
    this.sending = result.catch(() => undefined);
    return result;
  }

  /** Every settle in progress ends: without a connection nothing can answer it. */
  private endSettles(): void {
    for (const settling of this.settling.values()) settling.done();
  }

  /** Resolves once listening (the first time); later reconnects happen in the background. */
  async start(): Promise<void> {
    await this.connect();
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.databaseUrl });
    client.on('notification', (message) => this.heard(client, message));
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client, null));
    this.client = client;
    this.sending = Promise.resolve();
    await client.connect();
    await this.send(client, `listen ${CHANGES_CHANNEL}; listen ${SETTLE_CHANNEL}; listen ${ACK_CHANNEL}`);
    // Named only once it listens: a writer that finds it by this name can count on its answer.
    const { rows } = await this.send<{ pid: number }>(client, `select pg_backend_pid() as pid, set_config('application_name', $1, false)`, [
      LISTENER_NAME,
    ]);
    if (this.client !== client || this.closed) return;
    this.pid = rows[0]?.pid ?? 0;
    this.resetAll();
    this.listening = true;
  }

  private lost(client: pg.Client, error: Error | null): void {
    if (this.client !== client) return;
    this.client = null;
    this.listening = false;
    this.resetAll();
    client.end().catch(() => undefined);
    if (this.closed) return;
    this.logger.warn({ err: error?.message }, 'change feed lost its connection; caches bypassed until it listens again');
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.retry || this.closed) return;
    this.retry = setTimeout(() => {
      this.retry = null;
      this.connect().catch((error: unknown) => {
        const client = this.client;
        if (client) this.lost(client, error as Error);
        else this.scheduleReconnect();
      });
    }, this.retryMs);
    this.retry.unref();
  }

  private resetAll(): void {
    for (const s of this.subscribers) s.reset();
    this.endSettles();
  }

  async close(): Promise<void> {
    this.closed = true;
    this.listening = false;
    if (this.retry) clearTimeout(this.retry);
    this.endSettles();
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }
}
