import { randomUUID } from 'node:crypto';
import { startStubServer, type StubReply, type StubRequest, type StubServer } from './stub-server.js';

/**
 * Wise's API for the paths `transfer_b` uses, as Wise documents them: quotes
 * (`POST /v3/profiles/{profileId}/quotes`), email recipients (`POST /v1/accounts`), transfers
 * (`POST /v1/transfers`, a repeated `customerTransactionId` answers the same transfer),
 * funding from the balance (`POST /v3/profiles/{profileId}/transfers/{id}/payments`) and
 * `GET /v1/transfers/{id}`. Bearer token auth. Balances per currency as decimal strings' cents.
 */
export interface WiseStub extends StubServer {
  readonly token: string;
  readonly profileId: number;
  /** Balance per uppercase currency, in hundredths (missing = unlimited). */
  readonly balance: Map<string, number>;
  readonly transfers: Map<number, { id: number; status: string; targetAccount: number; quoteUuid: string; customerTransactionId: string; amount: string; currency: string }>;
  /** Transfer creations per customerTransactionId (repeats included). */
  readonly transferRequestsByKey: Map<string, number>;
  /** The raw JSON bodies of quote requests (to check amounts are exact decimals). */
  readonly quoteBodies: string[];
}

const error = (status: number, code: string, message: string): StubReply => ({ status, body: { errors: [{ code, message }] } });

export const startWiseStub = async (token = 'wise-test-token', profileId = 4242): Promise<WiseStub> => {
  const balance = new Map<string, number>();
  const quotes = new Map<string, { targetAmount: string; currency: string }>();
  const accounts = new Map<number, { email: string; currency: string }>();
  const transfers: WiseStub['transfers'] = new Map();
  const byCustomerId = new Map<string, number>();
  const transferRequestsByKey = new Map<string, number>();
  const quoteBodies: string[] = [];
  let next = 1000;

  const handle = (request: StubRequest): StubReply => {
    if (request.headers.authorization !== `Bearer ${token}`) return { status: 401, body: { error: 'unauthorized', error_description: 'Invalid token' } };
    const path = request.path.split('?')[0] ?? '';
    const body = request.body ? JSON.parse(request.body) : {};
    if (request.method === 'POST' && path === `/v3/profiles/${profileId}/quotes`) {
      quoteBodies.push(request.body);
      const amount = /"targetAmount":([0-9.]+)/.exec(request.body)?.[1] ?? '';
      const id = randomUUID();
      quotes.set(id, { targetAmount: amount, currency: body.targetCurrency });
      return { status: 200, body: { id, sourceCurrency: body.sourceCurrency, targetCurrency: body.targetCurrency, targetAmount: body.targetAmount, payOut: body.payOut, status: 'PENDING' } };
    }
    if (request.method === 'POST' && path === '/v1/accounts') {
      if (body.type !== 'email' || !/^[^@\s]+@[^@\s]+$/.test(body.details?.email ?? '')) return error(422, 'NOT_VALID', 'Invalid email');
      next += 1;
      accounts.set(next, { email: body.details.email, currency: body.currency });
      return { status: 200, body: { id: next, profile: body.profile, accountHolderName: body.accountHolderName, type: 'email', currency: body.currency, details: body.details } };
    }
    if (request.method === 'POST' && path === '/v1/transfers') {
      const key = String(body.customerTransactionId ?? '');
      transferRequestsByKey.set(key, (transferRequestsByKey.get(key) ?? 0) + 1);
      const existing = byCustomerId.get(key);
      if (existing !== undefined) return { status: 200, body: transfers.get(existing) };
      const quote = quotes.get(body.quoteUuid);
      if (!quote || !accounts.has(body.targetAccount)) return error(422, 'NOT_VALID', 'Unknown quote or recipient');
      next += 1;
      const transfer = { id: next, status: 'incoming_payment_waiting', targetAccount: body.targetAccount, quoteUuid: body.quoteUuid, customerTransactionId: key, amount: quote.targetAmount, currency: quote.currency };
      transfers.set(next, transfer);
      byCustomerId.set(key, next);
      return { status: 200, body: transfer };
    }
    const fund = new RegExp(`^/v3/profiles/${profileId}/transfers/(\\d+)/payments$`).exec(path);
    if (request.method === 'POST' && fund) {
      const transfer = transfers.get(Number(fund[1]));
      if (!transfer) return error(404, 'transfer.not-found', 'No such transfer');
      if (transfer.status !== 'incoming_payment_waiting') return error(409, 'transfer.already-funded', 'Already funded');
      const cents = Math.round(Number(transfer.amount) * 100);
      const available = balance.get(transfer.currency);
      if (available !== undefined && available < cents) return { status: 200, body: { type: 'BALANCE', status: 'REJECTED', errorCode: 'balance.insufficient' } };
      if (available !== undefined) balance.set(transfer.currency, available - cents);
      transfer.status = 'processing';
      return { status: 201, body: { type: 'BALANCE', status: 'COMPLETED', errorCode: null } };
    }
    const get = /^\/v1\/transfers\/(\d+)$/.exec(path);
    if (request.method === 'GET' && get) {
      const transfer = transfers.get(Number(get[1]));
      return transfer ? { status: 200, body: transfer } : error(404, 'transfer.not-found', 'No such transfer');
    }
    return error(404, 'not.found', `${request.method} ${path}`);
  };
  const server = await startStubServer(handle);
  return Object.assign(server, { token, profileId, balance, transfers, transferRequestsByKey, quoteBodies });
};
