import { err, ok, type Result } from 'neverthrow';
import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import type { NotificationRefusal, ProviderNotificationReader, RawNotification } from '../../../application/ports/provider-notifications.js';
import type { Integration, ProviderNotice } from '../../../domain/index.js';
import { obj, str } from '../shared/json-fields.js';
import { parsedJsonBody, signingSecretOf } from '../shared/notification-checks.js';
import { polarEventFacts } from './polar-event-facts.js';

const HEADERS = ['webhook-id', 'webhook-timestamp', 'webhook-signature'] as const;

/**
 * The `mor_c` provider: Polar webhooks, signed by the Standard Webhooks scheme (`webhook-id`,
 * `webhook-timestamp`, `webhook-signature`; five minutes' tolerance, constant-time compare) and
 * verified with the `standardwebhooks` package. Polar keys the HMAC with the secret exactly as its
 * dashboard shows it, which the package expects base64-encoded, so the secret is encoded first (as
 * Polar's own SDK does). The `webhook-id` is the event id: Polar keeps it across retries.
 */
export class PolarNotifications implements ProviderNotificationReader {
  readonly provider = 'mor_c' as const;

  async read(notification: RawNotification, integration: Integration): Promise<Result<ProviderNotice, NotificationRefusal>> {
    const secret = signingSecretOf(integration);
    if (secret.isErr()) return err(secret.error);
    const headers: Record<string, string> = {};
    for (const name of HEADERS) {
      const value = notification.header(name);
      if (!value) return err({ kind: 'invalid_signature', message: `The ${name} header is missing` });
      headers[name] = value;
    }
    try {
      new Webhook(Buffer.from(secret.value, 'utf8').toString('base64')).verify(notification.rawBody, headers, { jsonParse: false });
    } catch (error) {
      const message = error instanceof WebhookVerificationError ? error.message : 'The signature does not verify';
      return err({ kind: 'invalid_signature', message: `webhook-signature: ${message}` });
    }
    const parsed = parsedJsonBody(notification.rawBody);
    if (parsed.isErr()) return err(parsed.error);
    const body = parsed.value;
    const type = str(obj(body)?.type);
    const data = obj(obj(body)?.data);
    if (!type || !data) return err({ kind: 'invalid_json', message: 'The body is not a Polar webhook (type, data)' });
    // Polar's payload does not say sandbox or production: the integration's mode stands.
    return ok({ provider: 'mor_c', eventId: headers['webhook-id']!, type, livemode: null, ...polarEventFacts(type, data) });
  }
}
