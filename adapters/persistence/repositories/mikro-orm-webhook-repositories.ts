import type { StoredOutboxEvent } from '../../../application/ports/event-outbox.js';
import type {
  PendingOutboxEvents,
  WebhookDeliveryRepository,
  WebhookSubscriptionRepository,
} from '../../../application/ports/webhook-repositories.js';
import { offsetOf, type Page, type PageRequest } from '../../../application/shared/page.js';
import type { Tenant } from '../../../application/shared/tenant.js';
import type { Mode } from '../../../domain/index.js';
import type {
  AttemptTrigger,
  DeliveryAttempt,
  DeliveryStatus,
  WebhookDelivery,
  WebhookEventType,
  WebhookSubscription,
} from '../../../domain/webhook/index.js';
import { currentEm, type Orm } from '../orm.js';
import { WebhookDeliveryAttemptRecord, WebhookDeliveryRecord } from '../records/webhook-delivery.record.js';
import { WebhookSubscriptionRecord } from '../records/webhook-subscription.record.js';

const placeholders = (n: number): string => Array.from({ length: n }, () => '?').join(', ');
const date = (value: Date | string): Date => (value instanceof Date ? value : new Date(value));
const dateOrNull = (value: Date | string | null): Date | null => (value === null ? null : date(value));

interface SubscriptionRow {
  id: string;
  merchant_id: string;
  mode: string;
  url: string;
  events: string[];
  secret: string;
  active: boolean;
  consecutive_failures: number;
  paused_at: Date | null;
  max_retries: number;
  created_at: Date;
  updated_at: Date;
}

/**
 * `no key update`: deliveries and attempts reference the subscription, and inserting them takes a
 * key-share lock on it; a plain `for update` would conflict with that and deadlock two workers.
 */
const LOCK = 'for no key update';

const SUBSCRIPTION_COLUMNS = `id, merchant_id, mode, url, events, secret, active, consecutive_failures, paused_at, max_retries,
  created_at, updated_at`;

const subscriptionToDomain = (row: SubscriptionRow): WebhookSubscription => ({
  id: row.id,
  merchantId: row.merchant_id,
  mode: row.mode as Mode,
  url: row.url,
  events: row.events as WebhookEventType[],
  secret: row.secret,
  active: row.active,
  consecutiveFailures: row.consecutive_failures,
  pausedAt: dateOrNull(row.paused_at),
  maxRetries: row.max_retries,
  createdAt: date(row.created_at),
  updatedAt: date(row.updated_at),
});

export class MikroOrmWebhookSubscriptionRepository implements WebhookSubscriptionRepository {
  constructor(private readonly orm: Orm) {}

  private async select(where: string, params: unknown[], suffix = ''): Promise<WebhookSubscription[]> {
    const rows = await currentEm(this.orm).execute<SubscriptionRow[]>(
      `select ${SUBSCRIPTION_COLUMNS} from webhook_subscriptions where ${where} ${suffix}`,
      params,
    );
    return rows.map(subscriptionToDomain);
  }

  async insert(s: WebhookSubscription): Promise<void> {
    await currentEm(this.orm).insert(WebhookSubscriptionRecord, { ...s, events: [...s.events] });
  }

  async update(s: WebhookSubscription): Promise<void> {
    const { id, merchantId: _merchant, mode: _mode, createdAt: _created, ...fields } = s;
    await currentEm(this.orm).nativeUpdate(WebhookSubscriptionRecord, { id }, { ...fields, events: [...fields.events] });
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

  listeningTo(tenant: Tenant, eventType: string): Promise<readonly WebhookSubscription[]> {
    return this.select(
      'merchant_id = ? and mode = ? and active and events @> jsonb_build_array(?::text)',
      [tenant.merchantId, tenant.mode, eventType],
      'order by created_at, id',
    );
  }

  async findByIdAcrossTenants(id: string): Promise<WebhookSubscription | null> {
    return (await this.select('id = ?', [id]))[0] ?? null;
  }

  async findByIdForUpdateAcrossTenants(id: string): Promise<WebhookSubscription | null> {
    return (await this.select('id = ?', [id], LOCK))[0] ?? null;
  }
}

interface DeliveryRow {
  id: string;
  subscription_id: string;
  merchant_id: string;
  mode: string;
  event_id: string | null;
  event_type: string;
  body: string;
  status: string;
  attempts: number;
  next_attempt_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

const DELIVERY_COLUMNS = `d.id, d.subscription_id, d.merchant_id, d.mode, d.event_id, d.event_type, d.body, d.status, d.attempts,
  d.next_attempt_at, d.created_at, d.updated_at`;

const deliveryToDomain = (row: DeliveryRow): WebhookDelivery => ({
  id: row.id,
  subscriptionId: row.subscription_id,
  merchantId: row.merchant_id,
  mode: row.mode as Mode,
  eventId: row.event_id,
  eventType: row.event_type,
  body: row.body,
  status: row.status as DeliveryStatus,
  attempts: row.attempts,
  nextAttemptAt: dateOrNull(row.next_attempt_at),
  createdAt: date(row.created_at),
  updatedAt: date(row.updated_at),
});

interface AttemptRow {
  id: string;
  delivery_id: string;
  subscription_id: string;
  event_type: string;
  url: string;
  attempt: number;
  trigger: string;
  succeeded: boolean;
  http_status: number | null;
  duration_ms: number;
  response_body: string | null;
  error: string | null;
  created_at: Date;
}

const attemptToDomain = (row: AttemptRow): DeliveryAttempt => ({
  id: row.id,
  deliveryId: row.delivery_id,
  subscriptionId: row.subscription_id,
  eventType: row.event_type,
  url: row.url,
  attempt: row.attempt,
  trigger: row.trigger as AttemptTrigger,
  succeeded: row.succeeded,
  httpStatus: row.http_status,
  durationMs: row.duration_ms,
  responseBody: row.response_body,
  error: row.error,
  createdAt: date(row.created_at),
});

export class MikroOrmWebhookDeliveryRepository implements WebhookDeliveryRepository {
  constructor(private readonly orm: Orm) {}

