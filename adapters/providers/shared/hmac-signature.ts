import { createHmac, timingSafeEqual } from 'node:crypto';

/** A SHA-256 digest written as hex: exactly 64 hex digits (either case). */
const SHA256_HEX = /^[0-9a-fA-F]{64}$/;

/**
 * Whether `received` (a hex signature from a header) is the HMAC-SHA256 of `message` under `secret`.
 * Anything that is not 64 hex digits is refused before comparing (a malformed value must not throw,
 * and `Buffer.from(hex)` would silently drop what follows a bad digit); the two digests, both 32
 * bytes then, are compared in constant time so the time taken says nothing about how much matched.
 */
export const hexHmacSha256Matches = (secret: string, message: string, received: string): boolean => {
  const candidate = received.trim();
  if (!SHA256_HEX.test(candidate)) return false;
  const expected = createHmac('sha256', secret).update(message, 'utf8').digest();
  const given = Buffer.from(candidate, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
};
