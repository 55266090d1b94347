import { serve } from '@hono/node-server';
import type { Server } from 'node:http';
import type { Logger as Pino } from 'pino';
import type { ServiceConfig } from './config.js';

type Fetch = (request: Request) => Response | Promise<Response>;

export interface ListeningServer {
  readonly server: Server;
  /** Stops accepting and waits for in-flight requests; every answer meanwhile closes its connection. */
  drain(): Promise<void>;
}

/** The HTTP server around a fetch handler, listening on the configured port and host. */
export const listen = async (
  fetch: Fetch,
  config: Pick<ServiceConfig, 'port' | 'host' | 'headersTimeoutMs' | 'requestTimeoutMs'>,
): Promise<ListeningServer> => {
  const server = serve({
    fetch,
    port: config.port,
    ...(config.host ? { hostname: config.host } : {}),
    // A client that sends its headers or body slowly loses the socket after these (Node's defaults:
    // 60 s and 300 s), checked every second rather than every 30 s.
    serverOptions: { headersTimeout: config.headersTimeoutMs, requestTimeout: config.requestTimeoutMs, connectionsCheckingInterval: 1_000 },
  }) as Server;
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));

  let draining = false;
  // While draining, every answer closes its connection, so clients on kept-alive connections under
  // steady load let go and the drain ends (otherwise it waits for the shutdown timeout).
  server.on('request', (_req, res) => {
    if (draining && !res.headersSent) res.setHeader('Connection', 'close');
  });
  return {
    server,
    drain: () => {
      draining = true;
      return new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      });
    },
  };
};

/** On SIGINT or SIGTERM runs `stop` once, then exits; exits with 1 if it takes longer than `timeoutMs`. */
export const stopOnSignals = (pino: Pino, timeoutMs: number, stop: () => Promise<void>): void => {
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    pino.info({ signal }, 'shutting down: draining requests');
    const force = setTimeout(() => {
      pino.error('shutdown timed out; exiting');
      process.exit(1);
    }, timeoutMs);
    force.unref();
    await stop();
    pino.info('stopped');
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
};
