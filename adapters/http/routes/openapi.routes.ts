import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Hono } from 'hono';
import type { AppEnv } from '../app-env.js';
import { ApiError } from '../api-error.js';
import type { OpenApiDocuments } from '../openapi/document.js';

/**
 * `GET /api/v1/openapi.json` (no authentication: the contract is public, holds no tenant data, and the
 * browser reference needs it) and `GET /docs`, the interactive reference: Swagger UI served from the
 * `swagger-ui-dist` package, so the page works offline (no CDN). Mount before the `/api/*` guards.
 */

const UI_DIR = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

const INIT = `window.ui = SwaggerUIBundle({
  url: '/api/v1/openapi.json',
  dom_id: '#swagger-ui',
  presets: [SwaggerUIBundle.presets.apis],
  layout: 'BaseLayout',
  deepLinking: true,
  docExpansion: 'list',
  defaultModelsExpandDepth: 0,
  filter: true,
  showExtensions: true,
  showCommonExtensions: true,
  displayRequestDuration: true,
  persistAuthorization: false,
  validatorUrl: null
});
`;

const PAGE = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Affiliate service API reference</title>
  <link rel="icon" type="image/png" href="/docs/assets/favicon-32x32.png">
  <link rel="stylesheet" href="/docs/assets/swagger-ui.css">
  <style>body { margin: 0; } .swagger-ui .info { margin: 30px 0 10px; }</style>
</head>
<body>
  <div id="swagger-ui"></div>
  <script src="/docs/assets/swagger-ui-bundle.js"></script>
  <script src="/docs/assets/init.js"></script>
</body>
</html>
`;

const ASSETS: Record<string, string> = {
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'swagger-ui.css': 'text/css; charset=utf-8',
  'favicon-32x32.png': 'image/png',
  'favicon-16x16.png': 'image/png',
};

const loaded = new Map<string, Uint8Array<ArrayBuffer>>();
const asset = (name: string): Uint8Array<ArrayBuffer> => {
  let bytes = loaded.get(name);
  if (!bytes) {
    bytes = new Uint8Array(readFileSync(join(UI_DIR, name)));
    loaded.set(name, bytes);
  }
  return bytes;
};

export const openApiRoutes = (documents: () => OpenApiDocuments) =>
  new Hono<AppEnv>()
    .get('/api/v1/openapi.json', (c) => {
      c.header('Cache-Control', 'no-cache');
      return c.json(documents().public);
    })
    .get('/docs', (c) => c.html(PAGE))
    .get('/docs/assets/init.js', (c) => c.body(INIT, 200, { 'Content-Type': 'text/javascript; charset=utf-8' }))
    .get('/docs/assets/:file', (c) => {
      const name = c.req.param('file');
      const type = ASSETS[name];
      if (!type) throw new ApiError('not_found', `No asset ${name}`);
      return c.body(asset(name), 200, { 'Content-Type': type, 'Cache-Control': 'public, max-age=3600' });
    });

/** `GET /admin/v1/openapi.json`: the operator API's document, behind the operator token like the rest of `/admin`. */
export const adminOpenApiRoutes = (documents: () => OpenApiDocuments) =>
  new Hono<AppEnv>().get('/openapi.json', (c) => c.json(documents().admin));
