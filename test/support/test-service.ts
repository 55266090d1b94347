import { createPino } from '../../adapters/logging/pino-logger.js';
import { loadConfig, type ServiceConfig } from '../../bootstrap/config.js';
import { buildService, type AdapterOverrides, type Service } from '../../bootstrap/service.js';
import { createScratchDatabase, type ScratchDatabase } from './test-database.js';
import { scratchPool } from './scratch-pool.js';
import { TOKENS } from '../../bootstrap/tokens.js';
import { assertContract } from './contract.js';

export const ADMIN_TOKEN = 'test-admin-token';

/** The socket peer of an in-process request (what @hono/node-server's connection info reads). */
export const peerEnv = (address = '127.0.0.1') => ({ incoming: { socket: { remoteAddress: address, remotePort: 40_000, remoteFamily: 'IPv4' } } });
/** Seals payout-provider credentials in tests (a fixed key, so a restarted test service opens them). */
export const TEST_SECRET_KEY = '6f'.repeat(32);

export interface TestResponse<T = any> {
  readonly status: number;
  readonly body: T;
  readonly headers: Headers;
}

export interface RequestOptions {
  readonly key?: string | undefined;
  readonly body?: unknown;
  /** Sent as is, not JSON-encoded (bytes for a body that is not valid UTF-8). */
  readonly rawBody?: string | Uint8Array;
  readonly headers?: Record<string, string>;
  /** The socket peer the request comes from (default 127.0.0.1, a trusted proxy unless the test says otherwise). */
  readonly peer?: string;
}

export interface TestService {
  readonly service: Service;
  readonly db: ScratchDatabase;
  readonly config: ServiceConfig;
  request<T = any>(method: string, path: string, options?: RequestOptions): Promise<TestResponse<T>>;
  /** `/api/v1` + path with a Bearer key. */
  api<T = any>(method: string, path: string, key: string | undefined, body?: unknown): Promise<TestResponse<T>>;
  /** `/admin/v1` + path with the operator token. */
  admin<T = any>(method: string, path: string, body?: unknown): Promise<TestResponse<T>>;
  /** Direct reads and writes on the test database, for assertions the API cannot make. */
  sql<T = any>(text: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

/** The real service (real Hono app, real PostgreSQL) on a scratch database, driven in-process. */
export const startTestService = async (
  overrides: Partial<ServiceConfig> = {},
  db?: ScratchDatabase,
  adapters: AdapterOverrides = {},
): Promise<TestService> => {
  const database = db ?? (await createScratchDatabase());
  const config: ServiceConfig = {
    ...loadConfig({}),
    adminToken: ADMIN_TOKEN,
    testClock: true,
    runJobs: false,
    // TEST_LOG_LEVEL=error shows a failing request's server-side error while debugging a test.
    logLevel: process.env.TEST_LOG_LEVEL ?? 'silent',
    dbPoolMax: 5,
    jobsPoolMax: 2,
    // In-process requests come from 127.0.0.1 (TEST_PEER), trusted as a proxy unless a test says otherwise.
    trustedProxies: ['127.0.0.1'],
    secretKey: TEST_SECRET_KEY,
    // No test reaches the real rates feed; the exchange-rate tests serve a local copy.
    exchangeRatesUrl: null,
    ...overrides,
  };
  const service = await buildService(config, database.url, createPino(config.logLevel), adapters);

  const request = async <T>(method: string, path: string, options: RequestOptions = {}): Promise<TestResponse<T>> => {
    const headers: Record<string, string> = { ...options.headers };
    if (options.key !== undefined) headers.authorization = `Bearer ${options.key}`;
    let body: string | Uint8Array | undefined;
    if (options.rawBody !== undefined) body = options.rawBody;
    else if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['content-type'] ??= 'application/json';
    }
    // As if from a proxy on this machine (trusted in tests unless a test says otherwise), so a test picks its visitors' addresses.
    const response = await service.app.request(path, { method, headers, ...(body !== undefined ? { body } : {}) }, peerEnv(options.peer));
    const text = await response.text();
    // Clicks are written in batches; tests read them as soon as the redirect is answered.
    if (path.startsWith('/r/')) await service.container.resolve(TOKENS.ClickWriter).flush();
    assertContract(service.app, method, path, { status: response.status, headers: response.headers, text });
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // Non-JSON bodies are returned as text.
    }
    return { status: response.status, body: parsed as T, headers: response.headers };
  };

  const pool = scratchPool(database.url);
  return {
    service,
    db: database,
    config,
    request,
    api: (method, path, key, body) => request(method, `/api/v1${path}`, { key, body }),
    admin: (method, path, body) => request(method, `/admin/v1${path}`, { key: ADMIN_TOKEN, body }),
    sql: async (text, params) => (await pool.query(text, params)).rows,
    async close() {
      await pool.end();
      await service.close();
      if (!db) await database.drop();
    },
  };
};
