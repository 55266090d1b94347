import { describe, expect, it } from 'vitest';
import { LocalChangeFeed } from '../../adapters/cache/change-feed.js';
import { CachedTrackingLinks } from '../../adapters/cache/cached-tracking-links.js';
import type { ClickRepository, ResolvedTrackingLink } from '../../application/ports/click-repository.js';

const linkOf = (code: string, version = 1) => ({ campaign: { trackingCode: code }, version }) as unknown as ResolvedTrackingLink;

/** A database stand-in: the links it holds, how often it was asked, and a gate that holds its answers back. */
class Source implements ClickRepository {
  readonly rows = new Map<string, ResolvedTrackingLink>();
  asked = 0;
  private open: (() => void) | null = null;
  private gate: Promise<void> | null = null;
  hold(): void {
    this.gate = new Promise((resolve) => {
      this.open = resolve;
    });
  }
  release(): void {
    this.open?.();
    this.gate = null;
  }
  async resolve(trackingCode: string, refCode: string) {
    this.asked += 1;
    const row = this.rows.get(`${trackingCode}/${refCode}`) ?? null;
    if (this.gate) await this.gate;
    return row;
  }
  record(): void {}
}

const settings = { ttlMs: 60_000, maxEntries: 100 };

describe('tracking links in memory', () => {
  it('sends a burst of visitors of one link to the database once, and answers the next from memory', async () => {
    const source = new Source();
    const cache = new CachedTrackingLinks(source, new LocalChangeFeed(), settings);
    source.rows.set('c/r', linkOf('c'));
    source.hold();
    const burst = Array.from({ length: 50 }, () => cache.resolve('c', 'r'));
    source.release();
    expect(new Set(await Promise.all(burst))).toEqual(new Set([source.rows.get('c/r')]));
    await cache.resolve('c', 'r');
    expect(source.asked).toBe(1);
  });

  it('never lets a request after a change join a read from before it, nor keeps that read', async () => {
    const source = new Source();
    const feed = new LocalChangeFeed();
    const cache = new CachedTrackingLinks(source, feed, settings);
    source.rows.set('c/r', linkOf('c', 1));
    source.hold();
    const before = cache.resolve('c', 'r');
    feed.announce({ kind: 'links', id: '' });
    source.rows.set('c/r', linkOf('c', 2));
    const after = cache.resolve('c', 'r');
    source.release();
    expect([(await before) === null, await after]).toEqual([false, linkOf('c', 2)]);
    expect(source.asked).toBe(2);
    // What is kept is the read that started after the change.
    expect(await cache.resolve('c', 'r')).toEqual(linkOf('c', 2));
    expect(source.asked).toBe(2);
  });

  it('keeps no unknown link, while concurrent asks for one still share a read', async () => {
    const source = new Source();
    const cache = new CachedTrackingLinks(source, new LocalChangeFeed(), settings);
    source.hold();
    const burst = [cache.resolve('x', 'y'), cache.resolve('x', 'y')];
    source.release();
    expect(await Promise.all(burst)).toEqual([null, null]);
    expect(await cache.resolve('x', 'y')).toBeNull();
    expect(source.asked).toBe(2);
  });
});
