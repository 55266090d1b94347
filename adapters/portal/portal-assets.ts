import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Hono } from 'hono';

const here = dirname(fileURLToPath(import.meta.url));
const uplotDir = join(dirname(createRequire(import.meta.url).resolve('uplot/package.json')), 'dist');

/** Every asset the portal pages load, read once at start: nothing comes from a CDN. */
const ASSET_FILES: Record<string, { path: string; type: string }> = {
  'tokens.css': { path: join(here, '..', 'display', 'tokens.css'), type: 'text/css; charset=utf-8' },
  'portal.css': { path: join(here, 'assets', 'portal.css'), type: 'text/css; charset=utf-8' },
  'portal.js': { path: join(here, 'assets', 'portal.js'), type: 'text/javascript; charset=utf-8' },
  'uplot.iife.min.js': { path: join(uplotDir, 'uPlot.iife.min.js'), type: 'text/javascript; charset=utf-8' },
  'uplot.min.css': { path: join(uplotDir, 'uPlot.min.css'), type: 'text/css; charset=utf-8' },
};

export const portalAssetRoutes = () => {
  const files = new Map(Object.entries(ASSET_FILES).map(([name, f]) => [name, { body: readFileSync(f.path), type: f.type }]));
  return new Hono().get('/portal/assets/:file', (c) => {
    const file = files.get(c.req.param('file'));
    if (!file) return c.text('Not found', 404);
    return c.body(new Uint8Array(file.body), 200, { 'Content-Type': file.type, 'Cache-Control': 'public, max-age=3600' });
  });
};
