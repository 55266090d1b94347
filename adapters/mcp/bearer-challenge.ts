import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../http/app-env.js';

/**
 * A `/mcp` answer of 401 names where to find how to get a token (RFC 9728, the MCP authorization
 * specification): an assistant's client starts its OAuth flow from this header.
 */
export const bearerChallenge =
  (resourceMetadataUrl: string): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    await next();
    if (c.res.status === 401) c.res.headers.set('WWW-Authenticate', `Bearer resource_metadata="${resourceMetadataUrl}"`);
  };
