import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { performance } from 'node:perf_hooks';
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from 'request-filtering-agent';
import type { WebhookRequest, WebhookResponse, WebhookTransport } from '../../application/ports/webhook-transport.js';
import { SIGNATURE_HEADER, signWebhookPayload } from '../../client/webhooks.js';
import type { HostResolver, ResolvedAddress } from './host-resolver.js';
import { isPublicAddress, judgeWebhookUrl, type WebhookTarget } from './webhook-url-policy.js';

export interface WebhookTransportOptions {
  /** `WEBHOOK_DEV_ALLOWED_HOSTS`: the only hosts that may use http and private addresses. */
  readonly devAllowedHosts: readonly string[];
  readonly resolver: HostResolver;
  /** From the first byte sent to the response status (spec: answer within 10 seconds). */
  readonly timeoutMs?: number;
  readonly resolveTimeoutMs?: number;
  /** At most this much of a response body is ever read. */
  readonly maxResponseBytes?: number;
  readonly userAgent?: string;
  /** Kept-alive connections per host at most (more requests wait for one). */
  readonly maxSocketsPerHost?: number;
  /** The real time, for the signature's `t` (tests pass their own). */
  readonly realTime?: () => Date;
}

/** IPv4-compatible IPv6 (`::/96`), which the agent's own range check calls unicast. */
const DENIED_AT_CONNECT = ['::/96'];

type Resolved =
  | { readonly ok: true; readonly target: WebhookTarget; readonly addresses: readonly ResolvedAddress[] }
  | { readonly ok: false; readonly reason: string };

/**
 * Delivers webhooks without ever connecting to an internal address:
 *
 * 1. the URL rules (`judgeWebhookUrl`): https, no blocked names, no non-public IP literal;
 * 2. the name is resolved here and every address must be public (`isPublicAddress`);
 * 3. the socket is opened with a `lookup` that answers only those checked addresses (the address is
 *    pinned: a second, rebinding answer from DNS is never asked for), through
 *    `request-filtering-agent`, which checks the address once more right before it connects;
 * 4. redirects are not followed, the whole exchange has a timeout, and only the first few KiB of the
 *    response body are read.
 *
 * Hosts in `WEBHOOK_DEV_ALLOWED_HOSTS` skip the address rules (and may use http), nothing else does.
 */
export class SsrfSafeWebhookTransport implements WebhookTransport {
  private readonly timeoutMs: number;
  private readonly resolveTimeoutMs: number;
  private readonly maxResponseBytes: number;
  private readonly userAgent: string;
  private readonly realTime: () => Date;
  /**
   * Kept-alive connections, pooled per host and port (and TLS name): a reused socket is one that was
   * opened to an address checked when it connected, and every request still passes the URL and DNS
   * checks first, so keep-alive skips no check. Idle sockets close before common server keep-alive
   * timeouts do.
   */
  private readonly agents;

  constructor(private readonly options: WebhookTransportOptions) {
    const pool = { keepAlive: true, maxSockets: options.maxSocketsPerHost ?? 64, maxFreeSockets: 64, timeout: 4_000 };
    this.agents = {
      https: new RequestFilteringHttpsAgent({ ...pool, denyIPAddressList: DENIED_AT_CONNECT }),
      http: new RequestFilteringHttpAgent({ ...pool, denyIPAddressList: DENIED_AT_CONNECT }),
      devHttps: new https.Agent(pool),
      devHttp: new http.Agent(pool),
    };
    this.realTime = options.realTime ?? (() => new Date());
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.resolveTimeoutMs = options.resolveTimeoutMs ?? 5_000;
    this.maxResponseBytes = options.maxResponseBytes ?? 4_096;
    this.userAgent = options.userAgent ?? 'AffiliateService-Webhooks/1.0';
  }

  async check(url: string): Promise<string | null> {
    const resolved = await this.resolve(url);
    return resolved.ok ? null : resolved.reason;
  }

