import { err, ok, type Result } from 'neverthrow';
import { domainError, validationError, type DomainError } from '../shared/domain-error.js';
import type { Mode } from '../shared/mode.js';
import type { WebhookEventType } from './webhook-events.js';

/** Spec: after this many consecutive failed deliveries the subscription pauses. */
export const FAILURES_BEFORE_PAUSE = 5;
/** Extension: automatic retries a subscription may opt into (0 = off, the spec's behaviour). */
export const MAX_RETRIES_LIMIT = 8;
/** First retry after 30 s, doubling each time (30 s, 1 min, 2 min, … 64 min for the 8th). */
export const RETRY_BASE_DELAY_MS = 30_000;

const SECRET = /^[0-9a-f]{64}$/;

/**
 * A merchant's endpoint for outbound events. Subscriptions are kept per mode like all tenant data;
 * only live subscriptions ever receive events (test-key activity dispatches none), test ones only pings.
 */
export interface WebhookSubscription {
  readonly id: string;
  readonly merchantId: string;
  readonly mode: Mode;
  readonly url: string;
  readonly events: readonly WebhookEventType[];
  /** 32 random bytes as 64 lowercase hex characters; shown on create and rotate only. */
  readonly secret: string;
  readonly active: boolean;
  /** Automatic deliveries that failed in a row; reset by a success and by re-enabling. */
  readonly consecutiveFailures: number;
  /** When the failure rule paused it; null when active or deactivated by the merchant. */
  readonly pausedAt: Date | null;
  /** Extension: automatic retries with exponential backoff, 0 (the default) for none. */
  readonly maxRetries: number;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

const checkSecret = (secret: string): Result<string, DomainError> =>
  SECRET.test(secret) ? ok(secret) : err(domainError('invalid_secret', 'A webhook secret is 64 lowercase hex characters'));

const checkMaxRetries = (value: number): Result<number, DomainError> =>
  Number.isInteger(value) && value >= 0 && value <= MAX_RETRIES_LIMIT
    ? ok(value)
    : err(validationError('maxRetries', `must be an integer from 0 to ${MAX_RETRIES_LIMIT}`));

export interface NewSubscription {
  readonly id: string;
  readonly merchantId: string;
  readonly mode: Mode;
  /** Already checked against the URL rules by the caller (they need DNS, which the domain has not). */
  readonly url: string;
  readonly events: readonly WebhookEventType[];
  readonly secret: string;
  readonly maxRetries?: number | undefined;
  readonly now: Date;
}

export const createSubscription = (input: NewSubscription): Result<WebhookSubscription, DomainError> =>
  checkSecret(input.secret).andThen(() =>
    checkMaxRetries(input.maxRetries ?? 0).map((maxRetries) => ({
      id: input.id,
      merchantId: input.merchantId,
      mode: input.mode,
      url: input.url,
      events: [...input.events],
      secret: input.secret,
      active: true,
      consecutiveFailures: 0,
      pausedAt: null,
      maxRetries,
      createdAt: input.now,
      updatedAt: input.now,
    })),
  );

export interface SubscriptionChanges {
  readonly url?: string | undefined;
  readonly events?: readonly WebhookEventType[] | undefined;
  /** `true` re-enables (and resets the failure count), `false` deactivates. */
  readonly active?: boolean | undefined;
  readonly maxRetries?: number | undefined;
}

/** `PATCH /webhooks/:id`. `active: true` always resets the failure count, paused or not. */
export const changeSubscription = (
  subscription: WebhookSubscription,
  changes: SubscriptionChanges,
  now: Date,
): Result<WebhookSubscription, DomainError> => {
  const maxRetries = changes.maxRetries === undefined ? ok(subscription.maxRetries) : checkMaxRetries(changes.maxRetries);
  return maxRetries.map((retries) => {
    let next: WebhookSubscription = {
      ...subscription,
      url: changes.url ?? subscription.url,
      events: changes.events ? [...changes.events] : subscription.events,
      maxRetries: retries,
      updatedAt: now,
    };
    if (changes.active === true) next = { ...next, active: true, consecutiveFailures: 0, pausedAt: null };
    if (changes.active === false) next = deactivateSubscription(next, now);
    return next;
  });
};

/** `DELETE /webhooks/:id`: the merchant turns it off; it stays listed and can be re-enabled. */
export const deactivateSubscription = (subscription: WebhookSubscription, now: Date): WebhookSubscription => ({
  ...subscription,
  active: false,
  pausedAt: null,
  updatedAt: now,
});

/** New secret; the old one stops verifying at once (nothing keeps it). */
export const rotateSecret = (subscription: WebhookSubscription, secret: string, now: Date): Result<WebhookSubscription, DomainError> =>
  checkSecret(secret).map(() => ({ ...subscription, secret, updatedAt: now }));

/** Whether an event of `type` goes to this subscription now. */
export const listensTo = (subscription: WebhookSubscription, type: string): boolean =>
  subscription.active && (subscription.events as readonly string[]).includes(type);

export interface OutcomeApplied {
  readonly subscription: WebhookSubscription;
  /** True exactly when this outcome paused an active subscription (notify the merchant then). */
  readonly paused: boolean;
}

/**
 * The final outcome of an automatic delivery (its retries, if any, exhausted). A success resets the
 * count; the 5th failure in a row pauses an active subscription.
 */
export const recordDeliveryOutcome = (subscription: WebhookSubscription, succeeded: boolean, now: Date): OutcomeApplied => {
  if (succeeded) {
    if (subscription.consecutiveFailures === 0) return { subscription, paused: false };
    return { subscription: { ...subscription, consecutiveFailures: 0, updatedAt: now }, paused: false };
  }
  const failures = subscription.consecutiveFailures + 1;
  const pause = subscription.active && failures >= FAILURES_BEFORE_PAUSE;
  return {
    subscription: {
      ...subscription,
      consecutiveFailures: failures,
      active: pause ? false : subscription.active,
      pausedAt: pause ? now : subscription.pausedAt,
      updatedAt: now,
    },
    paused: pause,
  };
};

/** Delay before automatic retry number `retry` (1-based): 30 s · 2^(retry-1). */
export const webhookRetryDelayMs = (retry: number): number => RETRY_BASE_DELAY_MS * 2 ** Math.max(0, retry - 1);

/**
 * How many automatic deliveries of a subscription may be in flight at once: at most `limit`, and
 * never more than the failures it may still have before it pauses, so that a burst against a
 * failing endpoint stops at exactly the pausing failure (none is sent after it).
 */
export const inFlightAllowance = (consecutiveFailures: number, limit: number): number =>
  Math.max(0, Math.min(limit, FAILURES_BEFORE_PAUSE - consecutiveFailures));
