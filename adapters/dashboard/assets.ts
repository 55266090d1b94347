import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Hono } from 'hono';

const require = createRequire(import.meta.url);
const packageDist = (pkg: string) => dirname(require.resolve(pkg));
const here = (name: string) => join(import.meta.dirname, 'static', name);

/** Everything the pages load, served by the service itself (no CDN: works offline). */
const FILES: Record<string, { path: string; type: string }> = {
  'htmx.min.js': { path: join(packageDist('htmx.org'), 'htmx.min.js'), type: 'text/javascript' },
  'uplot.min.js': { path: join(packageDist('uplot'), 'uPlot.iife.min.js'), type: 'text/javascript' },
  'uplot.min.css': { path: join(packageDist('uplot'), 'uPlot.min.css'), type: 'text/css' },
  'tokens.css': { path: join(import.meta.dirname, '..', 'display', 'tokens.css'), type: 'text/css' },
  'dashboard.css': { path: here('dashboard.css'), type: 'text/css' },
  'dashboard.js': { path: here('dashboard.js'), type: 'text/javascript' },
  'favicon.svg': { path: here('favicon.svg'), type: 'image/svg+xml' },
};

const loaded = new Map<string, { body: Buffer; type: string }>();
const load = (name: string) => {
  let file = loaded.get(name);
  if (!file) {
    const entry = FILES[name];
    if (!entry) return null;
    file = { body: readFileSync(entry.path), type: entry.type };
    loaded.set(name, file);
  }
  return file;
};

export const assetUrl = (name: keyof typeof FILES & string) => `/dashboard/assets/${name}`;

export const dashboardAssets = () =>
  new Hono().get('/dashboard/assets/:name', (c) => {
    const file = load(c.req.param('name'));
    if (!file) return c.notFound();
    c.header('Content-Type', `${file.type}; charset=utf-8`);
    c.header('Cache-Control', 'public, max-age=3600');
    return c.body(new Uint8Array(file.body));
  });
