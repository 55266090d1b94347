import { setTimeout as sleep } from 'node:timers/promises';
import { startStubServer, type StubReply, type StubRequest, type StubServer } from './stub-server.js';

/**
 * The card processor's API as Stripe documents it, for the paths payouts use: `POST /v1/transfers`
 * (form-encoded, `Authorization: Bearer sk_…`, `Idempotency-Key`), `GET /v1/transfers/:id`,
 * `POST /v1/accounts` (Express) and `POST /v1/account_links`. A repeated idempotency key answers with
 * the first response, as Stripe does. Balances per currency in minor units; a transfer above the
 * balance is refused with `balance_insufficient`.
 */
export interface StripeStub extends StubServer {
  /** Transfer requests per idempotency key (repeats included). */
  readonly transferRequestsByKey: Map<string, number>;
  readonly transfers: Map<string, Record<string, unknown>>;
  readonly accounts: Map<string, Record<string, unknown>>;
  /** Account links made, with the return and refresh addresses they were given. */
  readonly accountLinks: { account: string; returnUrl: string; refreshUrl: string; type: string }[];
  /** Available balance per lowercase currency, in minor units; missing = unlimited. */
  readonly balance: Map<string, number>;
  /** The secret keys the stub accepts. */
  readonly keys: Set<string>;
  /** Delay before answering a transfer (lets a test kill the caller while a request is with the provider). */
  latencyMs: number;
}

const stripeError = (status: number, type: string, code: string, message: string, param?: string): StubReply => ({
  status,
  body: { error: { type, code, message, ...(param ? { param } : {}) } },
});

export const startStripeStub = async (): Promise<StripeStub> => {
  const transferRequestsByKey = new Map<string, number>();
  const transfers = new Map<string, Record<string, unknown>>();
  const accounts = new Map<string, Record<string, unknown>>();
  const accountLinks: StripeStub['accountLinks'] = [];
  const balance = new Map<string, number>();
  const keys = new Set<string>();
  const byKey = new Map<string, StubReply>();
  let counter = 0;
  const state = { latencyMs: 0 };

  const createTransfer = (form: URLSearchParams): StubReply => {
    const destination = form.get('destination') ?? '';
    const amount = Number(form.get('amount'));
    const currency = form.get('currency') ?? '';
    if (!accounts.has(destination)) return stripeError(400, 'invalid_request_error', 'resource_missing', `No such destination: '${destination}'`, 'destination');
    if (!Number.isInteger(amount) || amount <= 0) return stripeError(400, 'invalid_request_error', 'parameter_invalid_integer', 'Invalid integer', 'amount');
    const available = balance.get(currency);
    if (available !== undefined && available < amount) {
      return stripeError(400, 'invalid_request_error', 'balance_insufficient', 'You have insufficient available funds in your Stripe account.');
    }
    if (available !== undefined) balance.set(currency, available - amount);
    counter += 1;
    const transfer = {
      id: `tr_stub${String(counter).padStart(8, '0')}`,
      object: 'transfer',
      amount,
      amount_reversed: 0,
      currency,
      destination,
      destination_payment: `py_stub${String(counter).padStart(8, '0')}`,
      livemode: false,
      metadata: Object.fromEntries([...form].filter(([k]) => k.startsWith('metadata[')).map(([k, v]) => [k.slice(9, -1), v])),
      reversed: false,
      transfer_group: form.get('transfer_group'),
      description: form.get('description'),
      created: Math.floor(Date.now() / 1000),
    };
    transfers.set(transfer.id, transfer);
    return { status: 200, body: transfer };
  };

  const handle = async (request: StubRequest): Promise<StubReply> => {
    const auth = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '')?.[1];
    if (!auth || !keys.has(auth)) return stripeError(401, 'invalid_request_error', 'api_key_invalid', 'Invalid API Key provided');
    const form = new URLSearchParams(request.body);
    const path = request.path.split('?')[0] ?? '';
    if (request.method === 'POST' && path === '/v1/transfers') {
      const key = String(request.headers['idempotency-key'] ?? '');
      transferRequestsByKey.set(key, (transferRequestsByKey.get(key) ?? 0) + 1);
      if (state.latencyMs > 0) await sleep(state.latencyMs);
      const earlier = key ? byKey.get(key) : undefined;
      if (earlier) return earlier;
      const reply = createTransfer(form);
      if (key) byKey.set(key, reply);
      return reply;
    }
    const transfer = /^\/v1\/transfers\/([^/]+)$/.exec(path);
    if (request.method === 'GET' && transfer) {
      const found = transfers.get(transfer[1] ?? '');
      return found ? { status: 200, body: found } : stripeError(404, 'invalid_request_error', 'resource_missing', 'No such transfer');
    }
    if (request.method === 'POST' && path === '/v1/accounts') {
      const id = `acct_stub${String(accounts.size + 1).padStart(8, '0')}`;
      const account = { id, object: 'account', type: form.get('type'), email: form.get('email'), payouts_enabled: false, charges_enabled: false, details_submitted: false, metadata: {} };
      accounts.set(id, account);
      return { status: 200, body: account };
    }
    if (request.method === 'POST' && path === '/v1/account_links') {
      const account = form.get('account') ?? '';
      if (!accounts.has(account)) return stripeError(400, 'invalid_request_error', 'resource_missing', 'No such account', 'account');
      accountLinks.push({ account, returnUrl: form.get('return_url') ?? '', refreshUrl: form.get('refresh_url') ?? '', type: form.get('type') ?? '' });
      return { status: 200, body: { object: 'account_link', url: `https://connect.stripe.com/setup/e/${account}/stub`, expires_at: Math.floor(Date.now() / 1000) + 300, created: Math.floor(Date.now() / 1000) } };
    }
    return stripeError(404, 'invalid_request_error', 'resource_missing', `Unrecognized request URL (${request.method}: ${path})`);
  };

  const server = await startStubServer(handle);
  const stub = Object.assign(server, { transferRequestsByKey, transfers, accounts, accountLinks, balance, keys }) as StripeStub;
  Object.defineProperty(stub, 'latencyMs', { get: () => state.latencyMs, set: (value: number) => (state.latencyMs = value) });
  return stub;
};
