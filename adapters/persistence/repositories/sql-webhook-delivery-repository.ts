import { sql, type RawBuilder } from 'kysely';
import type {
  ClaimedDelivery,
  ClaimLimits,
  ClaimResult,
  WebhookDeliveryRepository,
} from '../../../application/ports/webhook-repositories.js';
import type { Mode } from '../../../domain/index.js';
import type { DeliveryAttempt, WebhookDelivery, WebhookEventType } from '../../../domain/webhook/index.js';
import { currentDb, type Orm } from '../orm.js';
import { claimDueDeliveries, type ClaimRow } from './webhook-delivery-claim.sql.js';
import {
  attemptToDomain,
  date,
  dateOrNull,
  DELIVERY_COLUMNS,
  deliveryToDomain,
  type AttemptRow,
  type DeliveryRow,
} from './webhook-rows.js';

const claimedToDomain = (row: ClaimRow): ClaimedDelivery => ({
  delivery: deliveryToDomain(row),
  leaseToken: row.lease_token,
  subscription: {
    id: row.subscription_id,
    merchantId: row.merchant_id,
    mode: row.mode as Mode,
    url: row.s_url,
    events: row.s_events as WebhookEventType[],
    secret: row.s_secret,
    active: row.s_active,
    consecutiveFailures: row.s_consecutive_failures,
    pausedAt: dateOrNull(row.s_paused_at),
    maxRetries: row.s_max_retries,
    createdAt: date(row.s_created_at),
    updatedAt: date(row.s_updated_at),
  },
});

/** Deliveries and their attempt log, in plain SQL; the worker's claim is `webhook-delivery-claim.sql.ts`. */
export class SqlWebhookDeliveryRepository implements WebhookDeliveryRepository {
  constructor(private readonly orm: Orm) {}

  private async rows<R>(query: RawBuilder<R>): Promise<R[]> {
    return (await query.execute(currentDb(this.orm))).rows;
  }

  async insertIfAbsent(deliveries: readonly WebhookDelivery[]): Promise<number> {
    if (deliveries.length === 0) return 0;
    const values = deliveries.map(
      (d) =>
        sql`(${d.id}::uuid, ${d.subscriptionId}::uuid, ${d.merchantId}::uuid, ${d.mode}, ${d.eventId}::uuid, ${d.eventType}, ${d.body},
          ${d.status}, ${d.attempts}::int, ${d.nextAttemptAt}::timestamptz, ${d.createdAt}::timestamptz, ${d.updatedAt}::timestamptz)`,
    );
    const inserted = await this.rows(sql<{ id: string }>`
      insert into webhook_deliveries (id, subscription_id, merchant_id, mode, event_id, event_type, body, status, attempts,
        next_attempt_at, created_at, updated_at)
      values ${sql.join(values)}
      on conflict (event_id, subscription_id) do nothing
      returning id`);
    return inserted.length;
  }

  async insert(d: WebhookDelivery): Promise<void> {
    await this.insertIfAbsent([d]);
  }

  async update(d: WebhookDelivery): Promise<void> {
    await this.write([d], false);
  }

  async updateEndingLeases(deliveries: readonly WebhookDelivery[]): Promise<void> {
    await this.write(deliveries, true);
  }

  async updateIfUnclaimed(deliveries: readonly WebhookDelivery[]): Promise<number> {
    return this.write(deliveries, false, sql`and d.status = 'pending' and d.lease_expires_at is null`);
  }

  /** Returns how many rows were written. */
  private async write(deliveries: readonly WebhookDelivery[], endLeases: boolean, guard: RawBuilder<unknown> = sql``): Promise<number> {
    if (deliveries.length === 0) return 0;
    const written = await this.rows(sql`
      update webhook_deliveries d
      set status = v.status, attempts = v.attempts, next_attempt_at = v.next_attempt_at, updated_at = v.updated_at
        ${endLeases ? sql`, lease_expires_at = null` : sql``}
      from unnest(${deliveries.map((d) => d.id)}::uuid[], ${deliveries.map((d) => d.status)}::text[],
        ${deliveries.map((d) => d.attempts)}::int[], ${deliveries.map((d) => d.nextAttemptAt?.toISOString() ?? null)}::timestamptz[],
        ${deliveries.map((d) => d.updatedAt.toISOString())}::timestamptz[]) as v(id, status, attempts, next_attempt_at, updated_at)
      where d.id = v.id ${guard}
      returning d.id`);
    return written.length;
  }

