import type { StoredOutboxEvent } from '../../../application/ports/event-outbox.js';
import type { PendingOutboxEvents, WebhookSubscriptionRepository } from '../../../application/ports/webhook-repositories.js';
import { offsetOf, type Page, type PageRequest } from '../../../application/shared/page.js';
import type { Tenant } from '../../../application/shared/tenant.js';
import type { Mode } from '../../../domain/index.js';
import type { WebhookSubscription } from '../../../domain/webhook/index.js';
import { currentEm, type Orm } from '../orm.js';
import { date, LOCK, SUBSCRIPTION_COLUMNS, subscriptionToDomain, type SubscriptionRow } from './webhook-rows.js';
import type { Row } from '../schema/index.js';

const placeholders = (n: number): string => Array.from({ length: n }, () => '?').join(', ');

export class SqlWebhookSubscriptionRepository implements WebhookSubscriptionRepository {
  constructor(private readonly orm: Orm) {}

  private async select(where: string, params: unknown[], suffix = ''): Promise<WebhookSubscription[]> {
    const rows = await currentEm(this.orm).execute<SubscriptionRow[]>(
      `select ${SUBSCRIPTION_COLUMNS} from webhook_subscriptions where ${where} ${suffix}`,
      params,
    );
    return rows.map(subscriptionToDomain);
  }

  async insert(s: WebhookSubscription): Promise<void> {
    await currentEm(this.orm).execute(
      `insert into webhook_subscriptions (${SUBSCRIPTION_COLUMNS}) values (?, ?, ?, ?, ?::jsonb, ?, ?, ?, ?, ?, ?, ?)`,
      [s.id, s.merchantId, s.mode, s.url, JSON.stringify(s.events), s.secret, s.active, s.consecutiveFailures, s.pausedAt, s.maxRetries, s.createdAt, s.updatedAt],
    );
  }

  /** Everything but the owner, mode and creation time, which never change. */
  async update(s: WebhookSubscription): Promise<void> {
    await currentEm(this.orm).execute(
      `update webhook_subscriptions set url = ?, events = ?::jsonb, secret = ?, active = ?, consecutive_failures = ?, paused_at = ?,
         max_retries = ?, updated_at = ? where id = ?`,
      [s.url, JSON.stringify(s.events), s.secret, s.active, s.consecutiveFailures, s.pausedAt, s.maxRetries, s.updatedAt, s.id],
    );
  }

  async findById(tenant: Tenant, id: string): Promise<WebhookSubscription | null> {
    return (await this.select('id = ? and merchant_id = ? and mode = ?', [id, tenant.merchantId, tenant.mode]))[0] ?? null;
  }

  async findByIdForUpdate(tenant: Tenant, id: string): Promise<WebhookSubscription | null> {
    return (await this.select('id = ? and merchant_id = ? and mode = ?', [id, tenant.merchantId, tenant.mode], LOCK))[0] ?? null;
  }

  async listPage(tenant: Tenant, page: PageRequest): Promise<Page<WebhookSubscription>> {
    const items = await this.select('merchant_id = ? and mode = ?', [tenant.merchantId, tenant.mode, page.limit, offsetOf(page)], 'order by created_at desc, id desc limit ? offset ?');
    const [count] = await currentEm(this.orm).execute<{ total: string }[]>(
      'select count(*) as total from webhook_subscriptions where merchant_id = ? and mode = ?',
      [tenant.merchantId, tenant.mode],
    );
    return { items, total: Number(count?.total ?? 0), page: page.page, limit: page.limit };
  }

  async activeLiveOf(merchantIds: readonly string[]): Promise<readonly WebhookSubscription[]> {
    const unique = [...new Set(merchantIds)];
    if (unique.length === 0) return [];
    return this.select(`merchant_id in (${placeholders(unique.length)}) and mode = 'live' and active`, unique, 'order by created_at, id');
  }

  async findByIdAcrossTenants(id: string): Promise<WebhookSubscription | null> {
    return (await this.select('id = ?', [id]))[0] ?? null;
  }

  async findManyForUpdateAcrossTenants(ids: readonly string[]): Promise<readonly WebhookSubscription[]> {
    if (ids.length === 0) return [];
    const unique = [...new Set(ids)];
    return this.select(`id in (${placeholders(unique.length)})`, unique, `order by id ${LOCK}`);
  }
}

type OutboxRow = Omit<Row<'outbox_events'>, 'dispatched_at' | 'payload'> & { payload: Record<string, unknown> };

export class SqlPendingOutboxEvents implements PendingOutboxEvents {
  constructor(private readonly orm: Orm) {}

  async claim(limit: number): Promise<readonly StoredOutboxEvent[]> {
    const rows = await currentEm(this.orm).execute<OutboxRow[]>(
      `select id, merchant_id, mode, type, payload, occurred_at from outbox_events
       where dispatched_at is null
       order by occurred_at, id
       limit ?
       for update skip locked`,
      [limit],
    );
    return rows.map((row) => ({
      id: row.id,
      merchantId: row.merchant_id,
      mode: row.mode as Mode,
      type: row.type,
      payload: row.payload,
      occurredAt: date(row.occurred_at),
    }));
  }

  async markDispatched(ids: readonly string[], at: Date): Promise<void> {
    if (ids.length === 0) return;
    await currentEm(this.orm).execute(`update outbox_events set dispatched_at = ? where id in (${placeholders(ids.length)})`, [at, ...ids]);
  }
}
