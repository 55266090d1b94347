import type { Container } from '../token.js';
import { DEFAULT_DISPATCH_SETTINGS, DispatchWebhooks } from '../../application/webhooks/dispatch-webhooks.js';
import { FanOutWebhookEvents } from '../../application/webhooks/webhook-fan-out.js';
import { RecordWebhookOutcomes } from '../../application/webhooks/webhook-outcomes.js';
import { CreateWebhook, ListWebhooks, RotateWebhookSecret, UpdateWebhook } from '../../application/webhooks/manage-webhooks.js';
import { WebhookAttempts } from '../../application/webhooks/webhook-attempts.js';
import { ListWebhookDeliveries, ResendWebhookDelivery, SendTestWebhook } from '../../application/webhooks/webhook-deliveries.js';
import { WebhookPauseNotice } from '../../application/webhooks/webhook-pause-notice.js';
import type { WebhookUseCases } from '../../adapters/http/routes/webhooks.routes.js';
import {
  SqlPendingOutboxEvents,
  SqlWebhookSubscriptionRepository,
} from '../../adapters/persistence/repositories/sql-webhook-repositories.js';
import { SqlWebhookDeliveryRepository } from '../../adapters/persistence/repositories/sql-webhook-delivery-repository.js';
import { systemHostResolver, type HostResolver } from '../../adapters/webhooks/host-resolver.js';
import { SsrfSafeWebhookTransport } from '../../adapters/webhooks/ssrf-safe-webhook-transport.js';
import { TOKENS as T } from '../tokens.js';
import { single } from './single.js';

/** Webhook subscriptions, the SSRF-safe transport, and the `webhook-dispatch` job. */
export const registerWebhooks = (c: Container, hostResolver: HostResolver = systemHostResolver): void => {
  c.register(T.WebhookSubscriptionRepository, single((r) => new SqlWebhookSubscriptionRepository(r.resolve(T.Orm))));
  c.register(T.WebhookDeliveryRepository, single((r) => new SqlWebhookDeliveryRepository(r.resolve(T.Orm))));
  c.register(T.PendingOutboxEvents, single((r) => new SqlPendingOutboxEvents(r.resolve(T.Orm))));
  c.register(
    T.WebhookTransport,
    single(
      (r) =>
        new SsrfSafeWebhookTransport({
          devAllowedHosts: r.resolve(T.Config).webhookDevAllowedHosts,
          resolver: hostResolver,
        }),
    ),
  );
  c.register(
    T.WebhookAttempts,
    single((r) => new WebhookAttempts(r.resolve(T.WebhookTransport), r.resolve(T.Ids), r.resolve(T.Clock))),
  );
  c.register(
    T.WebhookPauseNotice,
    single(
      (r) =>
        new WebhookPauseNotice(
          r.resolve(T.MerchantRepository),
          r.resolve(T.NotificationRepository),
          r.resolve(T.Mailer),
          r.resolve(T.Ids),
          r.resolve(T.Clock),
        ),
    ),
  );
  c.register(
    T.CreateWebhook,
    single(
      (r) =>
        new CreateWebhook(r.resolve(T.UnitOfWork), r.resolve(T.WebhookSubscriptionRepository), r.resolve(T.WebhookTransport), r.resolve(T.Ids), r.resolve(T.Clock)),
    ),
  );
  c.register(T.ListWebhooks, single((r) => new ListWebhooks(r.resolve(T.WebhookSubscriptionRepository))));
  c.register(
    T.UpdateWebhook,
    single((r) => new UpdateWebhook(r.resolve(T.UnitOfWork), r.resolve(T.WebhookSubscriptionRepository), r.resolve(T.WebhookTransport), r.resolve(T.Clock))),
  );
  c.register(
    T.RotateWebhookSecret,
    single((r) => new RotateWebhookSecret(r.resolve(T.UnitOfWork), r.resolve(T.WebhookSubscriptionRepository), r.resolve(T.Clock))),
  );
  c.register(
    T.SendTestWebhook,
    single(
      (r) =>
        new SendTestWebhook(
          r.resolve(T.UnitOfWork),
          r.resolve(T.WebhookSubscriptionRepository),
          r.resolve(T.WebhookDeliveryRepository),
          r.resolve(T.WebhookAttempts),
          r.resolve(T.WebhookTransport),
          r.resolve(T.Ids),
          r.resolve(T.Clock),
        ),
    ),
  );
  c.register(
    T.ListWebhookDeliveries,
    single((r) => new ListWebhookDeliveries(r.resolve(T.WebhookSubscriptionRepository), r.resolve(T.WebhookDeliveryRepository))),
  );
  c.register(
    T.ResendWebhookDelivery,
    single(
      (r) =>
        new ResendWebhookDelivery(
          r.resolve(T.UnitOfWork),
          r.resolve(T.WebhookSubscriptionRepository),
          r.resolve(T.WebhookDeliveryRepository),
          r.resolve(T.WebhookAttempts),
          r.resolve(T.Clock),
        ),
    ),
  );
  c.register(
    T.DispatchWebhooks,
    single((r) => {
      const config = r.resolve(T.Config);
      const fanOut = new FanOutWebhookEvents(
        r.resolve(T.UnitOfWork),
        r.resolve(T.PendingOutboxEvents),
        r.resolve(T.WebhookSubscriptionRepository),
        r.resolve(T.WebhookDeliveryRepository),
        r.resolve(T.Ids),
        r.resolve(T.Clock),
      );
      const outcomes = new RecordWebhookOutcomes(
        r.resolve(T.UnitOfWork),
        r.resolve(T.WebhookSubscriptionRepository),
        r.resolve(T.WebhookDeliveryRepository),
        r.resolve(T.WebhookAttempts),
        r.resolve(T.WebhookPauseNotice),
        r.resolve(T.Clock),
        r.resolve(T.Logger),
      );
      return new DispatchWebhooks(fanOut, r.resolve(T.WebhookDeliveryRepository), r.resolve(T.WebhookAttempts), outcomes, r.resolve(T.Clock), r.resolve(T.Logger), {
        ...DEFAULT_DISPATCH_SETTINGS,
        concurrency: config.webhookConcurrency,
        perSubscription: config.webhookSubscriptionConcurrency,
      });
    }),
  );
};

/**
 * Registers `webhook-dispatch` with the job registry. Call it after every other module has registered
 * its jobs: `POST /admin/v1/jobs/run` runs jobs in registration order, so events the other jobs emit
 * (auto-approvals, payouts, awards) are delivered in the same run.
 */
export const registerWebhookJob = (c: Container): void => {
  c.register(T.Job, single((r) => r.resolve(T.DispatchWebhooks)));
};

export const webhooksHttp = (c: Container): { webhooks: WebhookUseCases } => ({
  webhooks: {
    createWebhook: c.resolve(T.CreateWebhook),
    listWebhooks: c.resolve(T.ListWebhooks),
    updateWebhook: c.resolve(T.UpdateWebhook),
    rotateWebhookSecret: c.resolve(T.RotateWebhookSecret),
    sendTestWebhook: c.resolve(T.SendTestWebhook),
    listWebhookDeliveries: c.resolve(T.ListWebhookDeliveries),
    resendWebhookDelivery: c.resolve(T.ResendWebhookDelivery),
  },
});
