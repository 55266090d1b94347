import { createHash } from 'node:crypto';
import type { PayoutProvider, PayoutRequest } from '../../application/ports/payout-provider.js';
import { toDecimalString, type PayoutOutcome } from '../../domain/index.js';
import { jsonRequest, ProviderUnavailable } from './json-http.js';

export interface PayPalCredentials {
  readonly clientId: string;
  readonly clientSecret: string;
}

/**
 * Access tokens per API base and credentials, reused until shortly before they expire (PayPal asks
 * integrations to). The key covers the secret (hashed, never kept in the clear): a client id is no
 * secret, and a merchant pasting another's id with a wrong secret must not borrow its token.
 */
const tokens = new Map<string, { token: string; expiresAt: number }>();

/** Item states that end the payout without paying (PayPal's `transaction_status`). */
const UNPAID: Record<string, string> = { UNCLAIMED: 'unclaimed', RETURNED: 'returned', BLOCKED: 'blocked', DENIED: 'denied', REFUNDED: 'returned', REVERSED: 'returned', FAILED: 'failed' };

/**
 * `wallet_a` through PayPal Payouts (fetch): OAuth client credentials (`POST /v1/oauth2/token`), a
 * batch per payment (`POST /v1/payments/payouts`) whose `sender_batch_id` and `PayPal-Request-Id` are
 * the payment's id (a repeat answers the original batch), one item to the affiliate's payout email with
 * the amount as a decimal string. Outcomes are read back by polling `GET /v1/payments/payouts/{id}`:
 * unclaimed, returned and blocked items fail with that reason.
 */
export class PayPalWalletProvider implements PayoutProvider {
  readonly method = 'wallet_a' as const;

  constructor(
    private readonly base: string,
    private readonly credentials: PayPalCredentials,
  ) {}

  private async accessToken(): Promise<string | null> {
    const key = `${this.base}|${createHash('sha256').update(`${this.credentials.clientId}\0${this.credentials.clientSecret}`).digest('hex')}`;
    const cached = tokens.get(key);
    if (cached && cached.expiresAt > Date.now()) return cached.token;
    const basic = Buffer.from(`${this.credentials.clientId}:${this.credentials.clientSecret}`).toString('base64');
    const response = await jsonRequest('paypal', `${this.base}/v1/oauth2/token`, {
      method: 'POST',
      headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: 'grant_type=client_credentials',
    });
    if (response.status >= 300 || typeof response.body?.access_token !== 'string') return null;
    const lifetime = Number(response.body.expires_in ?? 300) * 1000;
    tokens.set(key, { token: response.body.access_token, expiresAt: Date.now() + Math.max(0, lifetime - 60_000) });
    return response.body.access_token;
  }

  async send(request: PayoutRequest): Promise<PayoutOutcome> {
    if (!request.email) return { kind: 'failed', reason: 'recipient_missing', retryable: false };
    const token = await this.accessToken();
    if (!token) return { kind: 'failed', reason: 'provider_credentials_rejected', retryable: true };
    const body = {
      sender_batch_header: { sender_batch_id: request.idempotencyKey, recipient_type: 'EMAIL', email_subject: 'You have a payout' },
      items: [
        {
          recipient_type: 'EMAIL',
          receiver: request.email,
          amount: { value: toDecimalString(request.amount, request.currency), currency: request.currency.toUpperCase() },
          sender_item_id: request.paymentId,
          note: 'Affiliate commissions',
        },
      ],
    };
    const created = await jsonRequest('paypal', `${this.base}/v1/payments/payouts`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'paypal-request-id': request.idempotencyKey },
      body: JSON.stringify(body),
    });
    const batchId = created.body?.batch_header?.payout_batch_id;
    if (created.status < 300 && typeof batchId === 'string') return { kind: 'in_transit', reference: batchId, checkAfter: null };
    const name = String(created.body?.name ?? '');
    if (name === 'INSUFFICIENT_FUNDS') return { kind: 'insufficient_funds' };
    if (created.status === 401 || created.status === 403) return { kind: 'failed', reason: 'provider_credentials_rejected', retryable: true };
    return { kind: 'failed', reason: name ? name.toLowerCase() : 'payout_refused', retryable: false };
  }

  async status(reference: string): Promise<PayoutOutcome> {
    const token = await this.accessToken();
    if (!token) throw new ProviderUnavailable('paypal', 401);
    const batch = await jsonRequest('paypal', `${this.base}/v1/payments/payouts/${encodeURIComponent(reference)}`, {
      method: 'GET',
      headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
    });
    if (batch.status >= 300) throw new ProviderUnavailable('paypal', batch.status);
    const item = batch.body?.items?.[0];
    const state = String(item?.transaction_status ?? batch.body?.batch_header?.batch_status ?? 'PENDING');
    if (state === 'SUCCESS') return { kind: 'completed', reference, cardPaymentId: null };
    if (String(item?.errors?.name ?? '') === 'INSUFFICIENT_FUNDS') return { kind: 'insufficient_funds' };
    const unpaid = UNPAID[state];
    if (unpaid) return { kind: 'failed', reason: unpaid, retryable: false };
    return { kind: 'in_transit', reference, checkAfter: null };
  }
}
