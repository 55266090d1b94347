import type { PayoutProvider, PayoutRequest } from '../../application/ports/payout-provider.js';
import { toDecimalString, type PayoutOutcome } from '../../domain/index.js';
import { jsonRequest, ProviderUnavailable } from './json-http.js';

export interface WiseCredentials {
  readonly apiToken: string;
  readonly profileId: string;
}

/** Transfer states after which nothing more happens (Wise's transfer statuses). */
const RETURNED: Record<string, { reason: string; retryable: boolean }> = {
  cancelled: { reason: 'cancelled', retryable: true },
  funds_refunded: { reason: 'unclaimed', retryable: false },
  bounced_back: { reason: 'returned', retryable: false },
  charged_back: { reason: 'returned', retryable: false },
};

/**
 * `transfer_b` through Wise's REST API (fetch, bearer API token): a quote for the exact target amount
 * (`POST /v3/profiles/{profileId}/quotes`), an email recipient (`POST /v1/accounts`, type `email`), a
 * transfer with the payment's id as `customerTransactionId` (Wise answers a repeat with the same
 * transfer), and funding from the balance (`POST /v3/profiles/{profileId}/transfers/{id}/payments`,
 * type `BALANCE`). A refused funding for want of balance is `insufficient_funds`; a funded transfer is
 * in transit until `GET /v1/transfers/{id}` says `outgoing_payment_sent`.
 */
export class WiseTransferProvider implements PayoutProvider {
  readonly method = 'transfer_b' as const;

  constructor(
    private readonly base: string,
    private readonly credentials: WiseCredentials,
  ) {}

  private call(method: string, path: string, body?: string) {
    return jsonRequest('wise', `${this.base}${path}`, {
      method,
      headers: { authorization: `Bearer ${this.credentials.apiToken}`, 'content-type': 'application/json', accept: 'application/json' },
      ...(body === undefined ? {} : { body }),
    });
  }

  private refused(status: number, body: any): PayoutOutcome {
    if (status === 401 || status === 403) return { kind: 'failed', reason: 'provider_credentials_rejected', retryable: true };
    const code = String(body?.errors?.[0]?.code ?? body?.error ?? 'transfer_refused');
    return { kind: 'failed', reason: code, retryable: false };
  }

  async send(request: PayoutRequest): Promise<PayoutOutcome> {
    if (!request.email) return { kind: 'failed', reason: 'recipient_missing', retryable: false };
    const currency = request.currency.toUpperCase();
    const profile = this.credentials.profileId;
    // The amount goes as a JSON number written from its exact decimal string: no float in between.
    const amount = toDecimalString(request.amount, request.currency);
    const quote = await this.call('POST', `/v3/profiles/${profile}/quotes`, `{"sourceCurrency":${JSON.stringify(currency)},"targetCurrency":${JSON.stringify(currency)},"targetAmount":${amount},"payOut":"BALANCE"}`);
    if (quote.status >= 300 || !quote.body?.id) return this.refused(quote.status, quote.body);
    const recipient = await this.call(
      'POST',
      '/v1/accounts',
      JSON.stringify({ profile: Number(profile), accountHolderName: request.email, currency, type: 'email', details: { email: request.email } }),
    );
    if (recipient.status >= 300 || recipient.body?.id === undefined) {
      return recipient.status === 400 || recipient.status === 422 ? { kind: 'failed', reason: 'recipient_unknown', retryable: false } : this.refused(recipient.status, recipient.body);
    }
    const transfer = await this.call(
      'POST',
      '/v1/transfers',
      JSON.stringify({ targetAccount: recipient.body.id, quoteUuid: quote.body.id, customerTransactionId: request.idempotencyKey, details: { reference: 'Commissions' } }),
    );
    if (transfer.status >= 300 || transfer.body?.id === undefined) return this.refused(transfer.status, transfer.body);
    const reference = String(transfer.body.id);
    // A repeat finds the transfer already funded (or further): nothing more to pay.
    if (transfer.body.status !== 'incoming_payment_waiting') return this.outcomeOf(reference, transfer.body.status);
    const funded = await this.call('POST', `/v3/profiles/${profile}/transfers/${reference}/payments`, JSON.stringify({ type: 'BALANCE' }));
    const errorCode = String(funded.body?.errorCode ?? funded.body?.errors?.[0]?.code ?? '');
    if (funded.status < 300 && funded.body?.status === 'COMPLETED') return { kind: 'in_transit', reference, checkAfter: null };
    if (/insufficient|balance/i.test(errorCode)) return { kind: 'insufficient_funds' };
    if (funded.status < 300) throw new ProviderUnavailable('wise', funded.status);
    return this.refused(funded.status, funded.body);
  }

  async status(reference: string): Promise<PayoutOutcome> {
    const transfer = await this.call('GET', `/v1/transfers/${encodeURIComponent(reference)}`);
    if (transfer.status >= 300) return this.refused(transfer.status, transfer.body);
    return this.outcomeOf(reference, String(transfer.body?.status ?? ''));
  }

  private outcomeOf(reference: string, status: string): PayoutOutcome {
    if (status === 'outgoing_payment_sent') return { kind: 'completed', reference, cardPaymentId: null };
    const returned = RETURNED[status];
    if (returned) return { kind: 'failed', ...returned };
    return { kind: 'in_transit', reference, checkAfter: null };
  }
}
