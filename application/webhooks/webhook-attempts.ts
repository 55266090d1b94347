import type { AttemptTrigger, DeliveryAttempt, WebhookDelivery, WebhookSubscription } from '../../domain/webhook/index.js';
import type { Clock } from '../ports/clock.js';
import type { IdGenerator } from '../ports/id-generator.js';
import type { WebhookDeliveryRepository } from '../ports/webhook-repositories.js';
import type { WebhookResponse, WebhookTransport } from '../ports/webhook-transport.js';

export interface AttemptMade {
  readonly attempt: DeliveryAttempt;
  readonly response: WebhookResponse;
}

/** Sends a delivery's stored body to the subscription's current URL, signed with its current secret, and logs the attempt. */
export class WebhookAttempts {
  constructor(
    private readonly transport: WebhookTransport,
    private readonly deliveries: WebhookDeliveryRepository,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
  ) {}

  /** Must run inside a transaction when the delivery row already exists (the log row joins it). */
  async make(delivery: WebhookDelivery, subscription: WebhookSubscription, trigger: AttemptTrigger): Promise<AttemptMade> {
    const response = await this.transport.send({
      url: subscription.url,
      secret: subscription.secret,
      body: delivery.body,
      deliveryId: delivery.id,
      eventType: delivery.eventType,
      timestamp: this.clock.now(),
    });
    const attempt: DeliveryAttempt = {
      id: this.ids.next(),
      deliveryId: delivery.id,
      subscriptionId: subscription.id,
      eventType: delivery.eventType,
      url: subscription.url,
      attempt: delivery.attempts + 1,
      trigger,
      succeeded: response.succeeded,
      httpStatus: response.httpStatus,
      durationMs: response.durationMs,
      responseBody: response.responseBody,
      error: response.error,
      createdAt: this.clock.now(),
    };
    await this.deliveries.appendAttempt(attempt);
    return { attempt, response };
  }
}
