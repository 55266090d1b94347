import { createHash, timingSafeEqual } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../app-env.js';
import { ApiError } from '../api-error.js';

const digest = (value: string) => createHash('sha256').update(value).digest();

/** `Authorization: Bearer <ADMIN_TOKEN>`, compared in constant time (digests have equal length). */
export const adminAuth = (adminToken: string): MiddlewareHandler<AppEnv> => {
  const expected = digest(adminToken);
  return async (c, next) => {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(c.req.header('authorization') ?? '');
    if (!match?.[1] || !timingSafeEqual(digest(match[1]), expected)) {
      throw new ApiError('unauthorized', 'Missing or invalid operator token');
    }
    c.set('actor', 'operator');
    await next();
  };
};
