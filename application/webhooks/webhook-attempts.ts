import type { AttemptTrigger, DeliveryAttempt, WebhookDelivery, WebhookSubscription } from '../../domain/webhook/index.js';
import { INTERRUPTED_ATTEMPT_ERROR } from '../../domain/webhook/index.js';
import type { Clock } from '../ports/clock.js';
import type { IdGenerator } from '../ports/id-generator.js';
import type { WebhookResponse, WebhookTransport } from '../ports/webhook-transport.js';

/**
 * Sends a delivery's stored body to the subscription's URL, signed with its secret, and builds the
 * log row of an attempt. Sending touches no database: callers claim before and record after, so no
 * transaction (and no pooled connection) is ever held while an endpoint answers.
 */
export class WebhookAttempts {
  constructor(
    private readonly transport: WebhookTransport,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
  ) {}

  send(delivery: WebhookDelivery, subscription: WebhookSubscription): Promise<WebhookResponse> {
    return this.transport.send({
      url: subscription.url,
      secret: subscription.secret,
      body: delivery.body,
      deliveryId: delivery.id,
      eventType: delivery.eventType,
    });
  }

  /** The log row of an attempt made on `delivery` as it was before the attempt (its number is the next). */
  logged(delivery: WebhookDelivery, url: string, trigger: AttemptTrigger, response: WebhookResponse): DeliveryAttempt {
    return {
      id: this.ids.next(),
      deliveryId: delivery.id,
      subscriptionId: delivery.subscriptionId,
      eventType: delivery.eventType,
      url,
      attempt: delivery.attempts + 1,
      trigger,
      succeeded: response.succeeded,
      httpStatus: response.httpStatus,
      durationMs: response.durationMs,
      responseBody: response.responseBody,
      error: response.error,
      createdAt: this.clock.now(),
    };
  }

  /** The log row of an attempt whose sender stopped before recording its answer. */
  interrupted(delivery: WebhookDelivery, url: string, trigger: AttemptTrigger): DeliveryAttempt {
    return this.logged(delivery, url, trigger, {
      succeeded: false,
      httpStatus: null,
      durationMs: 0,
      responseBody: null,
      error: INTERRUPTED_ATTEMPT_ERROR,
    });
  }
}