  async send(request: WebhookRequest): Promise<WebhookResponse> {
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    const resolved = await this.resolve(request.url);
    if (!resolved.ok) {
      return { succeeded: false, httpStatus: null, durationMs: elapsed(), responseBody: null, error: `blocked: ${resolved.reason}` };
    }
    const { target, addresses } = resolved;
    const body = Buffer.from(request.body, 'utf8');
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'content-length': String(body.length),
      'user-agent': this.userAgent,
      [SIGNATURE_HEADER.toLowerCase()]: signWebhookPayload(request.secret, body, this.realTime()),
      'x-service-event': request.eventType,
      'x-service-delivery': request.deliveryId,
    };
    const secure = target.url.protocol === 'https:';
    const agent = target.devAllowed ? (secure ? this.agents.devHttps : this.agents.devHttp) : secure ? this.agents.https : this.agents.http;
    const client = secure ? https : http;
    const options: http.RequestOptions = {
      method: 'POST',
      host: target.hostname,
      port: target.port,
      path: `${target.url.pathname}${target.url.search}`,
      headers,
      agent,
      // Only the addresses checked above; the name is never looked up again for this connection.
      ...(target.ipVersion === 0 ? { lookup: pinnedLookup(addresses), servername: target.hostname } : {}),
    };
    const first = await this.exchange(client, options, body);
    // A kept-alive socket the server had just closed: nothing was received, so once more on a new one.
    const result = first.staleSocket ? await this.exchange(client, options, body) : first;
    return { ...result.response, durationMs: elapsed() };
  }

  private exchange(
    client: typeof http | typeof https,
    options: http.RequestOptions,
    body: Buffer,
  ): Promise<{ readonly response: Omit<WebhookResponse, 'durationMs'>; readonly staleSocket: boolean }> {
    return new Promise((resolve) => {
      let settled = false;
      let answered = false;
      const finish = (response: Omit<WebhookResponse, 'durationMs'>, staleSocket = false) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve({ response, staleSocket });
      };
      const req = client.request(options);
      const timer = setTimeout(() => {
        req.destroy(new Error(`timed out after ${this.timeoutMs} ms`));
      }, this.timeoutMs);
      req.on('error', (error) => {
        const code = (error as NodeJS.ErrnoException).code;
        const stale = req.reusedSocket && !answered && (code === 'ECONNRESET' || code === 'EPIPE');
        finish({ succeeded: false, httpStatus: null, responseBody: null, error: errorMessage(error) }, stale);
      });
      req.on('response', (res) => {
        answered = true;
        const status = res.statusCode ?? 0;
        const chunks: Buffer[] = [];
        let size = 0;
        const done = () => {
          const text = chunks.length > 0 ? Buffer.concat(chunks).toString('utf8') : '';
          const ok = status >= 200 && status < 300;
          const error = ok
            ? null
            : status >= 300 && status < 400
              ? `redirect (HTTP ${status}) not followed${res.headers.location ? `: ${String(res.headers.location).slice(0, 200)}` : ''}`
              : `HTTP ${status}`;
          finish({ succeeded: ok, httpStatus: status, responseBody: text, error });
        };
        res.on('data', (chunk: Buffer) => {
          if (size >= this.maxResponseBytes) return;
          const room = this.maxResponseBytes - size;
          const piece = chunk.length > room ? chunk.subarray(0, room) : chunk;
          chunks.push(piece);
          size += piece.length;
          // Enough read: the connection cannot be reused with a body left unread.
          if (size >= this.maxResponseBytes) {
            done();
            res.destroy();
          }
        });
        // Read to the end so the kept-alive socket goes back to its pool.
        res.on('end', done);
        res.on('error', done);
        res.on('close', done);
      });
      req.end(body);
    });
  }

  /** The URL rules, then DNS with a deadline, then every address must be public (unless dev-allowed). */
  private async resolve(raw: string): Promise<Resolved> {
    const verdict = judgeWebhookUrl(raw, this.options.devAllowedHosts);
    if (!verdict.ok) return verdict;
    const { target } = verdict;
    if (target.ipVersion !== 0) return { ok: true, target, addresses: [{ address: target.hostname, family: target.ipVersion }] };
    let addresses: readonly ResolvedAddress[];
    try {
      addresses = await withDeadline(this.options.resolver(target.hostname), this.resolveTimeoutMs);
    } catch {
      return { ok: false, reason: `the host ${target.hostname} does not resolve` };
    }
    if (addresses.length === 0) return { ok: false, reason: `the host ${target.hostname} does not resolve` };
    if (!target.devAllowed) {
      const internal = addresses.find((a) => !isPublicAddress(a.address));
      if (internal) return { ok: false, reason: `the host ${target.hostname} resolves to a non-public address (${internal.address})` };
    }
    return { ok: true, target, addresses };
  }
}

/** A `lookup` that answers only the given, already checked addresses (never asks DNS). */
export const pinnedLookup = (addresses: readonly ResolvedAddress[]): LookupFunction =>
  ((_hostname: string, options: { all?: boolean; family?: number | string }, callback: (...args: unknown[]) => void) => {
    const family = options.family === 4 || options.family === 'IPv4' ? 4 : options.family === 6 || options.family === 'IPv6' ? 6 : 0;
    const usable = family === 0 ? addresses : addresses.filter((a) => a.family === family);
    if (usable.length === 0) {
      callback(Object.assign(new Error('no checked address of the requested family'), { code: 'ENOTFOUND' }));
      return;
    }
    if (options.all) callback(null, usable.map((a) => ({ address: a.address, family: a.family })));
    else callback(null, usable[0]!.address, usable[0]!.family);
  }) as unknown as LookupFunction;

const withDeadline = <T>(promise: Promise<T>, ms: number): Promise<T> =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('timed out')), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });

const errorMessage = (error: unknown): string => {
  if (error instanceof Error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code && !error.message.includes(code) ? `${code}: ${error.message}` : error.message;
  }
  return String(error);
};
