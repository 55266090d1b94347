import type { ApiKeyLookup } from '../../application/ports/api-key-lookup.js';
import type { ApiKeyWithMerchant } from '../../application/ports/api-key-repository.js';
import type { Change, ChangeFeed } from './change-feed.js';

const afterPendingInput = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

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
 * in every process the moment the database announces it (`ChangeFeed`); while the feed is not live
 * nothing is answered from memory. Only keys that exist are kept: an unknown lookup is asked of the
 * database every time, so made-up keys cannot fill memory (they are limited per address instead).
 */
export class CachedApiKeyLookup implements ApiKeyLookup {
  private readonly entries = new Map<string, Entry>();
  /** Bumped by every change: a read that started before one is not kept (it may predate it). */
  private generation = 0;

  constructor(
    private readonly source: ApiKeyLookup,
    private readonly feed: ChangeFeed,
    private readonly settings: KeyCacheSettings,
    private readonly nowMs: () => number = () => performance.now(),
  ) {
    feed.subscribe({ changed: (change) => this.changed(change), reset: () => this.reset() });
  }

  /** How many keys are held (for tests and metrics). */
  get size(): number {
    return this.entries.size;
  }

  async find(lookup: string): Promise<ApiKeyWithMerchant | null> {
    const live = this.feed.live;
    const entry = live ? this.entries.get(lookup) : undefined;
    if (entry && entry.until > this.nowMs()) {
      // A change committed before this request was sent has reached this process's socket already
      // (the database sends it at commit); one turn of the event loop lets it be read before the
      // entry is trusted, so a revoked key is refused on its very next request here.
      await afterPendingInput();
      if (this.entries.get(lookup) === entry && this.feed.live) return entry.found;
    }
    const generation = this.generation;
    const found = await this.source.find(lookup);
    if (found && live && this.feed.live && generation === this.generation) this.keep(lookup, found);
    return found;
  }

  private keep(lookup: string, found: ApiKeyWithMerchant): void {
    this.entries.delete(lookup);
    if (this.entries.size >= this.settings.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(lookup, { found, until: this.nowMs() + this.settings.ttlMs });
  }

  private changed(change: Change): void {
    this.generation += 1;
    if (change.kind === 'key') this.entries.delete(change.id);
    else if (change.kind === 'merchant') {
      for (const [lookup, entry] of this.entries) if (entry.found.merchant.id === change.id) this.entries.delete(lookup);
    }
  }

  private reset(): void {
    this.generation += 1;
    this.entries.clear();
  }
}
