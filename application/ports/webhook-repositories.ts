import type { DeliveryAttempt, WebhookDelivery, WebhookSubscription } from '../../domain/webhook/index.js';
import type { Page, PageRequest } from '../shared/page.js';
import type { Tenant } from '../shared/tenant.js';
import type { StoredOutboxEvent } from './event-outbox.js';

/** Webhook subscriptions, per tenant; the worker's lookups by id cross tenants and say so. */
export interface WebhookSubscriptionRepository {
  insert(subscription: WebhookSubscription): Promise<void>;
  update(subscription: WebhookSubscription): Promise<void>;
  findById(tenant: Tenant, id: string): Promise<WebhookSubscription | null>;
  /** Locks the row for the rest of the transaction. */
  findByIdForUpdate(tenant: Tenant, id: string): Promise<WebhookSubscription | null>;
  /** Newest first. */
  listPage(tenant: Tenant, page: PageRequest): Promise<Page<WebhookSubscription>>;
  /** Active subscriptions of the tenant whose events include `eventType`. */
  listeningTo(tenant: Tenant, eventType: string): Promise<readonly WebhookSubscription[]>;
  /** The delivery worker: by id whatever the tenant (the delivery row names it). */
  findByIdAcrossTenants(id: string): Promise<WebhookSubscription | null>;
  findByIdForUpdateAcrossTenants(id: string): Promise<WebhookSubscription | null>;
}

export interface WebhookDeliveryRepository {
  /** Inserts the deliveries, skipping any whose (event, subscription) pair already has one; returns how many were new. */
  insertIfAbsent(deliveries: readonly WebhookDelivery[]): Promise<number>;
  insert(delivery: WebhookDelivery): Promise<void>;
  update(delivery: WebhookDelivery): Promise<void>;
  /**
   * Locks one pending delivery due at `now`, oldest first, skipping rows another worker holds
   * (`FOR UPDATE SKIP LOCKED`); null when none is left.
   */
  claimDue(now: Date): Promise<WebhookDelivery | null>;
  /** A delivery of the subscription, by its id or by the id of one of its attempts, locked. */
  findForUpdate(subscriptionId: string, deliveryOrAttemptId: string): Promise<WebhookDelivery | null>;
  appendAttempt(attempt: DeliveryAttempt): Promise<void>;
  /** The subscription's most recent attempts, newest first. */
  recentAttempts(subscriptionId: string, limit: number): Promise<readonly DeliveryAttempt[]>;
}

/** The read side of the outbox that the webhook worker drains. */
export interface PendingOutboxEvents {
  /** Locks up to `limit` undispatched events, oldest first, skipping rows another worker holds. */
  claim(limit: number): Promise<readonly StoredOutboxEvent[]>;
  markDispatched(ids: readonly string[], at: Date): Promise<void>;
}
