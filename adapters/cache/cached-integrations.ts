import type { IntegrationRepository } from '../../application/ports/integration-repository.js';
import type { Page, PageRequest } from '../../application/shared/page.js';
import type { Tenant } from '../../application/shared/tenant.js';
import type { Integration } from '../../domain/index.js';
import { setBounded } from './bounded-entries.js';
import type { Change, ChangeFeed } from './change-feed.js';

export interface IntegrationCacheSettings {
  /** How long an integration read from the database is answered from memory. */
  readonly ttlMs: number;
  /** At most this many integrations are kept (the oldest go first). */
  readonly maxEntries: number;
}

interface Entry {
  readonly integration: Integration;
  readonly until: number;
}

const KIND = 'integration';

/**
 * The integration a provider's notification names, kept in process memory for a few seconds: every
 * notification starts by reading it, and it changes only when the merchant edits, rotates or deletes
 * it. Its changes drop it in every process as the database announces them (`integration:<id>`, from a
 * trigger), and a write through here expects its change first, so this process never answers from
 * what it is changing and the writer's response waits until every process has applied it. While the
 * feed is not live nothing is answered from memory; ids that name no integration are never kept.
 * Every other method goes straight to the repository.
 */
export class CachedIntegrations implements IntegrationRepository {
  private readonly entries = new Map<string, Entry>();
  /** Bumped by every change: a read that started before one is not kept (it may predate it). */
  private generation = 0;

  constructor(
    private readonly source: IntegrationRepository,
    private readonly feed: ChangeFeed,
    private readonly settings: IntegrationCacheSettings,
    private readonly nowMs: () => number = () => performance.now(),
  ) {
    feed.subscribe({ changed: (change) => this.drop(change), expected: (change) => this.drop(change), reset: () => this.clear() });
  }

  async findForNotification(id: string): Promise<Integration | null> {
    const live = this.feed.live;
    const entry = live ? this.entries.get(id) : undefined;
    if (entry && entry.until > this.nowMs()) return entry.integration;
    const generation = this.generation;
    const found = await this.source.findForNotification(id);
    if (found && live && this.feed.live && generation === this.generation) this.keep(id, found);
    return found;
  }

  insert(integration: Integration): Promise<void> {
    return this.source.insert(integration);
  }

  update(integration: Integration): Promise<void> {
    this.feed.expect({ kind: KIND, id: integration.id });
    return this.source.update(integration);
  }

  delete(tenant: Tenant, id: string, now: Date): Promise<boolean> {
    this.feed.expect({ kind: KIND, id });
    return this.source.delete(tenant, id, now);
  }

  findById(tenant: Tenant, id: string): Promise<Integration | null> {
    return this.source.findById(tenant, id);
  }

  list(tenant: Tenant, page: PageRequest): Promise<Page<Integration>> {
    return this.source.list(tenant, page);
  }

  /** How many integrations are held (for tests). */
  get size(): number {
    return this.entries.size;
  }

  private keep(id: string, integration: Integration): void {
    setBounded(this.entries, id, { integration, until: this.nowMs() + this.settings.ttlMs }, this.settings.maxEntries);
  }

  private drop(change: Change): void {
    // A merchant's change may be its deletion, which takes its integrations with it.
    if (change.kind !== KIND && change.kind !== 'merchant') return;
    this.generation += 1;
    if (change.kind === KIND) this.entries.delete(change.id);
    else for (const [id, entry] of this.entries) if (entry.integration.merchantId === change.id) this.entries.delete(id);
  }

  private clear(): void {
    this.generation += 1;
    this.entries.clear();
  }
}
