import { serve } from '@hono/node-server';
import { Server as NetServer } from 'node:net';
import type { ServerResponse, Server } from 'node:http';
import type { Logger as Pino } from 'pino';
import type { ServiceConfig } from './config.js';

type Fetch = (request: Request) => Response | Promise<Response>;

export interface ListeningServer {
  readonly server: Server;
  /**
   * Closes the listener and waits for every open connection to end: in-flight requests finish, and
   * every answer from now on (theirs included) says `Connection: close`, so no connection is cut
   * under a request.
   */
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
  // Responses whose headers may not be written yet: told to close when the drain starts.
  const unanswered = new Set<ServerResponse>();
  server.on('request', (_req, res) => {
    if (draining) {
      if (!res.headersSent) res.setHeader('Connection', 'close');
      return;
    }
    unanswered.add(res);
    res.once('close', () => unanswered.delete(res));
  });
  return {
    server,
    drain: () => {
      draining = true;
      for (const res of unanswered) if (!res.headersSent) res.setHeader('Connection', 'close');
      unanswered.clear();
      return new Promise<void>((resolve) => {
        // net.Server's close stops accepting only. http.Server's close would also cut every
        // kept-alive connection idle at this instant, resetting a request its client is sending on
        // it right now. Left open, such a connection gets its next answer with `Connection: close`,
        // or Node's keep-alive timeout (5 s) ends it if its client sends nothing more.
        NetServer.prototype.close.call(server, () => resolve());
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
