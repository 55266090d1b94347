import { createPino } from '../adapters/logging/pino-logger.js';
import { loadConfig } from '../bootstrap/config.js';
import { listen, stopOnSignals } from '../bootstrap/http-server.js';
import { resolveSecretKey } from '../bootstrap/secret-key.js';
import { buildService } from '../bootstrap/service.js';
import { withCeilingRoutes } from './ceiling-routes.js';

/**
 * The service as `bootstrap/main.ts` runs it (same assembly, same HTTP server), with the bench's
 * ceiling routes in front of its app, so that ceilings and service share one process and socket.
 * Started by `bench/lib/service.ts` on the bench's database (`DATABASE_URL`, no embedded one).
 */
const loaded = loadConfig();
if (!loaded.databaseUrl) throw new Error('the bench service runs on DATABASE_URL');
const databaseUrl = loaded.databaseUrl;
const pino = createPino(loaded.logLevel);
const config = { ...loaded, secretKey: resolveSecretKey(loaded.secretKey, loaded.dataDir).key };

const service = await buildService(config, databaseUrl, pino);
const ceilings = await withCeilingRoutes(service.app.fetch, { databaseUrl, poolMax: config.dbPoolMax });
const http = await listen(ceilings.fetch, config);

stopOnSignals(pino, config.shutdownTimeoutMs, async () => {
  await http.drain();
  await ceilings.close();
  await service.close();
});
