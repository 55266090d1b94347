/**
 * The way out to merchants' endpoints. The adapter enforces the URL rules (public https; blocked
 * names and address ranges; `WEBHOOK_DEV_ALLOWED_HOSTS` the only exception): `check` resolves the
 * name and classifies every address, and `send` does so again at connect time and connects only to
 * the address it checked, so a name re-pointed at an internal address is never reached.
 */
export interface WebhookTransport {
  /** null when the URL may receive webhooks, else why not (for a `400 validation_error` on `url`). */
  check(url: string): Promise<string | null>;
  /**
   * Signs and POSTs `body`; never throws: every failure comes back as an unsuccessful result. The
   * signature's `t` is the real time, which receivers compare with their own clocks (never the
   * service's test clock, which only dates the envelope's events).
   */
  send(request: WebhookRequest): Promise<WebhookResponse>;
}

export interface WebhookRequest {
  readonly url: string;
  readonly secret: string;
  /** The raw JSON body, sent and signed as is. */
  readonly body: string;
  readonly deliveryId: string;
  readonly eventType: string;
}

export interface WebhookResponse {
  /** A 2xx status arrived in time. */
  readonly succeeded: boolean;
  readonly httpStatus: number | null;
  readonly durationMs: number;
  /** The start of the body, capped (a few KiB at most are ever read). */
  readonly responseBody: string | null;
  /** Why it failed without a 2xx: blocked address, timeout, connection error, redirect, HTTP status. */
  readonly error: string | null;
}
