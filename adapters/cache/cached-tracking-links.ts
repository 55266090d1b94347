import type { ClickRepository, ResolvedTrackingLink } from '../../application/ports/click-repository.js';
import type { Click } from '../../domain/index.js';
import { setBounded } from './bounded-entries.js';
import type { Change, ChangeFeed } from './change-feed.js';

interface Entry {
  readonly link: ResolvedTrackingLink;
  readonly until: number;
}

/**
 * Tracking links (code and ref code → campaign, target, affiliate and membership) in process memory
 * for a few seconds, like admitted keys: any change to campaigns, affiliates, memberships or merchants
 * announced by the database drops them all in every process; nothing is answered from memory while
 * the feed is not live. Unknown links are not kept (made-up codes cannot fill memory). Requests for
 * a link being read wait for that read instead of each reading it (a shared link's visitors arrive in
 * bursts, so an expired entry would otherwise send the whole burst to the database); a change drops
 * the reads in flight too, so a request after it never joins a read from before it.
 */
export class CachedTrackingLinks implements ClickRepository {
  private readonly entries = new Map<string, Entry>();
  /** Reads in flight, by link, so that concurrent misses share one. */
  private readonly reading = new Map<string, Promise<ResolvedTrackingLink | null>>();
  private generation = 0;

  constructor(
    private readonly source: ClickRepository,
    private readonly feed: ChangeFeed,
    private readonly settings: { readonly ttlMs: number; readonly maxEntries: number },
    private readonly nowMs: () => number = () => performance.now(),
  ) {
    const drop = () => {
      this.generation += 1;
      this.entries.clear();
      this.reading.clear();
    };
    const affectsLinks = (change: Change) => change.kind === 'links' || change.kind === 'merchant';
    feed.subscribe({
      changed: (change) => {
        if (affectsLinks(change)) drop();
      },
      expected: (change) => affectsLinks(change) && drop(),
      reset: drop,
    });
  }

  async resolve(trackingCode: string, refCode: string): Promise<ResolvedTrackingLink | null> {
    const key = `${trackingCode}/${refCode}`;
    const live = this.feed.live;
    const entry = live ? this.entries.get(key) : undefined;
    if (entry && entry.until > this.nowMs()) return entry.link;
    if (!live) return this.source.resolve(trackingCode, refCode);
    const inFlight = this.reading.get(key);
    if (inFlight) return inFlight;
    const read = this.read(key, trackingCode, refCode);
    this.reading.set(key, read);
    return read;
  }

  private async read(key: string, trackingCode: string, refCode: string): Promise<ResolvedTrackingLink | null> {
    const generation = this.generation;
    let link: ResolvedTrackingLink | null;
    try {
      link = await this.source.resolve(trackingCode, refCode);
    } finally {
      if (generation === this.generation) this.reading.delete(key);
    }
    if (link && this.feed.live && generation === this.generation) {
      setBounded(this.entries, key, { link, until: this.nowMs() + this.settings.ttlMs }, this.settings.maxEntries);
    }
    return link;
  }

  record(click: Click): void {
    this.source.record(click);
  }
}
