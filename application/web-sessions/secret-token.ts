import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** 32 random bytes, URL-safe: session ids, CSRF tokens and emailed link tokens. */
export const randomSecret = (): string => randomBytes(32).toString('base64url');

/** What is stored instead of a secret: a database read never yields a usable session or link. */
export const hashSecretToken = (secret: string): string => createHash('sha256').update(secret).digest('hex');

/** Constant-time equality of two secrets (different lengths are unequal without a timing hint on content). */
export const secretsMatch = (presented: string, expected: string): boolean => {
  const a = createHash('sha256').update(presented).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b) && presented.length === expected.length;
};
