import type { CouponProvider, PayoutMethod } from '../../domain/index.js';

/**
 * What a person reads for the spec's neutral tokens. The API and webhooks keep the tokens (they are
 * the contract); pages and emails name the real products.
 */
export const PROVIDER_NAMES: Readonly<Record<CouponProvider, string>> = {
  card: 'Stripe',
  mor_a: 'Paddle',
  mor_b: 'Lemon Squeezy',
  mor_c: 'Polar',
  app_store: 'App Store',
};

export const PAYOUT_METHOD_NAMES: Readonly<Record<PayoutMethod, string>> = {
  connect: 'Stripe Connect',
  wallet_a: 'PayPal',
  transfer_b: 'Wise',
};

export const providerName = (provider: string): string => PROVIDER_NAMES[provider as CouponProvider] ?? provider;

/** A payout method's name, or "not set". */
export const payoutMethodName = (method: string | null): string => (method === null ? 'not set' : (PAYOUT_METHOD_NAMES[method as PayoutMethod] ?? method));
