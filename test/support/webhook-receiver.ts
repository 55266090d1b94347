import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedWebhook {
  readonly path: string;
  readonly headers: IncomingHttpHeaders;
  /** The body exactly as it arrived. */
  readonly rawBody: string;
  readonly json: { event: string; data: Record<string, unknown>; timestamp: string; id: string };
}

export interface ReceiverReply {
  readonly status: number;
  readonly body?: string;
  readonly headers?: Record<string, string>;
  /** Wait this long before answering. */
  readonly delayMs?: number;
}

/** A real local HTTP endpoint that records what it receives and answers as told. */
export interface WebhookReceiver {
  readonly port: number;
  /** `127.0.0.1:<port>`, the `WEBHOOK_DEV_ALLOWED_HOSTS` entry for it. */
  readonly host: string;
  url(path?: string): string;
  readonly received: ReceivedWebhook[];
  /** Connections opened to it, answered or not. */
  connections: number;
  reply: (request: ReceivedWebhook) => ReceiverReply;
  /** Resolves once `count` webhooks have arrived (or rejects after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedWebhook[]>;
  clear(): void;
  close(): Promise<void>;
}

export const startWebhookReceiver = async (): Promise<WebhookReceiver> => {
  let server: Server;
  const receiver: WebhookReceiver = {
    port: 0,
    host: '',
    url: (path = '/hooks') => `http://${receiver.host}${path}`,
    received: [],
    connections: 0,
    reply: () => ({ status: 200, body: 'ok' }),
    async waitFor(count, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      while (receiver.received.length < count) {
        if (Date.now() > deadline) throw new Error(`expected ${count} webhooks, got ${receiver.received.length}`);
        await new Promise((r) => setTimeout(r, 25));
      }
      return receiver.received.slice(0, count);
    },
    clear() {
      receiver.received.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const rawBody = Buffer.concat(chunks).toString('utf8');
      let json: ReceivedWebhook['json'];
      try {
        json = JSON.parse(rawBody);
      } catch {
        json = { event: '(not json)', data: {}, timestamp: '', id: '' };
      }
      const webhook: ReceivedWebhook = { path: req.url ?? '', headers: req.headers, rawBody, json };
      receiver.received.push(webhook);
      const answer = receiver.reply(webhook);
      const send = () => {
        if (res.destroyed) return;
        res.writeHead(answer.status, { 'content-type': 'text/plain', ...answer.headers });
        res.end(answer.body ?? '');
      };
      if (answer.delayMs) setTimeout(send, answer.delayMs);
      else send();
    });
  });
  server.on('connection', () => (receiver.connections += 1));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  Object.assign(receiver, { port, host: `127.0.0.1:${port}` });
  return receiver;
};
