import Stripe from 'stripe';
import type { PayoutProvider, PayoutRequest } from '../../application/ports/payout-provider.js';
import { toMinorUnits, type PayoutOutcome } from '../../domain/index.js';

/** Where the card processor's API is: its production host by default, a local stub in tests. */
export interface StripeEndpoint {
  readonly host: string;
  readonly port: number;
  readonly protocol: 'http' | 'https';
}

export const stripeEndpointOf = (base: string): StripeEndpoint => {
  const url = new URL(base);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port ? Number(url.port) : protocol === 'http' ? 80 : 443, protocol };
};

/** The `stripe` package for one merchant's secret key, pointed at `endpoint`. */
export const stripeClient = (secretKey: string, endpoint: StripeEndpoint): Stripe =>
  new Stripe(secretKey, { host: endpoint.host, port: endpoint.port, protocol: endpoint.protocol, maxNetworkRetries: 1, timeout: 20_000 });

const completed = (transfer: Stripe.Transfer): PayoutOutcome => {
  if (transfer.reversed) return { kind: 'failed', reason: 'transfer_reversed', retryable: true };
  const payment = transfer.destination_payment;
  return { kind: 'completed', reference: transfer.id, cardPaymentId: payment == null ? null : typeof payment === 'string' ? payment : payment.id };
};

/**
 * What an error from the card processor means for the payment. Business refusals become outcomes;
 * anything that leaves the outcome unknown (network, rate limit, the processor's own errors) is
 * thrown, and the same request is repeated later with the same idempotency key.
 */
const outcomeOfError = (error: unknown): PayoutOutcome => {
  if (!(error instanceof Stripe.errors.StripeError)) throw error;
  if (error.code === 'balance_insufficient' || error.code === 'insufficient_funds') return { kind: 'insufficient_funds' };
  if (error instanceof Stripe.errors.StripeAuthenticationError || error instanceof Stripe.errors.StripePermissionError) {
    return { kind: 'failed', reason: 'provider_credentials_rejected', retryable: true };
  }
  if (error instanceof Stripe.errors.StripeIdempotencyError) return { kind: 'failed', reason: 'idempotency_conflict', retryable: false };
  if (error instanceof Stripe.errors.StripeInvalidRequestError) {
    const accountGone = error.code === 'account_invalid' || (error.code === 'resource_missing' && error.param === 'destination');
    return { kind: 'failed', reason: accountGone ? 'account_closed' : (error.code ?? 'transfer_refused'), retryable: false };
  }
  throw error;
};

const counted = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** What the affiliate sees on the transfer: its sales, and the team bonuses paid with them. */
const transferDescription = (request: PayoutRequest): string => {
  const parts = [
    ...(request.payoutIds.length > 0 ? [counted(request.payoutIds.length, 'sale', 'sales')] : []),
    ...(request.awardIds.length > 0 ? [counted(request.awardIds.length, 'team bonus', 'team bonuses')] : []),
  ];
  return `Affiliate commissions (${parts.join(', ')})`;
};

/**
 * `connect`: a transfer from the merchant's card-processor balance to the affiliate's connected
 * account (`POST /v1/transfers`), the payment's id as the idempotency key. The transfer id is the
 * conversion's `cardTransferId`, its `destination_payment` the row's `cardPaymentId`.
 */
export class StripeConnectProvider implements PayoutProvider {
  readonly method = 'connect' as const;

  constructor(private readonly stripe: Stripe) {}

  async send(request: PayoutRequest): Promise<PayoutOutcome> {
    if (!request.connectedAccountId) return { kind: 'failed', reason: 'connect_account_missing', retryable: false };
    const amount = toMinorUnits(request.amount, request.currency);
    if (amount.isErr()) return { kind: 'failed', reason: 'invalid_amount', retryable: false };
    try {
      const transfer = await this.stripe.transfers.create(
        {
          amount: amount.value,
          currency: request.currency,
          destination: request.connectedAccountId,
          transfer_group: `payment_${request.paymentId}`,
          description: transferDescription(request),
          metadata: { paymentId: request.paymentId, affiliateId: request.affiliateId },
        },
        { idempotencyKey: request.idempotencyKey },
      );
      return completed(transfer);
    } catch (error) {
      return outcomeOfError(error);
    }
  }

  async status(reference: string): Promise<PayoutOutcome> {
    try {
      return completed(await this.stripe.transfers.retrieve(reference));
    } catch (error) {
      return outcomeOfError(error);
    }
  }
}
