import { err, ok, type Result } from 'neverthrow';
import type { NotificationRefusal, ProviderNotificationReader, RawNotification } from '../../../application/ports/provider-notifications.js';
import type { Integration, ProviderNotice } from '../../../domain/index.js';
import { obj, str } from '../shared/json-fields.js';
import { parsedJsonBody, signingSecretOf } from '../shared/notification-checks.js';
import { paddleEventFacts, type PaddleEvent } from './paddle-event-facts.js';
import { checkPaddleSignature, PADDLE_SIGNATURE_TOLERANCE_SECONDS } from './paddle-signature.js';

const REFUSALS = {
  malformed: 'The Paddle-Signature header is not ts=<unix>;h1=<hex>',
  stale: `The Paddle-Signature timestamp is more than ${PADDLE_SIGNATURE_TOLERANCE_SECONDS} s old`,
  mismatch: 'No h1 signature in Paddle-Signature matches the body and the secret key',
} as const;

/**
 * The `mor_a` provider: Paddle Billing notifications. The `Paddle-Signature` header is checked as
 * Paddle's own verifier checks it (HMAC-SHA256 over `ts:body`, five seconds' tolerance), but with
 * every `h1` of a secret rotation tried and each compared in constant time; then the event becomes
 * neutral facts. Paddle's body does not say sandbox or live, so the mode is the integration's.
 */
export class PaddleNotifications implements ProviderNotificationReader {
  readonly provider = 'mor_a' as const;

  constructor(private readonly nowSeconds: () => number = () => Math.floor(Date.now() / 1000)) {}

  async read(notification: RawNotification, integration: Integration): Promise<Result<ProviderNotice, NotificationRefusal>> {
    const header = notification.header('paddle-signature');
    if (!header) return err({ kind: 'invalid_signature', message: 'The Paddle-Signature header is missing' });
    const secret = signingSecretOf(integration);
    if (secret.isErr()) return err(secret.error);
    const check = checkPaddleSignature(header, notification.rawBody, secret.value, this.nowSeconds());
    if (check !== 'valid') return err({ kind: 'invalid_signature', message: REFUSALS[check] });
    const parsed = parsedJsonBody(notification.rawBody);
    if (parsed.isErr()) return err(parsed.error);
    const body = parsed.value;
    const event = obj(body);
    const eventId = str(event?.event_id);
    const type = str(event?.event_type);
    const data = obj(event?.data);
    if (!eventId || !type || !data) return err({ kind: 'invalid_json', message: 'The body is not a Paddle notification (event_id, event_type, data)' });
    const paddleEvent: PaddleEvent = { eventId, type, data };
    return ok({ provider: 'mor_a', eventId, type, livemode: null, ...paddleEventFacts(paddleEvent) });
  }
}
