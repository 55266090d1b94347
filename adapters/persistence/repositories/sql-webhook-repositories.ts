import { sql, type RawBuilder } from 'kysely';
import type { StoredOutboxEvent } from '../../../application/ports/event-outbox.js';
import type { PendingOutboxEvents, WebhookSubscriptionRepository } from '../../../application/ports/webhook-repositories.js';
import { offsetOf, type Page, type PageRequest } from '../../../application/shared/page.js';
import type { Tenant } from '../../../application/shared/tenant.js';
import type { Mode } from '../../../domain/index.js';
import type { WebhookSubscription } from '../../../domain/webhook/index.js';
import { currentDb, type Orm } from '../orm.js';
import { date, LOCK, SUBSCRIPTION_COLUMNS, subscriptionToDomain, type SubscriptionRow } from './webhook-rows.js';
import type { Row } from '../schema/index.js';

export class SqlWebhookSubscriptionRepository implements WebhookSubscriptionRepository {
  constructor(private readonly orm: Orm) {}

  private async select(where: RawBuilder<unknown>, suffix: RawBuilder<unknown> = sql``): Promise<WebhookSubscription[]> {
    const { rows } = await sql<SubscriptionRow>`select ${sql.raw(SUBSCRIPTION_COLUMNS)} from webhook_subscriptions where ${where} ${suffix}`.execute(
      currentDb(this.orm),
    );
    return rows.map(subscriptionToDomain);
  }

  async insert(s: WebhookSubscription): Promise<void> {
    await sql`insert into webhook_subscriptions (${sql.raw(SUBSCRIPTION_COLUMNS)})
      values (${s.id}, ${s.merchantId}, ${s.mode}, ${s.url}, ${JSON.stringify(s.events)}::jsonb, ${s.secret}, ${s.active}, ${s.consecutiveFailures},
        ${s.pausedAt}, ${s.maxRetries}, ${s.createdAt}, ${s.updatedAt})`.execute(currentDb(this.orm));
  }

  /** Everything but the owner, mode and creation time, which never change. */
  async update(s: WebhookSubscription): Promise<void> {
    await sql`update webhook_subscriptions set url = ${s.url}, events = ${JSON.stringify(s.events)}::jsonb, secret = ${s.secret}, active = ${s.active},
        consecutive_failures = ${s.consecutiveFailures}, paused_at = ${s.pausedAt}, max_retries = ${s.maxRetries}, updated_at = ${s.updatedAt}
      where id = ${s.id}`.execute(currentDb(this.orm));
  }

  async findById(tenant: Tenant, id: string): Promise<WebhookSubscription | null> {
    return (await this.select(sql`id = ${id} and merchant_id = ${tenant.merchantId} and mode = ${tenant.mode}`))[0] ?? null;
  }

  async findByIdForUpdate(tenant: Tenant, id: string): Promise<WebhookSubscription | null> {
    return (await this.select(sql`id = ${id} and merchant_id = ${tenant.merchantId} and mode = ${tenant.mode}`, sql.raw(LOCK)))[0] ?? null;
  }

  async listPage(tenant: Tenant, page: PageRequest): Promise<Page<WebhookSubscription>> {
    const items = await this.select(
      sql`merchant_id = ${tenant.merchantId} and mode = ${tenant.mode}`,
      sql`order by created_at desc, id desc limit ${page.limit} offset ${offsetOf(page)}`,
    );
    const {
      rows: [count],
    } = await sql<{ total: string }>`select count(*) as total from webhook_subscriptions where merchant_id = ${tenant.merchantId} and mode = ${tenant.mode}`.execute(
      currentDb(this.orm),
    );
    return { items, total: Number(count?.total ?? 0), page: page.page, limit: page.limit };
  }

  async activeLiveOf(merchantIds: readonly string[]): Promise<readonly WebhookSubscription[]> {
    const unique = [...new Set(merchantIds)];
    if (unique.length === 0) return [];
    return this.select(sql`merchant_id in (${sql.join(unique)}) and mode = 'live' and active`, sql`order by created_at, id`);
  }

  async findByIdAcrossTenants(id: string): Promise<WebhookSubscription | null> {
    return (await this.select(sql`id = ${id}`))[0] ?? null;
  }

  async findManyForUpdateAcrossTenants(ids: readonly string[]): Promise<readonly WebhookSubscription[]> {
    if (ids.length === 0) return [];
    const unique = [...new Set(ids)];
    return this.select(sql`id in (${sql.join(unique)})`, sql`order by id ${sql.raw(LOCK)}`);
  }
}

type OutboxRow = Omit<Row<'outbox_events'>, 'dispatched_at' | 'payload'> & { payload: Record<string, unknown> };

export class SqlPendingOutboxEvents implements PendingOutboxEvents {
  constructor(private readonly orm: Orm) {}

  async claim(limit: number): Promise<readonly StoredOutboxEvent[]> {
    const { rows } = await sql<OutboxRow>`select id, merchant_id, mode, type, payload, occurred_at from outbox_events
       where dispatched_at is null
       order by occurred_at, id
       limit ${limit}
       for update skip locked`.execute(currentDb(this.orm));
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
    await sql`update outbox_events set dispatched_at = ${at} where id in (${sql.join(ids)})`.execute(currentDb(this.orm));
  }
}
