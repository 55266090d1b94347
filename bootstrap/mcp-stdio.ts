import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pino } from 'pino';
import { startEmbeddedPostgres, type RunningPostgres } from '../adapters/database/embedded-postgres-server.js';
import { createPino } from '../adapters/logging/pino-logger.js';
import { startStdioBridge } from '../adapters/mcp/stdio-bridge.js';
import { SERVER_INFO } from '../adapters/mcp/assistant-server.js';
import { loadConfig } from './config.js';
import { buildService, type Service } from './service.js';

/**
 * `npm run mcp`: the assistant tools over stdio, for desktop assistants. Reads the API key from
 * AFFILIATE_API_KEY. With AFFILIATE_API_URL it relays to that running service's `/mcp`; without, it
 * opens the service in this process on the same database settings as `npm start` (DATABASE_URL, or
 * the embedded database in DATA_DIR when no service is using it) and relays to its `/mcp` in memory.
 * Either way every message passes the same authentication, rate limits, audit and checks.
 * stdout carries the protocol only; logs go to stderr.
 */
const fail = (message: string): never => {
  process.stderr.write(`${message}\n`);
  process.exit(1);
};

const apiKey = process.env.AFFILIATE_API_KEY?.trim() || fail('AFFILIATE_API_KEY is not set: export the API key the assistant should act with.');
const remote = process.env.AFFILIATE_API_URL?.trim() || null;
const config = { ...loadConfig(), runJobs: false, logLevel: process.env.LOG_LEVEL || 'warn' };
const log = createPino(config.logLevel, pino.destination(2));

/** A PostgreSQL already running on the data directory belongs to a running service: starting another would stop it. */
const embeddedInUse = (dataDir: string): boolean => {
  const pidFile = join(resolve(dataDir), 'pg', 'postmaster.pid');
  if (!existsSync(pidFile)) return false;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  try {
    process.kill(pid, 0);
    return pid > 0;
  } catch {
    return false;
  }
};

let embedded: RunningPostgres | null = null;
let service: Service | null = null;
let fetchMcp: (request: Request) => Promise<Response>;
let baseUrl: string;
if (remote) {
  fetchMcp = (request) => fetch(request);
  baseUrl = remote;
} else {
  if (!config.databaseUrl) {
    if (embeddedInUse(config.dataDir)) {
      fail(
        `The embedded database in ${config.dataDir} is in use by a running service. ` +
          `Set AFFILIATE_API_URL (e.g. http://localhost:${config.port}) to connect through it, or DATABASE_URL.`,
      );
    }
    embedded = await startEmbeddedPostgres({ dataDir: config.dataDir, database: 'affiliate', log: (m) => log.info(m) });
  }
  const running = await buildService(config, config.databaseUrl ?? embedded!.url, log);
  service = running;
  fetchMcp = async (request) => running.app.fetch(request);
  baseUrl = 'http://assistant.local';
}

const bridge = await startStdioBridge({
  fetch: fetchMcp,
  baseUrl,
  apiKey,
  userAgent: `${SERVER_INFO.name}-stdio/${SERVER_INFO.version}`,
  onError: (error) => log.error({ err: error }, 'assistant bridge error'),
});

let stopping = false;
const shutdown = async () => {
  if (stopping) return;
  stopping = true;
  await bridge.close();
  await service?.close();
  await embedded?.stop();
  process.exit(0);
};
void bridge.closed.then(shutdown);
process.on('SIGINT', () => void shutdown());
process.on('SIGTERM', () => void shutdown());
