import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A fresh secret for a code or token: 32 random bytes, base64url. */
export const newSecret = (prefix: string): string => `${prefix}${randomBytes(32).toString('base64url')}`;

/** Only hashes are stored. */
export const hashOf = (secret: string): string => createHash('sha256').update(secret).digest('hex');

/** PKCE S256 (RFC 7636): BASE64URL(SHA256(verifier)) equals the challenge, compared in constant time. */
export const pkceMatches = (verifier: string, challenge: string): boolean => {
  if (!/^[A-Za-z0-9._~-]{43,128}$/.test(verifier)) return false;
  const computed = Buffer.from(createHash('sha256').update(verifier).digest('base64url'));
  const expected = Buffer.from(challenge);
  return computed.length === expected.length && timingSafeEqual(computed, expected);
};
