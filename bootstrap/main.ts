import { startEmbeddedPostgres, type RunningPostgres } from '../adapters/database/embedded-postgres-server.js';
import { createPino } from '../adapters/logging/pino-logger.js';
import { resolveAdminToken } from './admin-token.js';
import { loadConfig } from './config.js';
import { createDemoMerchantIfEmpty } from './demo-merchant.js';
import { listen, stopOnSignals } from './http-server.js';
import { buildService } from './service.js';
import { resolveSecretKey } from './secret-key.js';
import { logStartWarnings } from './start-warnings.js';

const loaded = loadConfig();
const pino = createPino(loaded.logLevel);
// Payout-provider credentials are sealed with this key; without SECRET_KEY one is kept in the data directory.
const secret = resolveSecretKey(loaded.secretKey, loaded.dataDir);
const admin = resolveAdminToken(loaded.adminToken, loaded.dataDir);
const config = { ...loaded, secretKey: secret.key, adminToken: admin.token };

let embedded: RunningPostgres | null = null;
if (!config.databaseUrl) {
  embedded = await startEmbeddedPostgres({ dataDir: config.dataDir, database: 'affiliate', log: (m) => pino.info(m) });
}
const service = await buildService(config, config.databaseUrl ?? embedded!.url, pino);
logStartWarnings(config, pino);

// An operator who chose ADMIN_TOKEN provisions merchants; the quick start gets a demo to try.
const demo = loaded.adminToken ? null : await createDemoMerchantIfEmpty(service);
const http = await listen(service.app.fetch, config);

const base = `http://localhost:${config.port}`;
const lines = [
  `Affiliate service listening on ${base}${config.host ? ` (bound to ${config.host})` : ' (every interface)'}`,
  `  API:     ${base}/api/v1   (Authorization: Bearer <key>)`,
  `  Health:  ${base}/healthz`,
  `  Docs:    ${base}/docs   (OpenAPI: ${base}/api/v1/openapi.json)`,
  `  Operator API: ${base}/admin/v1${admin.path ? `   (token in ${admin.path}${admin.created ? `: ${admin.token}` : ''})` : ''}`,
  `  Database: ${embedded ? `embedded PostgreSQL in ${config.dataDir}` : 'DATABASE_URL'}`,
  `  Secret key (payout credentials): ${secret.source === 'SECRET_KEY' ? 'SECRET_KEY' : `${secret.created ? 'created ' : ''}${secret.source}${secret.created ? ' (back it up; set SECRET_KEY in production)' : ''}`}`,
];
if (demo) {
  lines.push(
    '',
    'First start: created the demo merchant (plan scale). These keys are shown only once:',
    `  live write key: ${demo.liveKey}`,
    `  test write key: ${demo.testKey}`,
    `  try: curl -H "Authorization: Bearer ${demo.testKey}" ${base}/api/v1/me`,
    `  dashboard: open ${base}/dashboard and sign in with this one-time link (24 hours): ${demo.dashboardLink}`,
  );
}
process.stdout.write(`${lines.join('\n')}\n`);

// Stop accepting, let in-flight requests finish, then release the queue, the pool and the database.
stopOnSignals(pino, config.shutdownTimeoutMs, async () => {
  await http.drain();
  await service.close();
  await embedded?.stop();
});
