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
  /** The worker's fan-out: every active live subscription of these merchants, at once. */
  activeLiveOf(merchantIds: readonly string[]): Promise<readonly WebhookSubscription[]>;
  /** The delivery worker: by id whatever the tenant (the delivery row names it). */
  findByIdAcrossTenants(id: string): Promise<WebhookSubscription | null>;
  /** The delivery worker: locks the rows for the rest of the transaction, in id order. */
  findManyForUpdateAcrossTenants(ids: readonly string[]): Promise<readonly WebhookSubscription[]>;
}

export interface ClaimLimits {
  /** Deliveries claimed at most. */
  readonly batch: number;
  /** In flight per subscription at most (before the pause allowance). */
  readonly perSubscription: number;
  /** How long an attempt may stay in flight before it counts as interrupted. */
  readonly leaseMs: number;
}

/** A delivery claimed for one attempt: in flight until its outcome is recorded with `leaseToken`. */
export interface ClaimedDelivery {
  readonly delivery: WebhookDelivery;
  readonly subscription: WebhookSubscription;
  readonly leaseToken: string;
}

export interface ClaimResult {
  readonly claimed: readonly ClaimedDelivery[];
  /**
   * Due deliveries of subscriptions that are no longer active, as they were (not leased, unchanged):
   * the caller settles them (`skipDelivery`) and saves them with `updateIfUnclaimed`.
   */
  readonly toSkip: readonly WebhookDelivery[];
}

export interface WebhookDeliveryRepository {
  /** Inserts the deliveries, skipping any whose (event, subscription) pair already has one; returns how many were new. */
  insertIfAbsent(deliveries: readonly WebhookDelivery[]): Promise<number>;
  insert(delivery: WebhookDelivery): Promise<void>;
  /** Writes status, attempts and next attempt time; a lease the worker holds on it stays. */
  update(delivery: WebhookDelivery): Promise<void>;
  /** The same for claimed deliveries whose attempt is being recorded: their leases end. */
  updateEndingLeases(deliveries: readonly WebhookDelivery[]): Promise<void>;
  /**
   * The same, only for rows still pending and not leased (another worker may have claimed or
   * settled one since it was read); the others are left alone. Returns how many were written.
   */
  updateIfUnclaimed(deliveries: readonly WebhookDelivery[]): Promise<number>;
  /**
   * Claims due deliveries and commits the claim on its own (it never waits for a send): each gets a
   * lease. Fair across subscriptions: every subscription with due work gets its first delivery before
   * any gets a second. Per subscription, deliveries in flight never exceed
   * `inFlightAllowance(consecutiveFailures, perSubscription)`, also across processes (a subscription
   * is claimed for by one worker at a time). Due deliveries of inactive subscriptions (up to `batch`
   * of each, outside the round robin) come back in `toSkip` without a lease, for the caller to
   * settle; the claim does not change them.
   */
  claimDue(now: Date, limits: ClaimLimits): Promise<ClaimResult>;
  /** The claimed deliveries still holding these leases, locked (fresh rows, for recording outcomes). */
  lockLeased(leases: readonly { readonly deliveryId: string; readonly leaseToken: string }[]): Promise<readonly WebhookDelivery[]>;
  /** Up to `limit` deliveries whose lease ran out (their sender stopped), locked, skipping rows others hold. */
  lockInterrupted(limit: number): Promise<readonly ClaimedDelivery[]>;
  /** A delivery of the subscription, by its id or by the id of one of its attempts. */
  find(subscriptionId: string, deliveryOrAttemptId: string): Promise<WebhookDelivery | null>;
  /** The same, locked. */
  findForUpdate(subscriptionId: string, deliveryOrAttemptId: string): Promise<WebhookDelivery | null>;
  appendAttempts(attempts: readonly DeliveryAttempt[]): Promise<void>;
  /** The subscription's most recent attempts, newest first. */
  recentAttempts(subscriptionId: string, limit: number): Promise<readonly DeliveryAttempt[]>;
}

/** The read side of the outbox that the webhook worker drains. */
export interface PendingOutboxEvents {
  /** Locks up to `limit` undispatched events, oldest first, skipping rows another worker holds. */
  claim(limit: number): Promise<readonly StoredOutboxEvent[]>;
  markDispatched(ids: readonly string[], at: Date): Promise<void>;
}
