import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Local stand-ins for the hosted products' list endpoints, answering in each one's published page
 * shape (Rewardful: `{ pagination, data }` by page number, a payout's commissions only with
 * `expand[]=commissions`; FirstPromoter v2: a JSON array by
 * `page`/`per_page`; Tolt: `{ success, has_more, data }` after `starting_after`; PartnerStack:
 * `{ data: { has_more, items } }` after `starting_after` (an item's `key`); Dub: a JSON array by
 * `page`/`pageSize`, `/groups` included), refusing a wrong key
 * as each does, and answering `429` with `Retry-After` while a storm is on.
 */
export type StubSource = 'rewardful' | 'firstpromoter' | 'tolt' | 'partnerstack' | 'dub';

export interface HostedStub {
  readonly url: string;
  /** Every request served, as `path?query` with its status. */
  readonly log: { path: string; status: number }[];
  /** After `afterRequests` more requests, the next `count` answer 429 with `Retry-After: seconds`. */
  storm(count: number, seconds: number, afterRequests?: number): void;
  /** After `afterRequests` more requests, the next `count` lose their connection (a crash on the way). */
  drop(count: number, afterRequests?: number): void;
  /** The records of one list path. */
  readonly data: Record<string, unknown[]>;
  close(): Promise<void>;
}

export interface StubOptions {
  readonly source: StubSource;
  readonly data: Record<string, unknown[]>;
  readonly apiKey: string;
  readonly accountId?: string;
  /** PartnerStack's private key (its public key is `apiKey`). */
  readonly privateKey?: string;
  /** The stub's own page-size cap, so small programs still span several pages. */
  readonly maxPage?: number;
  /** Milliseconds each answer takes (a slow product, to stop a reader mid-way). */
  readonly delayMs?: number;
}

const send = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
};

const authorised = (opts: StubOptions, req: IncomingMessage): boolean => {
  const auth = req.headers.authorization ?? '';
  if (opts.source === 'rewardful') return auth === `Basic ${Buffer.from(`${opts.apiKey}:`).toString('base64')}`;
  if (opts.source === 'firstpromoter') return auth === `Bearer ${opts.apiKey}` && req.headers['account-id'] === opts.accountId;
  if (opts.source === 'partnerstack') return auth === `Basic ${Buffer.from(`${opts.apiKey}:${opts.privateKey}`).toString('base64')}`;
  return auth === `Bearer ${opts.apiKey}`;
};

const unauthorised = (source: StubSource) => {
  if (source === 'rewardful') return { error: 'Invalid API Secret.' };
  if (source === 'tolt') return { success: false, error: { message: 'Invalid API key provided', type: 'authentication_error' } };
  if (source === 'partnerstack') return { message: 'Invalid credentials', status: 401 };
  if (source === 'dub') return { error: { code: 'unauthorized', message: 'Unauthorized: Invalid API key.', doc_url: 'https://dub.co/docs/api-reference/errors#unauthorized' } };
  return { message: 'Unauthorized' };
};

const page = (opts: StubOptions, path: string, query: URLSearchParams): unknown => {
  const all = opts.data[path] ?? [];
  const cap = opts.maxPage ?? 100;
  if (opts.source === 'rewardful') {
    const limit = Math.min(Number(query.get('limit') ?? 25), cap);
    const current = Number(query.get('page') ?? 1);
    const totalPages = Math.max(1, Math.ceil(all.length / limit));
    // A payout's commissions are only included when asked for (`expand[]=commissions`).
    const expanded = query.getAll('expand[]');
    const data = all.slice((current - 1) * limit, current * limit).map((item) => {
      if (expanded.includes('commissions')) return item;
      const { commissions: _commissions, ...rest } = item as Record<string, unknown>;
      return rest;
    });
    return {
      pagination: { previous_page: current > 1 ? current - 1 : null, current_page: current, next_page: current < totalPages ? current + 1 : null, count: 0, limit, total_pages: totalPages, total_count: all.length },
      data,
    };
  }
  if (opts.source === 'dub') {
    const size = Math.min(Number(query.get('pageSize') ?? 100), cap);
    const current = Number(query.get('page') ?? 1);
    return all.slice((current - 1) * size, current * size);
  }
  if (opts.source === 'partnerstack') {
    const limit = Math.min(Number(query.get('limit') ?? 10), cap);
    const after = query.get('starting_after');
    const from = after ? all.findIndex((r) => (r as { key: string }).key === after) + 1 : 0;
    return { data: { has_more: from + limit < all.length, items: all.slice(from, from + limit) }, message: 'Page returned successfully', status: 200 };
  }
  if (opts.source === 'firstpromoter') {
    const perPage = Math.min(Number(query.get('per_page') ?? 20), cap);
    const current = Number(query.get('page') ?? 1);
    const items = all.slice((current - 1) * perPage, current * perPage);
    // A promoter's `parent_promoter` is only included when asked for.
    if (query.get('include_parent_promoter') === 'true') return items;
    return items.map((item) => {
      const { parent_promoter: _parent, ...rest } = item as Record<string, unknown>;
      return rest;
    });
  }
  const limit = Math.min(Number(query.get('limit') ?? 10), cap);
  const after = query.get('starting_after');
  const from = after ? all.findIndex((r) => (r as { id: string }).id === after) + 1 : 0;
  const data = all.slice(from, from + limit);
  return { success: true, has_more: from + limit < all.length, total_count: all.length, data };
};

export const startHostedStub = async (opts: StubOptions): Promise<HostedStub> => {
  const log: { path: string; status: number }[] = [];
  let storm = { count: 0, seconds: 0, after: 0 };
  let drop = { count: 0, after: 0 };
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stub');
    const answer = (status: number, body: unknown, headers?: Record<string, string>) => {
      log.push({ path: `${url.pathname}${url.search}`, status });
      send(res, status, body, headers);
    };
    if (drop.count > 0 && drop.after <= 0) {
      drop.count -= 1;
      log.push({ path: `${url.pathname}${url.search}`, status: 0 });
      req.socket.destroy();
      return;
    }
    drop.after -= 1;
    if (storm.count > 0 && storm.after <= 0) {
      storm.count -= 1;
      return answer(429, opts.source === 'tolt' ? { success: false, message: 'Too many requests. Retry after the window resets.', code: 'rate_limited' } : { error: 'Too many requests' }, {
        'retry-after': String(storm.seconds),
      });
    }
    storm.after -= 1;
    if (!authorised(opts, req)) return answer(401, unauthorised(opts.source));
    if (opts.source === 'tolt' && !url.searchParams.get('program_id')) return answer(400, { success: false, error: { message: 'program_id is required', type: 'invalid_request_error' } });
    if (!(url.pathname in opts.data)) return answer(404, { error: 'Not found' });
    const body = page(opts, url.pathname, url.searchParams);
    if (opts.delayMs) setTimeout(() => answer(200, body), opts.delayMs);
    else answer(200, body);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    log,
    data: opts.data,
    storm: (count, seconds, afterRequests = 0) => {
      storm = { count, seconds, after: afterRequests };
    },
    drop: (count, afterRequests = 0) => {
      drop = { count, after: afterRequests };
    },
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
};
