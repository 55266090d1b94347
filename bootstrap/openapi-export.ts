import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { DEFAULT_PUBLIC_LIMITS } from '../application/rate-limiting/public-limits.js';
import { createHttpApp, type HttpDependencies } from '../adapters/http/app.js';
import { DEFAULT_BASE_URL, openApiDocuments, type OpenApiDocuments } from '../adapters/http/openapi/document.js';

/**
 * The OpenAPI documents without a database: the app is assembled with stand-in dependencies, which
 * is safe because the routers only close over their dependencies and no handler runs here. Used to
 * generate the typed client (`npm run generate:client`) and by its freshness test.
 */
export const offlineOpenApiDocuments = (): OpenApiDocuments => {
  // A callable stand-in for every dependency, at any depth; never invoked for real.
  const standIn: unknown = new Proxy(() => standIn, { get: (_target, property) => (property === 'then' ? undefined : standIn) });
  const settings = { adminToken: 'offline-document', anonymousRequestsPerMinute: 60, publicLimits: DEFAULT_PUBLIC_LIMITS, bodyLimitBytes: 1024 * 1024, publicBaseUrl: DEFAULT_BASE_URL, trustedProxies: [] };
  const deps = new Proxy({} as HttpDependencies, { get: (_target, property) => (property === 'settings' ? settings : standIn) });
  return openApiDocuments(createHttpApp(deps));
};

const HEADER = `/**
 * Generated from the service's OpenAPI document by \`npm run generate:client\`
 * (openapi-typescript). Do not edit: change the route schemas and regenerate.
 */

`;

/** The TypeScript types of the public document (\`paths\`, \`components\`, \`operations\`, \`webhooks\`). */
export const clientTypesSource = async (documents: OpenApiDocuments = offlineOpenApiDocuments()): Promise<string> => {
  const { default: openapiTS, astToString } = await import('openapi-typescript');
  // The client talks to /api/v1; paths served elsewhere (their own `servers`: /healthz, tracking links) stay out.
  const paths = Object.fromEntries(Object.entries<{ servers?: unknown }>(documents.public.paths).filter(([, item]) => !item.servers));
  const ast = await openapiTS({ ...documents.public, paths }, { alphabetize: false, rootTypes: false });
  return HEADER + astToString(ast);
};

export const CLIENT_TYPES_PATH = fileURLToPath(new URL('../client/api-types.ts', import.meta.url));

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  clientTypesSource()
    .then((source) => writeFile(CLIENT_TYPES_PATH, source))
    .then(() => console.log(`wrote ${CLIENT_TYPES_PATH}`))
    .catch((error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    });
}
