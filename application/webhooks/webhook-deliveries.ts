import { err, ok, type Result } from 'neverthrow';
import { validationError, type DomainError } from '../../domain/index.js';
import { afterManualAttempt, pingDelivery, type DeliveryAttempt } from '../../domain/webhook/index.js';
import type { Clock } from '../ports/clock.js';
import type { IdGenerator } from '../ports/id-generator.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import type { WebhookDeliveryRepository, WebhookSubscriptionRepository } from '../ports/webhook-repositories.js';
import type { WebhookTransport } from '../ports/webhook-transport.js';
import { notFound } from '../shared/errors.js';
import type { Tenant } from '../shared/tenant.js';
import { transactionalResult } from '../shared/transactional-result.js';
import type { WebhookAttempts } from './webhook-attempts.js';

export interface TestWebhookResult {
  readonly success: boolean;
  readonly httpStatus: number | null;
  readonly responseBody: string | null;
  readonly url: string;
  readonly error: string | null;
  readonly deliveryId: string;
}

/**
 * `POST /webhooks/:id/test`: the URL rules are checked again, then a signed `ping` goes out at once.
 * The attempt is logged like any other; manual sends never count towards the pause rule.
 */
export class SendTestWebhook {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly subscriptions: WebhookSubscriptionRepository,
    private readonly deliveries: WebhookDeliveryRepository,
    private readonly attempts: WebhookAttempts,
    private readonly transport: WebhookTransport,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
  ) {}

  async execute(tenant: Tenant, id: string): Promise<Result<TestWebhookResult, DomainError>> {
    const subscription = await this.subscriptions.findById(tenant, id);
    if (!subscription) return err(notFound('Webhook subscription'));
    const problem = await this.transport.check(subscription.url);
    if (problem !== null) return err(validationError('url', `The subscription's URL may not receive webhooks: ${problem}`));
    const pending = pingDelivery(this.ids.next(), subscription, this.clock.now());
    // Sent first, recorded after: no transaction is open while the endpoint answers.
    const response = await this.attempts.send(pending, subscription);
    await this.uow.transaction(async () => {
      await this.deliveries.insert(pending);
      await this.deliveries.appendAttempts([this.attempts.logged(pending, subscription.url, 'test', response)]);
      await this.deliveries.update(afterManualAttempt(pending, response, this.clock.now()));
    });
    return ok({
      success: response.succeeded,
      httpStatus: response.httpStatus,
      responseBody: response.responseBody,
      url: subscription.url,
      error: response.error,
      deliveryId: pending.id,
    });
  }
}

/** `GET /webhooks/:id/deliveries`: the subscription's recent attempts, newest first. */
export class ListWebhookDeliveries {
  constructor(
    private readonly subscriptions: WebhookSubscriptionRepository,
    private readonly deliveries: WebhookDeliveryRepository,
  ) {}

  async execute(tenant: Tenant, id: string, limit: number): Promise<Result<readonly DeliveryAttempt[], DomainError>> {
    const subscription = await this.subscriptions.findById(tenant, id);
    if (!subscription) return err(notFound('Webhook subscription'));
    return ok(await this.deliveries.recentAttempts(subscription.id, limit));
  }
}

/**
 * `POST /webhooks/:id/deliveries/:deliveryId/resend`: the stored envelope again (same id, same body),
 * to the subscription's current URL with its current secret, at once; answers the new attempt.
 * `deliveryId` may be the envelope id or the id of any attempt of it.
 */
export class ResendWebhookDelivery {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly subscriptions: WebhookSubscriptionRepository,
    private readonly deliveries: WebhookDeliveryRepository,
    private readonly attempts: WebhookAttempts,
    private readonly clock: Clock,
  ) {}

  async execute(tenant: Tenant, subscriptionId: string, deliveryId: string): Promise<Result<DeliveryAttempt, DomainError>> {
    const subscription = await this.subscriptions.findById(tenant, subscriptionId);
    if (!subscription) return err(notFound('Webhook subscription'));
    const delivery = await this.deliveries.find(subscription.id, deliveryId);
    if (!delivery) return err(notFound('Webhook delivery'));
    // Sent outside any transaction; recorded on the row as it is then (the worker may have moved it on).
    const response = await this.attempts.send(delivery, subscription);
    return transactionalResult(this.uow, async () => {
      const current = await this.deliveries.findForUpdate(subscription.id, delivery.id);
      if (!current) return err(notFound('Webhook delivery'));
      const attempt = this.attempts.logged(current, subscription.url, 'resend', response);
      await this.deliveries.appendAttempts([attempt]);
      await this.deliveries.update(afterManualAttempt(current, response, this.clock.now()));
      return ok(attempt);
    });
  }
}
