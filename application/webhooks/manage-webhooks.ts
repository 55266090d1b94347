import { err, ok, type Result } from 'neverthrow';
import { validationError, type DomainError } from '../../domain/index.js';
import {
  changeSubscription,
  createSubscription,
  deactivateSubscription,
  parseWebhookEvents,
  rotateSecret,
  type WebhookEventType,
  type WebhookSubscription,
} from '../../domain/webhook/index.js';
import type { Clock } from '../ports/clock.js';
import type { IdGenerator } from '../ports/id-generator.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import type { WebhookSubscriptionRepository } from '../ports/webhook-repositories.js';
import type { WebhookTransport } from '../ports/webhook-transport.js';
import { notFound } from '../shared/errors.js';
import type { Page, PageRequest } from '../shared/page.js';
import type { Tenant } from '../shared/tenant.js';
import { transactionalResult } from '../shared/transactional-result.js';
import { newWebhookSecret } from './webhook-secret.js';

const checkUrl = async (transport: WebhookTransport, url: string): Promise<Result<string, DomainError>> => {
  const problem = await transport.check(url);
  return problem === null ? ok(url) : err(validationError('url', problem));
};

const parseEvents = (events: readonly string[] | undefined): Result<readonly WebhookEventType[] | undefined, DomainError> =>
  events === undefined ? ok(undefined) : parseWebhookEvents(events);

export interface CreateWebhookInput {
  readonly tenant: Tenant;
  readonly url: string;
  readonly events: readonly string[];
  readonly maxRetries?: number | undefined;
}

/** `POST /webhooks`: checks the URL rules (resolving the name), then stores it active with a fresh secret. */
export class CreateWebhook {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly subscriptions: WebhookSubscriptionRepository,
    private readonly transport: WebhookTransport,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
  ) {}

  async execute(input: CreateWebhookInput): Promise<Result<WebhookSubscription, DomainError>> {
    const events = parseWebhookEvents(input.events);
    if (events.isErr()) return err(events.error);
    const url = await checkUrl(this.transport, input.url);
    if (url.isErr()) return err(url.error);
    const created = createSubscription({
      id: this.ids.next(),
      merchantId: input.tenant.merchantId,
      mode: input.tenant.mode,
      url: url.value,
      events: events.value,
      secret: newWebhookSecret(),
      maxRetries: input.maxRetries,
      now: this.clock.now(),
    });
    if (created.isErr()) return err(created.error);
    await this.uow.transaction(() => this.subscriptions.insert(created.value));
    return ok(created.value);
  }
}

/** `GET /webhooks` and `GET /webhooks/:id`. */
export class ListWebhooks {
  constructor(private readonly subscriptions: WebhookSubscriptionRepository) {}

  page(tenant: Tenant, page: PageRequest): Promise<Page<WebhookSubscription>> {
    return this.subscriptions.listPage(tenant, page);
  }

  async one(tenant: Tenant, id: string): Promise<Result<WebhookSubscription, DomainError>> {
    const found = await this.subscriptions.findById(tenant, id);
    return found ? ok(found) : err(notFound('Webhook subscription'));
  }
}

export interface UpdateWebhookInput {
  readonly tenant: Tenant;
  readonly id: string;
  readonly url?: string | undefined;
  readonly events?: readonly string[] | undefined;
  readonly active?: boolean | undefined;
  readonly maxRetries?: number | undefined;
}

/** `PATCH /webhooks/:id` and `DELETE /webhooks/:id` (which is `active: false`). */
export class UpdateWebhook {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly subscriptions: WebhookSubscriptionRepository,
    private readonly transport: WebhookTransport,
    private readonly clock: Clock,
  ) {}

  async execute(input: UpdateWebhookInput): Promise<Result<WebhookSubscription, DomainError>> {
    const events = parseEvents(input.events);
    if (events.isErr()) return err(events.error);
    // The URL check resolves a name: done before the row is locked, not while holding it.
    if (input.url !== undefined) {
      const url = await checkUrl(this.transport, input.url);
      if (url.isErr()) return err(url.error);
    }
    return transactionalResult(this.uow, async () => {
      const current = await this.subscriptions.findByIdForUpdate(input.tenant, input.id);
      if (!current) return err(notFound('Webhook subscription'));
      const changed = changeSubscription(
        current,
        { url: input.url, events: events.value, active: input.active, maxRetries: input.maxRetries },
        this.clock.now(),
      );
      if (changed.isErr()) return err(changed.error);
      await this.subscriptions.update(changed.value);
      return ok(changed.value);
    });
  }

  deactivate(tenant: Tenant, id: string): Promise<Result<WebhookSubscription, DomainError>> {
    return transactionalResult(this.uow, async () => {
      const current = await this.subscriptions.findByIdForUpdate(tenant, id);
      if (!current) return err(notFound('Webhook subscription'));
      const next = deactivateSubscription(current, this.clock.now());
      await this.subscriptions.update(next);
      return ok(next);
    });
  }
}

/** `POST /webhooks/:id/rotate`: a new secret; the old one is gone, so it stops verifying at once. */
export class RotateWebhookSecret {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly subscriptions: WebhookSubscriptionRepository,
    private readonly clock: Clock,
  ) {}

  execute(tenant: Tenant, id: string): Promise<Result<WebhookSubscription, DomainError>> {
    return transactionalResult(this.uow, async () => {
      const current = await this.subscriptions.findByIdForUpdate(tenant, id);
      if (!current) return err(notFound('Webhook subscription'));
      const rotated = rotateSecret(current, newWebhookSecret(), this.clock.now());
      if (rotated.isErr()) return err(rotated.error);
      await this.subscriptions.update(rotated.value);
      return ok(rotated.value);
    });
  }
}