  async insertIfAbsent(deliveries: readonly WebhookDelivery[]): Promise<number> {
    if (deliveries.length === 0) return 0;
    const params = deliveries.flatMap((d) => [
      d.id,
      d.subscriptionId,
      d.merchantId,
      d.mode,
      d.eventId,
      d.eventType,
      d.body,
      d.status,
      d.attempts,
      d.nextAttemptAt,
      d.createdAt,
      d.updatedAt,
    ]);
    const rows = await currentEm(this.orm).execute<{ id: string }[]>(
      `insert into webhook_deliveries (id, subscription_id, merchant_id, mode, event_id, event_type, body, status, attempts,
         next_attempt_at, created_at, updated_at)
       values ${deliveries.map(() => `(${placeholders(12)})`).join(', ')}
       on conflict (event_id, subscription_id) do nothing
       returning id`,
      params,
    );
    return rows.length;
  }

  async insert(d: WebhookDelivery): Promise<void> {
    await currentEm(this.orm).insert(WebhookDeliveryRecord, { ...d });
  }

  async update(d: WebhookDelivery): Promise<void> {
    await currentEm(this.orm).nativeUpdate(
      WebhookDeliveryRecord,
      { id: d.id },
      { status: d.status, attempts: d.attempts, nextAttemptAt: d.nextAttemptAt, updatedAt: d.updatedAt },
    );
  }

  async claimDue(now: Date): Promise<WebhookDelivery | null> {
    const rows = await currentEm(this.orm).execute<DeliveryRow[]>(
      `select ${DELIVERY_COLUMNS} from webhook_deliveries d
       where d.status = 'pending' and d.next_attempt_at <= ?
       order by d.next_attempt_at, d.id
       limit 1
       for update skip locked`,
      [now],
    );
    return rows[0] ? deliveryToDomain(rows[0]) : null;
  }

  async findForUpdate(subscriptionId: string, deliveryOrAttemptId: string): Promise<WebhookDelivery | null> {
    const rows = await currentEm(this.orm).execute<DeliveryRow[]>(
      `select ${DELIVERY_COLUMNS} from webhook_deliveries d
       where d.subscription_id = ?
         and (d.id = ? or d.id = (select a.delivery_id from webhook_delivery_attempts a where a.id = ? and a.subscription_id = ?))
       for update of d`,
      [subscriptionId, deliveryOrAttemptId, deliveryOrAttemptId, subscriptionId],
    );
    return rows[0] ? deliveryToDomain(rows[0]) : null;
  }

  async appendAttempt(attempt: DeliveryAttempt): Promise<void> {
    await currentEm(this.orm).insert(WebhookDeliveryAttemptRecord, { ...attempt });
  }

  async recentAttempts(subscriptionId: string, limit: number): Promise<readonly DeliveryAttempt[]> {
    const rows = await currentEm(this.orm).execute<AttemptRow[]>(
      `select id, delivery_id, subscription_id, event_type, url, attempt, trigger, succeeded, http_status, duration_ms,
         response_body, error, created_at
       from webhook_delivery_attempts where subscription_id = ?
       order by created_at desc, id desc limit ?`,
      [subscriptionId, limit],
    );
    return rows.map(attemptToDomain);
  }
}

interface OutboxRow {
  id: string;
  merchant_id: string;
  mode: string;
  type: string;
  payload: Record<string, unknown>;
  occurred_at: Date;
}

export class MikroOrmPendingOutboxEvents implements PendingOutboxEvents {
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
