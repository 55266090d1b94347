/**
 * Webhook signatures, for receivers (and used by the service to sign). Depends on nothing but
 * `node:crypto`; published as `affiliate-service/webhooks`.
 *
 * Header: `X-Service-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`, keyed
 * with the subscription's secret (the 64-hex-character string, used as is).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const SIGNATURE_HEADER = 'X-Service-Signature';
export const DEFAULT_TOLERANCE_SECONDS = 300;

const toUnix = (at: Date | number): number => Math.floor((typeof at === 'number' ? at : at.getTime()) / 1000);

/** The hex HMAC-SHA256 of `<timestamp>.<rawBody>`. */
export const computeWebhookSignature = (secret: string, timestamp: number, rawBody: string | Uint8Array): string =>
  createHmac('sha256', secret)
    .update(`${timestamp}.`)
    .update(typeof rawBody === 'string' ? Buffer.from(rawBody, 'utf8') : rawBody)
    .digest('hex');

/** The header value for `rawBody` sent at `at` (a Date or epoch milliseconds). */
export const signWebhookPayload = (secret: string, rawBody: string | Uint8Array, at: Date | number): string => {
  const t = toUnix(at);
  return `t=${t},v1=${computeWebhookSignature(secret, t, rawBody)}`;
};

export interface VerifyOptions {
  /** Largest accepted difference between the signature's `t` and now, either way. Default 300. */
  readonly toleranceSeconds?: number;
  /** The receiver's clock (Date or epoch milliseconds). Default: the system time. */
  readonly now?: Date | number;
}

export type VerifyFailure = 'missing_header' | 'malformed_header' | 'timestamp_out_of_tolerance' | 'signature_mismatch';

export type VerifyResult =
  | { readonly valid: true; readonly timestamp: number }
  | { readonly valid: false; readonly reason: VerifyFailure };

const HEX_64 = /^[0-9a-f]{64}$/i;

const parseHeader = (header: string): { t: number; v1: string[] } | null => {
  let t: number | null = null;
  const v1: string[] = [];
  for (const part of header.split(',')) {
    const eq = part.indexOf('=');
    if (eq <= 0) continue;
    const key = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (key === 't') {
      if (!/^\d{1,12}$/.test(value)) return null;
      t = Number(value);
    } else if (key === 'v1' && HEX_64.test(value)) {
      v1.push(value.toLowerCase());
    }
  }
  return t === null || v1.length === 0 ? null : { t, v1 };
};

/**
 * Checks a delivery and says why it fails: `header` is the `X-Service-Signature` value, `rawBody` the
 * request body exactly as received (before any JSON parsing). Rejects a timestamp more than
 * `toleranceSeconds` away from `now` in either direction, and compares signatures in constant time.
 * Several `v1` entries are accepted (any one matching is enough).
 */
export const checkWebhookSignature = (
  secret: string,
  header: string | null | undefined,
  rawBody: string | Uint8Array,
  options: VerifyOptions = {},
): VerifyResult => {
  if (!header) return { valid: false, reason: 'missing_header' };
  const parsed = parseHeader(header);
  if (!parsed) return { valid: false, reason: 'malformed_header' };
  const tolerance = options.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS;
  const now = toUnix(options.now ?? Date.now());
  if (Math.abs(now - parsed.t) > tolerance) return { valid: false, reason: 'timestamp_out_of_tolerance' };
  const expected = Buffer.from(computeWebhookSignature(secret, parsed.t, rawBody), 'hex');
  const matches = parsed.v1.some((candidate) => {
    const given = Buffer.from(candidate, 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  return matches ? { valid: true, timestamp: parsed.t } : { valid: false, reason: 'signature_mismatch' };
};

/**
 * True when the delivery is authentic and fresh (see `checkWebhookSignature` for the rules and for
 * the reason of a rejection). A boolean on purpose: `if (!verifyWebhookSignature(...)) reject()`.
 */
export const verifyWebhookSignature = (
  secret: string,
  header: string | null | undefined,
  rawBody: string | Uint8Array,
  options: VerifyOptions = {},
): boolean => checkWebhookSignature(secret, header, rawBody, options).valid;
