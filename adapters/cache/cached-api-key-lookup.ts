import type { ApiKeyLookup } from '../../application/ports/api-key-lookup.js';
import type { ApiKeyWithMerchant } from '../../application/ports/api-key-repository.js';
import { setBounded } from './bounded-entries.js';
import type { Change, ChangeFeed } from './change-feed.js';

interface Entry {
  readonly found: ApiKeyWithMerchant;
  readonly until: number;
}

export interface KeyCacheSettings {
  /** How long a key read from the database is answered from memory. */
  readonly ttlMs: number;
  /** At most this many keys are kept (the oldest go first). */
  readonly maxEntries: number;
}

/**
 * Keys with their merchants in process memory for a few seconds, so that admitting a request costs
 * no database round trip. A key's or its merchant's change (revocation, plan, cap) drops the entry
 * in every process the moment the database announces it (`ChangeFeed`), and the response that made
 * it waits until every process has; while the feed is not live nothing is answered from memory. A
 * change written by this process is also expected before it commits, so requests that run meanwhile
 * here do not keep what it is changing. Only keys that exist are kept: an unknown lookup is asked of the
 * database every time, so made-up keys cannot fill memory (they are limited per address instead).
 */
export class CachedApiKeyLookup implements ApiKeyLookup {
  private readonly entries = new Map<string, Entry>();
  /** Bumped by every change: a read that started before one is not kept (it may predate it). */
  private generation = 0;
  /** `key:<lookup>` / `merchant:<id>` written here and not yet announced, with when to stop waiting. */
  private readonly awaited = new Map<string, number>();

  constructor(
    private readonly source: ApiKeyLookup,
    private readonly feed: ChangeFeed,
    private readonly settings: KeyCacheSettings,
    private readonly nowMs: () => number = () => performance.now(),
  ) {
    feed.subscribe({
      changed: (change) => this.changed(change),
      expected: (change) => this.expected(change),
      reset: () => this.reset(),
    });
  }

  /** How many keys are held (for tests and metrics). */
  get size(): number {
    return this.entries.size;
  }

  async find(lookup: string): Promise<ApiKeyWithMerchant | null> {
    const live = this.feed.live;
    const entry = live ? this.entries.get(lookup) : undefined;
    // No wait before trusting an entry: the response that revoked a key left only once every
    // process had applied the change (`ChangeFeed.settled`), so a later request finds it dropped.
    if (entry && entry.until > this.nowMs() && !this.isAwaited(lookup, entry.found)) return entry.found;
    const generation = this.generation;
    const found = await this.source.find(lookup);
    if (found && live && this.feed.live && generation === this.generation && !this.isAwaited(lookup, found)) {
      this.keep(lookup, found);
    }
    return found;
  }

  private isAwaited(lookup: string, found: ApiKeyWithMerchant): boolean {
    if (this.awaited.size === 0) return false;
    const now = this.nowMs();
    for (const name of [`key:${lookup}`, `merchant:${found.merchant.id}`]) {
      const until = this.awaited.get(name);
      if (until === undefined) continue;
      if (until > now) return true;
      this.awaited.delete(name);
    }
    return false;
  }

  private keep(lookup: string, found: ApiKeyWithMerchant): void {
    setBounded(this.entries, lookup, { found, until: this.nowMs() + this.settings.ttlMs }, this.settings.maxEntries);
  }

  private expected(change: Change): void {
    this.drop(change);
    // Marks of writes that rolled back are never announced: let the expired ones go.
    if (this.awaited.size >= this.settings.maxEntries) {
      const now = this.nowMs();
      for (const [name, until] of this.awaited) if (until <= now) this.awaited.delete(name);
    }
    this.awaited.set(`${change.kind}:${change.id}`, this.nowMs() + this.settings.ttlMs);
  }

  private changed(change: Change): void {
    this.drop(change);
    this.awaited.delete(`${change.kind}:${change.id}`);
  }

  private drop(change: Change): void {
    this.generation += 1;
    if (change.kind === 'key') this.entries.delete(change.id);
    else if (change.kind === 'merchant') {
      for (const [lookup, entry] of this.entries) if (entry.found.merchant.id === change.id) this.entries.delete(lookup);
    }
  }

  private reset(): void {
    this.generation += 1;
    this.entries.clear();
    this.awaited.clear();
  }
}
