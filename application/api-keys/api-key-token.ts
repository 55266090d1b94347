import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Mode } from '../../domain/index.js';

const PREFIX = 'svc_pk_';
const SECRET_ALPHABET = /^[A-Za-z0-9]{40,64}$/;
export const LOOKUP_LENGTH = 12;

export interface ParsedToken {
  readonly mode: Mode;
  readonly secret: string;
  readonly lookup: string;
}

/**
 * `svc_pk_live_<secret>`, `svc_pk_test_<secret>`, or a bare `svc_pk_<secret>` (live).
 * The mode prefix is not part of the secret, so a live key works with or without `live_`.
 */
export const parseToken = (token: string): ParsedToken | null => {
  if (!token.startsWith(PREFIX)) return null;
  let rest = token.slice(PREFIX.length);
  let mode: Mode = 'live';
  if (rest.startsWith('live_')) rest = rest.slice('live_'.length);
  else if (rest.startsWith('test_')) {
    rest = rest.slice('test_'.length);
    mode = 'test';
  }
  if (!SECRET_ALPHABET.test(rest)) return null;
  return { mode, secret: rest, lookup: rest.slice(0, LOOKUP_LENGTH) };
};

/** 32 random bytes as 43 URL-safe letters and digits (about 250 bits after dropping `-` and `_`). */
export const generateToken = (mode: Mode): { token: string; parsed: ParsedToken } => {
  let secret = '';
  while (secret.length < 43) secret += randomBytes(48).toString('base64').replace(/[^A-Za-z0-9]/g, '');
  secret = secret.slice(0, 43);
  const token = `${PREFIX}${mode}_${secret}`;
  return { token, parsed: { mode, secret, lookup: secret.slice(0, LOOKUP_LENGTH) } };
};

export const hashSecret = (secret: string): string => createHash('sha256').update(secret).digest('hex');

/** Constant-time comparison of two hex SHA-256 digests. */
export const hashesMatch = (presentedHash: string, storedHash: string): boolean => {
  const presented = Buffer.from(presentedHash, 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return presented.length === stored.length && timingSafeEqual(presented, stored);
};
