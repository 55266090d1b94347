import { err, ok, Result } from 'neverthrow';
import type { NotificationRefusal } from '../../../application/ports/provider-notifications.js';
import type { Integration } from '../../../domain/index.js';

/** The integration's signing secret; an integration saved without one cannot verify a secret-signed notification. */
export const signingSecretOf = (integration: Integration): Result<string, NotificationRefusal> =>
  integration.signingSecret ? ok(integration.signingSecret) : err({ kind: 'invalid_signature', message: 'The integration has no signing secret' });

/** The raw body as JSON, or the refusal of a body that does not parse. */
export const parsedJsonBody: (rawBody: string) => Result<unknown, NotificationRefusal> = Result.fromThrowable(
  (rawBody: string): unknown => JSON.parse(rawBody),
  (): NotificationRefusal => ({ kind: 'invalid_json', message: 'The body is not valid JSON' }),
);

