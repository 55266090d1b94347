import { err, ok, type Result } from 'neverthrow';
import { validationError, type DomainError } from '../../domain/index.js';
import {
  afterManualAttempt,
  pingPayload,
  serializeEnvelope,
  webhookEnvelope,
  type DeliveryAttempt,
  type WebhookDelivery,
} from '../../domain/webhook/index.js';
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
    const now = this.clock.now();
    const deliveryId = this.ids.next();
    const pending: WebhookDelivery = {
      id: deliveryId,
      subscriptionId: subscription.id,
      merchantId: subscription.merchantId,
      mode: subscription.mode,
      eventId: null,
      eventType: 'ping',
      body: serializeEnvelope(webhookEnvelope('ping', { ...pingPayload(subscription.id, subscription.url) }, now, deliveryId)),
      status: 'pending',
      attempts: 0,
      nextAttemptAt: null,
      createdAt: now,
      updatedAt: now,
    };
    const { response } = await this.uow.transaction(async () => {
      await this.deliveries.insert(pending);
      const made = await this.attempts.make(pending, subscription, 'test');
      const settled = afterManualAttempt(pending, made.response, this.clock.now());
      await this.deliveries.update({ ...settled, status: made.response.succeeded ? 'succeeded' : 'failed' });
      return made;
    });
    return ok({
      success: response.succeeded,
      httpStatus: response.httpStatus,
      responseBody: response.responseBody,
      url: subscription.url,
      error: response.error,
      deliveryId,
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

  execute(tenant: Tenant, subscriptionId: string, deliveryId: string): Promise<Result<DeliveryAttempt, DomainError>> {
    return transactionalResult(this.uow, async () => {
      const subscription = await this.subscriptions.findById(tenant, subscriptionId);
      if (!subscription) return err(notFound('Webhook subscription'));
      // Locked while it is sent, so a resend and the worker never send the same delivery at once.
      const delivery = await this.deliveries.findForUpdate(subscription.id, deliveryId);
      if (!delivery) return err(notFound('Webhook delivery'));
      const made = await this.attempts.make(delivery, subscription, 'resend');
      await this.deliveries.update(afterManualAttempt(delivery, made.response, this.clock.now()));
      return ok(made.attempt);
    });
  }
}
