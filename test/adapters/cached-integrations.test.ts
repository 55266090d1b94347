import { describe, expect, it } from 'vitest';
import { CachedIntegrations } from '../../adapters/cache/cached-integrations.js';
import { LocalChangeFeed, type ChangeFeed, type ChangeSubscriber } from '../../adapters/cache/change-feed.js';
import type { IntegrationRepository } from '../../application/ports/integration-repository.js';
import type { Integration } from '../../domain/index.js';

const integrationOf = (id: string, merchantId: string, signingSecret = 'whsec_one') =>
  ({ id, merchantId, mode: 'live', provider: 'card', name: null, signingSecret, active: true }) as unknown as Integration;

/** A database stand-in: what it holds, and how often the notification's look-up asked it. */
class Source implements IntegrationRepository {
  readonly rows = new Map<string, Integration>();
  asked = 0;
  gate: Promise<void> | null = null;
  async findForNotification(id: string) {
    this.asked += 1;
    const row = this.rows.get(id) ?? null;
    if (this.gate) await this.gate;
    return row;
  }
  async insert(i: Integration) {
    this.rows.set(i.id, i);
  }
  async update(i: Integration) {
    this.rows.set(i.id, i);
  }
  async delete(_tenant: unknown, id: string) {
    return this.rows.delete(id);
  }
  async findById(_tenant: unknown, id: string) {
    return this.rows.get(id) ?? null;
  }
  async list() {
    return { items: [...this.rows.values()], page: 1, limit: 20, total: this.rows.size };
  }
}

const settings = { ttlMs: 60_000, maxEntries: 100 };
const tenant = { merchantId: 'm1', mode: 'live' as const };

describe("the notification's integration in memory", () => {
  it('answers a known integration from memory until it or its merchant changes', async () => {
    const source = new Source();
    const feed = new LocalChangeFeed();
    const cache = new CachedIntegrations(source, feed, settings);
    source.rows.set('i1', integrationOf('i1', 'm1'));
    source.rows.set('i2', integrationOf('i2', 'm2'));
    await cache.findForNotification('i1');
    await cache.findForNotification('i1');
    await cache.findForNotification('i2');
    expect(source.asked).toBe(2);
    // Another process rotates the secret: the database's announcement drops it here.
    source.rows.set('i1', integrationOf('i1', 'm1', 'whsec_two'));
    feed.announce({ kind: 'integration', id: 'i1' });
    expect((await cache.findForNotification('i1'))?.signingSecret).toBe('whsec_two');
    feed.announce({ kind: 'merchant', id: 'm2' });
    await cache.findForNotification('i2');
    expect(source.asked).toBe(4);
    // Other kinds of change keep it.
    feed.announce({ kind: 'links', id: '' });
    feed.announce({ kind: 'key', id: 'k' });
    await cache.findForNotification('i1');
    expect(source.asked).toBe(4);
  });

  it("drops what this process changes before the change is written, and expects the database's announcement", async () => {
    const source = new Source();
    const expected: string[] = [];
    const feed = new LocalChangeFeed();
    feed.subscribe({ changed: () => undefined, expected: (c) => void expected.push(`${c.kind}:${c.id}`), reset: () => undefined });
    const cache = new CachedIntegrations(source, feed, settings);
    source.rows.set('i1', integrationOf('i1', 'm1'));
    await cache.findForNotification('i1');
    await cache.update(integrationOf('i1', 'm1', 'whsec_two'));
    expect((await cache.findForNotification('i1'))?.signingSecret).toBe('whsec_two');
    expect(await cache.delete(tenant, 'i1', new Date())).toBe(true);
    expect(await cache.findForNotification('i1')).toBeNull();
    expect(expected).toEqual(['integration:i1', 'integration:i1']);
  });

  it('keeps no unknown id, so made-up ids cannot fill memory, and never more than its bound', async () => {
    const source = new Source();
    const cache = new CachedIntegrations(source, new LocalChangeFeed(), { ttlMs: 60_000, maxEntries: 10 });
    for (let i = 0; i < 100; i += 1) expect(await cache.findForNotification(`made-up-${i}`)).toBeNull();
    expect(cache.size).toBe(0);
    for (let i = 0; i < 50; i += 1) source.rows.set(`i${i}`, integrationOf(`i${i}`, 'm'));
    for (let i = 0; i < 50; i += 1) await cache.findForNotification(`i${i}`);
    expect(cache.size).toBe(10);
  });

  it('does not keep a read that started before a change, and reads again once its time is up', async () => {
    const source = new Source();
    const feed = new LocalChangeFeed();
    let now = 0;
    const cache = new CachedIntegrations(source, feed, { ttlMs: 1_000, maxEntries: 10 }, () => now);
    source.rows.set('i1', integrationOf('i1', 'm1'));
    let release!: () => void;
    source.gate = new Promise((r) => (release = r));
    const reading = cache.findForNotification('i1');
    feed.announce({ kind: 'integration', id: 'i1' });
    release();
    await reading;
    source.gate = null;
    await cache.findForNotification('i1');
    await cache.findForNotification('i1');
    expect(source.asked).toBe(2);
    now = 1_000;
    await cache.findForNotification('i1');
    expect(source.asked).toBe(3);
  });

  it('answers nothing from memory while the feed is not live, and drops everything on a reset', async () => {
    const source = new Source();
    let subscriber!: ChangeSubscriber;
    const feed: ChangeFeed & { live: boolean } = { live: true, subscribe: (s) => void (subscriber = s), expect: () => undefined, expectations: 0, settled: async () => undefined };
    const cache = new CachedIntegrations(source, feed, settings);
    source.rows.set('i1', integrationOf('i1', 'm1'));
    await cache.findForNotification('i1');
    feed.live = false;
    await cache.findForNotification('i1');
    expect(source.asked).toBe(2);
    feed.live = true;
    await cache.findForNotification('i1');
    expect(source.asked).toBe(2);
    subscriber.reset();
    await cache.findForNotification('i1');
    expect(source.asked).toBe(3);
  });
});
