import { readFileSync } from 'node:fs';
import Stripe from 'stripe';
import type { TestMerchant } from './merchant-mother.js';
import type { TestService } from './test-service.js';

const fixture = (name: string): Record<string, any> => JSON.parse(readFileSync(new URL(`../fixtures/stripe/${name}.json`, import.meta.url), 'utf8'));
const stripe = new Stripe('sk_test_unused');
let counter = 0;
const unique = (prefix: string) => `${prefix}_${Date.now().toString(36)}${(counter += 1)}`;

/** A Stripe event envelope (`event.json`'s shape) around `object`. */
export const cardEvent = (type: string, object: Record<string, unknown>, fields: { livemode?: boolean; id?: string } = {}) => {
  const envelope = fixture('event');
  return { ...envelope, id: fields.id ?? unique('evt'), type, livemode: fields.livemode ?? true, created: Math.floor(Date.now() / 1000), data: { object } };
};

/** A paid one-time Checkout Session (the published example, with what a completed one carries). */
export const paidSession = (fields: { amountTotal: number; tax?: number; currency?: string; clickId?: string | null; customer?: string | null; email?: string; invoice?: string | null; mode?: 'payment' | 'subscription'; promotionCode?: string } ) => ({
  ...fixture('checkout_session'),
  id: unique('cs_test'),
  status: 'complete',
  payment_status: 'paid',
  mode: fields.mode ?? 'payment',
  amount_total: fields.amountTotal,
  amount_subtotal: fields.amountTotal - (fields.tax ?? 0),
  currency: fields.currency ?? 'usd',
  total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: fields.tax ?? 0 },
  client_reference_id: fields.clickId ?? null,
  customer: fields.customer ?? null,
  customer_details: { ...fixture('checkout_session').customer_details, email: fields.email ?? 'buyer@example.net', name: 'Buyer Example' },
  invoice: fields.invoice ?? null,
  payment_intent: unique('pi'),
  discounts: fields.promotionCode ? [{ coupon: null, promotion_code: fields.promotionCode }] : [],
});

/** A paid invoice (the published example, finalized and paid). */
export const paidInvoice = (fields: {
  total: number;
  tax?: number;
  customer: string;
  billingReason: 'subscription_create' | 'subscription_cycle' | 'manual';
  subscription?: string | null;
  currency?: string;
  paymentIntent?: string;
  clickId?: string;
}) => {
  const base = fixture('invoice');
  const subscription = fields.subscription ?? null;
  return {
    ...base,
    id: unique('in'),
    status: 'paid',
    amount_paid: fields.total,
    amount_due: fields.total,
    total: fields.total,
    total_excluding_tax: fields.total - (fields.tax ?? 0),
    currency: fields.currency ?? 'usd',
    customer: fields.customer,
    customer_email: 'subscriber@example.net',
    billing_reason: fields.billingReason,
    parent: subscription
      ? { quote_details: null, type: 'subscription_details', subscription_details: { metadata: fields.clickId ? { click_id: fields.clickId } : {}, subscription } }
      : null,
    ...(fields.paymentIntent ? { payments: { object: 'list', data: [{ payment: { type: 'payment_intent', payment_intent: fields.paymentIntent } }] } } : {}),
  };
};

export const refundedCharge = (fields: { paymentIntent: string; amount: number; refunded: number; currency?: string }) => ({
  ...fixture('charge'),
  id: unique('ch'),
  payment_intent: fields.paymentIntent,
  amount: fields.amount,
  amount_refunded: fields.refunded,
  refunded: fields.refunded >= fields.amount,
  currency: fields.currency ?? 'usd',
});

export const dispute = (fields: { paymentIntent: string; status: string; id?: string }) => ({
  ...fixture('dispute'),
  id: fields.id ?? unique('dp'),
  charge: unique('ch'),
  payment_intent: fields.paymentIntent,
  status: fields.status,
});

export const customer = (fields: { id?: string; clickId?: string; email?: string }) => ({
  ...fixture('customer'),
  id: fields.id ?? unique('cus'),
  email: fields.email ?? 'customer@example.net',
  metadata: fields.clickId ? { click_id: fields.clickId } : {},
});

export const newId = unique;

/** The raw body and headers a card processor sends, signed with the official test helper. */
export const signed = (event: unknown, secret: string, timestamp?: number) => {
  const payload = JSON.stringify(event);
  return { payload, header: stripe.webhooks.generateTestHeaderString({ payload, secret, ...(timestamp ? { timestamp } : {}) }) };
};

export const deliver = (t: TestService, integrationId: string, event: unknown, secret: string, timestamp?: number) => {
  const { payload, header } = signed(event, secret, timestamp);
  return t.request('POST', `/ingest/v1/${integrationId}`, { rawBody: payload, headers: { 'stripe-signature': header, 'content-type': 'application/json' } });
};

/** A `card` integration in the key's mode; its id and secret. */
export const cardIntegration = async (t: TestService, key: string, name = 'Stripe') => {
  const secret = `whsec_${unique('s')}`;
  const res = await t.api('POST', '/integrations', key, { provider: 'card', signingSecret: secret, name });
  if (res.status !== 201) throw new Error(`integration failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { id: res.body.data.id as string, secret, endpointUrl: res.body.data.endpointUrl as string };
};

/** A real click through the affiliate's tracking link; the click id its redirect carries. */
export const click = async (t: TestService, trackingLink: string): Promise<string> => {
  const res = await t.request('GET', new URL(trackingLink).pathname);
  const location = res.headers.get('location');
  const id = location ? new URL(location).searchParams.get('click_id') : null;
  if (!id) throw new Error(`no click id: ${res.status} ${location}`);
  return id;
};

export const events = async (t: TestService, merchant: TestMerchant, integrationId: string, key = merchant.liveKey) =>
  (await t.api('GET', `/integrations/${integrationId}/events?limit=100`, key)).body.data as { providerEventId: string; type: string; outcome: string; reason: string | null; code: string | null; conversionId: string | null }[];