  async claimDue(now: Date, limits: ClaimLimits): Promise<ClaimResult> {
    const rows = await this.rows(claimDueDeliveries(now, limits));
    return {
      claimed: rows.filter((r) => r.kind === 'claimed').map(claimedToDomain),
      toSkip: rows.filter((r) => r.kind === 'skipped').map(deliveryToDomain),
    };
  }

  async lockLeased(leases: readonly { readonly deliveryId: string; readonly leaseToken: string }[]): Promise<readonly WebhookDelivery[]> {
    if (leases.length === 0) return [];
    const rows = await this.rows(sql<DeliveryRow>`
      select ${sql.raw(DELIVERY_COLUMNS)} from webhook_deliveries d
      join unnest(${leases.map((l) => l.deliveryId)}::uuid[], ${leases.map((l) => l.leaseToken)}::timestamptz[]) as l(id, lease)
        on d.id = l.id and d.lease_expires_at = l.lease
      order by d.id
      for update of d`);
    return rows.map(deliveryToDomain);
  }

  async lockInterrupted(limit: number): Promise<readonly ClaimedDelivery[]> {
    const rows = await this.rows(sql<ClaimRow>`
      select 'claimed' as kind, ${sql.raw(DELIVERY_COLUMNS)}, d.lease_expires_at::text as lease_token,
        s.url as s_url, s.events as s_events, s.secret as s_secret, s.active as s_active,
        s.consecutive_failures as s_consecutive_failures, s.paused_at as s_paused_at, s.max_retries as s_max_retries,
        s.created_at as s_created_at, s.updated_at as s_updated_at
      from webhook_deliveries d join webhook_subscriptions s on s.id = d.subscription_id
      where d.lease_expires_at is not null and d.lease_expires_at < now()
      order by d.lease_expires_at, d.id
      limit ${limit}::int
      for update of d skip locked`);
    return rows.map(claimedToDomain);
  }

  async find(subscriptionId: string, deliveryOrAttemptId: string): Promise<WebhookDelivery | null> {
    return this.findOne(subscriptionId, deliveryOrAttemptId, false);
  }

  async findForUpdate(subscriptionId: string, deliveryOrAttemptId: string): Promise<WebhookDelivery | null> {
    return this.findOne(subscriptionId, deliveryOrAttemptId, true);
  }

  private async findOne(subscriptionId: string, deliveryOrAttemptId: string, lock: boolean): Promise<WebhookDelivery | null> {
    const rows = await this.rows(sql<DeliveryRow>`
      select ${sql.raw(DELIVERY_COLUMNS)} from webhook_deliveries d
      where d.subscription_id = ${subscriptionId}::uuid
        and (d.id = ${deliveryOrAttemptId}::uuid or d.id = (
          select a.delivery_id from webhook_delivery_attempts a where a.id = ${deliveryOrAttemptId}::uuid and a.subscription_id = ${subscriptionId}::uuid))
      ${lock ? sql`for update of d` : sql``}`);
    return rows[0] ? deliveryToDomain(rows[0]) : null;
  }

  async appendAttempts(attempts: readonly DeliveryAttempt[]): Promise<void> {
    if (attempts.length === 0) return;
    const values = attempts.map(
      (a) =>
        sql`(${a.id}::uuid, ${a.deliveryId}::uuid, ${a.subscriptionId}::uuid, ${a.eventType}, ${a.url}, ${a.attempt}::int, ${a.trigger},
          ${a.succeeded}, ${a.httpStatus}::int, ${a.durationMs}::int, ${a.responseBody}, ${a.error}, ${a.createdAt}::timestamptz)`,
    );
    await this.rows(sql`
      insert into webhook_delivery_attempts (id, delivery_id, subscription_id, event_type, url, attempt, trigger, succeeded, http_status,
        duration_ms, response_body, error, created_at)
      values ${sql.join(values)}`);
  }

  async recentAttempts(subscriptionId: string, limit: number): Promise<readonly DeliveryAttempt[]> {
    const rows = await this.rows(sql<AttemptRow>`
      select id, delivery_id, subscription_id, event_type, url, attempt, trigger, succeeded, http_status, duration_ms,
        response_body, error, created_at
      from webhook_delivery_attempts where subscription_id = ${subscriptionId}::uuid
      order by created_at desc, id desc limit ${limit}::int`);
    return rows.map(attemptToDomain);
  }
}
