import { err, ok, type Result } from 'neverthrow';
import type { NotificationRefusal, ProviderNotificationReader, RawNotification } from '../../../application/ports/provider-notifications.js';
import type { Integration, ProviderNotice } from '../../../domain/index.js';
import { hexHmacSha256Matches } from '../shared/hmac-signature.js';
import { obj, str } from '../shared/json-fields.js';
import { parsedJsonBody, signingSecretOf } from '../shared/notification-checks.js';
import { lemonSqueezyEventFacts } from './lemon-squeezy-event-facts.js';
import { lemonSqueezyEventId } from './lemon-squeezy-event-id.js';

/**
 * The `mor_b` provider: Lemon Squeezy webhooks. `X-Signature` is the hex HMAC-SHA256 of the raw
 * body under the webhook's signing secret (no timestamp, so no replay window to check; replays
 * land on the same derived event id). Lemon Squeezy has no official verifier, so the shared
 * constant-time HMAC helper checks it. `meta.test_mode` tells test from live.
 */
export class LemonSqueezyNotifications implements ProviderNotificationReader {
  readonly provider = 'mor_b' as const;

  async read(notification: RawNotification, integration: Integration): Promise<Result<ProviderNotice, NotificationRefusal>> {
    const signature = notification.header('x-signature');
    if (!signature) return err({ kind: 'invalid_signature', message: 'The X-Signature header is missing' });
    const secret = signingSecretOf(integration);
    if (secret.isErr()) return err(secret.error);
    if (!hexHmacSha256Matches(secret.value, notification.rawBody, signature)) {
      return err({ kind: 'invalid_signature', message: 'X-Signature is not the HMAC-SHA256 of the body under the signing secret' });
    }
    const parsed = parsedJsonBody(notification.rawBody);
    if (parsed.isErr()) return err(parsed.error);
    const body = parsed.value;
    const meta = obj(obj(body)?.meta);
    const data = obj(obj(body)?.data);
    const eventName = str(meta?.event_name);
    const eventId = eventName && data ? lemonSqueezyEventId(eventName, data) : null;
    if (!meta || !data || !eventName || !eventId) {
      return err({ kind: 'invalid_json', message: 'The body is not a Lemon Squeezy webhook (meta.event_name, data.type, data.id)' });
    }
    const testMode = typeof meta.test_mode === 'boolean' ? meta.test_mode : obj(data.attributes)?.test_mode;
    return ok({
      provider: 'mor_b',
      eventId,
      type: eventName,
      livemode: typeof testMode === 'boolean' ? !testMode : null,
      ...lemonSqueezyEventFacts({ eventName, meta, data, included: Array.isArray(obj(body)?.included) ? (obj(body)!.included as unknown[]) : [] }),
    });
  }
}
