import { hexHmacSha256Matches } from '../shared/hmac-signature.js';

/** Paddle's own libraries refuse a signature more than five seconds old (replays). */
export const PADDLE_SIGNATURE_TOLERANCE_SECONDS = 5;

export type PaddleSignatureCheck = 'valid' | 'malformed' | 'stale' | 'mismatch';

/**
 * `Paddle-Signature: ts=<unix>;h1=<hex>[;h1=<hex>...]`: each `h1` is the hex HMAC-SHA256 of
 * `"<ts>:<raw body>"` under the destination's secret key; while a secret is rotated the header
 * carries one `h1` per secret, so any of them may match. Unknown keys (future schemes) are skipped.
 */
export const checkPaddleSignature = (
  header: string,
  rawBody: string,
  secret: string,
  nowSeconds: number,
  toleranceSeconds = PADDLE_SIGNATURE_TOLERANCE_SECONDS,
): PaddleSignatureCheck => {
  let ts: string | null = null;
  const signatures: string[] = [];
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at <= 0) continue;
    const key = part.slice(0, at).trim();
    const value = part.slice(at + 1).trim();
    if (key === 'ts') ts = value;
    else if (key === 'h1' && value !== '') signatures.push(value);
  }
  if (ts === null || !/^\d{1,12}$/.test(ts) || signatures.length === 0) return 'malformed';
  if (nowSeconds - Number(ts) > toleranceSeconds) return 'stale';
  // Every candidate is checked (no early exit on the first), each comparison in constant time.
  const matches = signatures.map((h1) => hexHmacSha256Matches(secret, `${ts}:${rawBody}`, h1));
  return matches.includes(true) ? 'valid' : 'mismatch';
};
