import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';

export interface StubRequest {
  readonly method: string;
  readonly path: string;
  readonly headers: IncomingMessage['headers'];
  readonly body: string;
}

export interface StubReply {
  readonly status: number;
  readonly body: unknown;
}

export interface StubServer {
  readonly base: string;
  /** Every request received, in order. */
  readonly requests: StubRequest[];
  /** Awaited before each request is handled: a test's look at the caller while it waits for the answer. */
  beforeReply: ((request: StubRequest) => Promise<void>) | null;
  close(): Promise<void>;
}

/** A local HTTP server answering with `handle`; it records every request (headers and raw body). */
export const startStubServer = async (handle: (request: StubRequest) => Promise<StubReply> | StubReply): Promise<StubServer> => {
  const requests: StubRequest[] = [];
  const hooks: { beforeReply: StubServer['beforeReply'] } = { beforeReply: null };
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const request: StubRequest = { method: req.method ?? 'GET', path: req.url ?? '/', headers: req.headers, body };
      requests.push(request);
      Promise.resolve(hooks.beforeReply?.(request))
        .then(() => handle(request))
        .then(
          (reply) => {
            res.writeHead(reply.status, { 'content-type': 'application/json', 'request-id': `req_${requests.length}` });
            res.end(JSON.stringify(reply.body));
          },
          (error: unknown) => {
            res.writeHead(500, { 'content-type': 'application/json' });
            res.end(JSON.stringify({ error: { message: String(error) } }));
          },
        );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const address = server.address();
  if (typeof address !== 'object' || !address) throw new Error('stub server has no port');
  const stub: StubServer = {
    base: `http://127.0.0.1:${address.port}`,
    requests,
    get beforeReply() {
      return hooks.beforeReply;
    },
    set beforeReply(value) {
      hooks.beforeReply = value;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return stub;
};
