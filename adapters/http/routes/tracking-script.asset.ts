import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Context } from 'hono';

const SOURCE = readFileSync(new URL('../tracking-script/t.js', import.meta.url), 'utf8');
const ETAG = `"${createHash('sha256').update(SOURCE).digest('base64url').slice(0, 27)}"`;
/** An hour fresh, then revalidated by ETag: a new script version reaches pages within the hour. */
export const TRACKING_SCRIPT_CACHE_CONTROL = 'public, max-age=3600, stale-while-revalidate=86400';

const matches = (ifNoneMatch: string | undefined): boolean =>
  ifNoneMatch !== undefined && ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === ETAG || tag.trim() === '*');

/** `GET /t.js`: the tracking script, plain JavaScript with no dependencies, cacheable. */
export const trackingScriptAsset = (c: Context) => {
  c.header('Cache-Control', TRACKING_SCRIPT_CACHE_CONTROL);
  c.header('ETag', ETAG);
  c.header('X-Content-Type-Options', 'nosniff');
  if (matches(c.req.header('if-none-match'))) return c.body(null, 304);
  c.header('Content-Type', 'text/javascript; charset=utf-8');
  return c.body(SOURCE, 200);
};
