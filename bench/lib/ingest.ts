import Stripe from 'stripe';
import type { BenchMerchant } from './fixtures.js';
import { call, inParallel } from './fixtures.js';
import type { LoadRequest } from './load.js';

const stripe = new Stripe('sk_bench_unused');

export interface IngestMerchant extends BenchMerchant {
  readonly integrationId: string;
  readonly secret: string;
  readonly promotionCodeId: string;
}

/** Each merchant connects a card integration and registers a coupon its sales carry. */
export const connectCardIntegrations = (base: string, merchants: readonly BenchMerchant[]): Promise<IngestMerchant[]> =>
  inParallel(merchants, 8, async (m, i) => {
    const secret = `whsec_bench_${i}_${m.id.slice(0, 8)}`;
    const integration = await call(base, 'POST', '/api/v1/integrations', m.key, { provider: 'card', signingSecret: secret });
    if (integration.status !== 201) throw new Error(`integration: ${integration.status} ${JSON.stringify(integration.body)}`);
    const promotionCodeId = `promo_bench_${i}`;
    const coupon = await call(base, 'POST', '/api/v1/coupons', m.key, { campaignId: m.campaignId, affiliateId: m.affiliateId, code: `BENCH${i}`, cardPromotionCodeId: promotionCodeId });
    if (coupon.status !== 201) throw new Error(`coupon: ${coupon.status} ${JSON.stringify(coupon.body)}`);
    return { ...m, integrationId: integration.body.data.id as string, secret, promotionCodeId };
  });

/**
 * `count` distinct signed `checkout.session.completed` notifications (each its own event and order,
 * attributed by the merchant's coupon), spread over the merchants. Signed now: Stripe's tolerance is
 * 300 s, so a run must use them within that.
 */
export const signedNotifications = (merchants: readonly IngestMerchant[], count: number, tag: string): LoadRequest[] =>
  Array.from({ length: count }, (_, i) => {
    const m = merchants[i % merchants.length]!;
    const payload = JSON.stringify({
      id: `evt_${tag}_${i}`,
      object: 'event',
      type: 'checkout.session.completed',
      livemode: true,
      created: Math.floor(Date.now() / 1000),
      data: {
        object: {
          id: `cs_${tag}_${i}`,
          object: 'checkout.session',
          mode: 'payment',
          payment_status: 'paid',
          amount_total: 1999 + (i % 100),
          currency: 'usd',
          total_details: { amount_discount: 0, amount_tax: 0 },
          payment_intent: `pi_${tag}_${i}`,
          customer_details: { email: `buyer${i}@example.net`, name: null },
          discounts: [{ coupon: null, promotion_code: m.promotionCodeId }],
        },
      },
    });
    return {
      method: 'POST' as const,
      path: `/ingest/v1/${m.integrationId}`,
      headers: { 'content-type': 'application/json', 'stripe-signature': stripe.webhooks.generateTestHeaderString({ payload, secret: m.secret }) },
      body: payload,
    };
  });
