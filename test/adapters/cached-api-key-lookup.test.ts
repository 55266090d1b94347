import { describe, expect, it } from 'vitest';
import { CachedApiKeyLookup } from '../../adapters/cache/cached-api-key-lookup.js';
import { LocalChangeFeed, type ChangeFeed, type ChangeSubscriber } from '../../adapters/cache/change-feed.js';
import type { ApiKeyLookup } from '../../application/ports/api-key-lookup.js';
import type { ApiKeyWithMerchant } from '../../application/ports/api-key-repository.js';

const keyOf = (lookup: string, merchantId: string, revoked = false) =>
  ({ key: { id: `key-${lookup}`, lookup, revokedAt: revoked ? new Date() : null }, merchant: { id: merchantId } }) as unknown as ApiKeyWithMerchant;

/** A database stand-in: what it holds, and how often it was asked. */
class Source implements ApiKeyLookup {
  readonly rows = new Map<string, ApiKeyWithMerchant>();
  asked = 0;
  gate: Promise<void> | null = null;
  async find(lookup: string) {
    this.asked += 1;
    const row = this.rows.get(lookup) ?? null;
    if (this.gate) await this.gate;
    return row;
  }
}

const settings = { ttlMs: 60_000, maxEntries: 100 };

describe('keys with their merchants in memory', () => {
  it('answers a known key from memory until it or its merchant changes', async () => {
    const source = new Source();
    const feed = new LocalChangeFeed();
    const cache = new CachedApiKeyLookup(source, feed, settings);
    source.rows.set('aaa', keyOf('aaa', 'm1'));
    source.rows.set('bbb', keyOf('bbb', 'm2'));
    await cache.find('aaa');
    await cache.find('aaa');
    await cache.find('bbb');
    expect(source.asked).toBe(2);
    source.rows.set('aaa', keyOf('aaa', 'm1', true));
    feed.announce({ kind: 'key', id: 'aaa' });
    expect((await cache.find('aaa'))?.key.revokedAt).not.toBeNull();
    feed.announce({ kind: 'merchant', id: 'm2' });
    await cache.find('bbb');
    expect(source.asked).toBe(4);
  });

  it('keeps no unknown lookup, so made-up keys cannot fill memory', async () => {
    const source = new Source();
    const cache = new CachedApiKeyLookup(source, new LocalChangeFeed(), settings);
    for (let i = 0; i < 1_000; i += 1) expect(await cache.find(`made-up-${i}`)).toBeNull();
    expect(cache.size).toBe(0);
    expect(source.asked).toBe(1_000);
  });

  it('never holds more than its bound', async () => {
    const source = new Source();
    const cache = new CachedApiKeyLookup(source, new LocalChangeFeed(), { ttlMs: 60_000, maxEntries: 10 });
    for (let i = 0; i < 50; i += 1) source.rows.set(`k${i}`, keyOf(`k${i}`, 'm'));
    for (let i = 0; i < 50; i += 1) await cache.find(`k${i}`);
    expect(cache.size).toBe(10);
  });

  it('does not keep a read that started before a change (it may predate it)', async () => {
    const source = new Source();
    const feed = new LocalChangeFeed();
    const cache = new CachedApiKeyLookup(source, feed, settings);
    source.rows.set('aaa', keyOf('aaa', 'm1'));
    let release!: () => void;
    source.gate = new Promise((r) => (release = r));
    const reading = cache.find('aaa');
    feed.announce({ kind: 'key', id: 'aaa' });
    release();
    await reading;
    source.gate = null;
    await cache.find('aaa');
    expect(source.asked).toBe(2);
  });

  it('answers nothing from memory while the feed is not live, and drops everything on a reset', async () => {
    const source = new Source();
    let subscriber!: ChangeSubscriber;
    const feed: ChangeFeed & { live: boolean } = { live: true, subscribe: (s) => void (subscriber = s), expect: () => undefined, expectations: 0, settled: async () => undefined };
    const cache = new CachedApiKeyLookup(source, feed, settings);
    source.rows.set('aaa', keyOf('aaa', 'm1'));
    await cache.find('aaa');
    feed.live = false;
    await cache.find('aaa');
    expect(source.asked).toBe(2);
    feed.live = true;
    subscriber.reset();
    expect(cache.size).toBe(0);
  });

  it("serves nothing this process is changing until the database announces the change", async () => {
    let now = 0;
    const source = new Source();
    const feed = new LocalChangeFeed();
    const cache = new CachedApiKeyLookup(source, feed, { ttlMs: 1_000, maxEntries: 100 }, () => now);
    source.rows.set('aaa', keyOf('aaa', 'm1'));
    source.rows.set('bbb', keyOf('bbb', 'm2'));
    await cache.find('aaa');
    await cache.find('bbb');
    feed.expect({ kind: 'key', id: 'aaa' });
    feed.expect({ kind: 'merchant', id: 'm2' });
    source.rows.set('aaa', keyOf('aaa', 'm1', true));
    expect((await cache.find('aaa'))?.key.revokedAt).not.toBeNull();
    await cache.find('aaa');
    await cache.find('bbb');
    await cache.find('bbb');
    expect(source.asked).toBe(6);
    feed.announce({ kind: 'key', id: 'aaa' });
    await cache.find('aaa');
    await cache.find('aaa');
    expect(source.asked).toBe(7);
    // A write that rolled back is never announced: memory serves again once the wait has passed.
    now = 1_001;
    await cache.find('bbb');
    await cache.find('bbb');
    expect(source.asked).toBe(8);
  });
});
