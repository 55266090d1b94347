import pg from 'pg';
import type { Change, ChangeFeed, ChangeSubscriber } from '../cache/change-feed.js';
import { parseChange } from '../cache/change-feed.js';
import type { Logger } from '../../application/ports/logger.js';

export const CHANGES_CHANNEL = 'service_changes';

const nameOf = (change: Change): string => `${change.kind}:${change.id}`;

/**
 * `LISTEN service_changes` on a connection of its own (notifications need a session that stays
 * open, which a pool does not give). On any error or end the subscribers are reset and the feed is
 * not live until it has listened again (and reset them once more, for what was missed meanwhile).
 */
export class PgChangeFeed implements ChangeFeed {
  private readonly subscribers: ChangeSubscriber[] = [];
  private client: pg.Client | null = null;
  private listening = false;
  private closed = false;
  private retry: NodeJS.Timeout | null = null;
  /** Changes this process wrote and has not yet heard back: when expected (`expectations`), and what its waiters resolve. */
  private readonly pending = new Map<string, { readonly at: number; readonly heard: Promise<void>; readonly resolve: () => void }>();
  private expected = 0;

  constructor(
    private readonly databaseUrl: string,
    private readonly logger: Logger,
    private readonly retryMs = 500,
    private readonly settleWaitMs = 250,
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
    const name = nameOf(change);
    if (!this.listening || this.pending.has(name)) return;
    let resolve!: () => void;
    const heard = new Promise<void>((r) => (resolve = r));
    this.pending.set(name, { at: this.expected, heard, resolve });
  }

  async settled(since = 0): Promise<void> {
    const awaited = [...this.pending].filter(([, p]) => p.at > since);
    if (awaited.length === 0) return;
    let timer: NodeJS.Timeout | undefined;
    const waited = new Promise<void>((r) => (timer = setTimeout(r, this.settleWaitMs)));
    await Promise.race([Promise.all(awaited.map(([, p]) => p.heard)), waited]);
    clearTimeout(timer);
    // What was not heard by now rolled back (or the feed is down): stop waiting for it.
    for (const [name, p] of awaited) {
      p.resolve();
      if (this.pending.get(name) === p) this.pending.delete(name);
    }
  }

  private heard(change: Change): void {
    const name = nameOf(change);
    this.pending.get(name)?.resolve();
    this.pending.delete(name);
  }

  private hearAll(): void {
    for (const p of this.pending.values()) p.resolve();
    this.pending.clear();
  }

  /** Resolves once listening (the first time); later reconnects happen in the background. */
  async start(): Promise<void> {
    await this.connect();
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.databaseUrl });
    client.on('notification', (message) => {
      const change = parseChange(message.payload ?? '');
      for (const s of this.subscribers) s.changed(change);
      this.heard(change);
    });
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client, null));
    this.client = client;
    await client.connect();
    await client.query(`listen ${CHANGES_CHANNEL}`);
    if (this.client !== client || this.closed) return;
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
    this.hearAll();
  }

  async close(): Promise<void> {
    this.closed = true;
    this.listening = false;
    if (this.retry) clearTimeout(this.retry);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }
}
