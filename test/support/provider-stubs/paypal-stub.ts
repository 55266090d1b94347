import { startStubServer, type StubReply, type StubRequest, type StubServer } from './stub-server.js';

/**
 * PayPal's Payouts API for the paths `wallet_a` uses, as PayPal documents them: `POST /v1/oauth2/token`
 * (Basic client credentials, `grant_type=client_credentials`), `POST /v1/payments/payouts` (Bearer,
 * `PayPal-Request-Id` idempotency: a repeat answers the original batch) and
 * `GET /v1/payments/payouts/{payout_batch_id}`. Item states are set by the test.
 */
export interface PayPalStub extends StubServer {
  readonly clientId: string;
  readonly clientSecret: string;
  readonly batches: Map<string, { batchId: string; senderBatchId: string; receiver: string; value: string; currency: string; status: string }>;
  readonly batchRequestsByKey: Map<string, number>;
  /** Currencies whose balance is short: a new batch in one is refused with INSUFFICIENT_FUNDS. */
  readonly shortOf: Set<string>;
}

export const startPayPalStub = async (clientId = 'paypal-client', clientSecret = 'paypal-secret-value'): Promise<PayPalStub> => {
  const batches: PayPalStub['batches'] = new Map();
  const byRequestId = new Map<string, StubReply>();
  const batchRequestsByKey = new Map<string, number>();
  const shortOf = new Set<string>();
  const token = 'A21AA-stub-access-token';
  let counter = 0;
  const batchBody = (b: NonNullable<ReturnType<typeof batches.get>>) => ({
    batch_header: { payout_batch_id: b.batchId, batch_status: b.status === 'PENDING' ? 'PENDING' : 'SUCCESS', sender_batch_header: { sender_batch_id: b.senderBatchId } },
    items: [{ payout_item_id: `ITEM${b.batchId}`, transaction_status: b.status, payout_batch_id: b.batchId, payout_item: { receiver: b.receiver, amount: { value: b.value, currency: b.currency } } }],
  });

  const handle = (request: StubRequest): StubReply => {
    const path = request.path.split('?')[0] ?? '';
    if (request.method === 'POST' && path === '/v1/oauth2/token') {
      const expected = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`;
      if (request.headers.authorization !== expected || request.body !== 'grant_type=client_credentials') {
        return { status: 401, body: { error: 'invalid_client', error_description: 'Client Authentication failed' } };
      }
      return { status: 200, body: { scope: 'https://uri.paypal.com/payments/payouts', access_token: token, token_type: 'Bearer', expires_in: 32400 } };
    }
    if (request.headers.authorization !== `Bearer ${token}`) return { status: 401, body: { name: 'AUTHENTICATION_FAILURE', message: 'Authentication failed' } };
    if (request.method === 'POST' && path === '/v1/payments/payouts') {
      const key = String(request.headers['paypal-request-id'] ?? '');
      batchRequestsByKey.set(key, (batchRequestsByKey.get(key) ?? 0) + 1);
      const earlier = byRequestId.get(key);
      if (earlier) return earlier;
      const body = JSON.parse(request.body);
      const item = body.items?.[0];
      let reply: StubReply;
      if (shortOf.has(item?.amount?.currency)) {
        reply = { status: 422, body: { name: 'INSUFFICIENT_FUNDS', message: 'Sender does not have sufficient funds.' } };
      } else {
        counter += 1;
        const batch = { batchId: `PB${String(counter).padStart(10, '0')}`, senderBatchId: body.sender_batch_header.sender_batch_id, receiver: item.receiver, value: item.amount.value, currency: item.amount.currency, status: 'PENDING' };
        batches.set(batch.batchId, batch);
        reply = { status: 201, body: { batch_header: { payout_batch_id: batch.batchId, batch_status: 'PENDING', sender_batch_header: body.sender_batch_header } } };
      }
      if (key) byRequestId.set(key, reply);
      return reply;
    }
    const get = /^\/v1\/payments\/payouts\/([A-Z0-9]+)$/.exec(path);
    if (request.method === 'GET' && get) {
      const batch = batches.get(get[1] ?? '');
      return batch ? { status: 200, body: batchBody(batch) } : { status: 404, body: { name: 'INVALID_RESOURCE_ID', message: 'not found' } };
    }
    return { status: 404, body: { name: 'NOT_FOUND', message: `${request.method} ${path}` } };
  };
  const server = await startStubServer(handle);
  return Object.assign(server, { clientId, clientSecret, batches, batchRequestsByKey, shortOf });
};
