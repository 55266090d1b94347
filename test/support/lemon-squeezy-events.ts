import type { TestService } from './test-service.js';
import { hexHmac, post } from './mor-events.js';

/*
 * Lemon Squeezy publishes no complete example payload, so these bodies follow its documentation
 * field by field (docs.lemonsqueezy.com: "The Order Object", "The Subscription Invoice Object",
 * "Webhooks" and "Passing custom data"): `{ meta: { event_name, test_mode, custom_data }, data: { type,
 * id, attributes } }`, amounts integers in cents, `currency` uppercase, `X-Signature` the hex
 * HMAC-SHA256 of the raw body under the webhook's signing secret.
 */

let sequence = 1000;
const nextNumericId = () => (sequence += 1);
const timestamp = (offsetSeconds = 0) => new Date(Date.now() + offsetSeconds * 1000).toISOString().replace(/\.\d{3}Z$/, '.000000Z');

const meta = (eventName: string, fields: { clickId?: string | null; testMode?: boolean }) => ({
  test_mode: fields.testMode ?? false,
  event_name: eventName,
  webhook_id: 'b1f6a9e4-5a1c-4a8e-9c1f-3d2b7e6f8a90',
  ...(fields.clickId ? { custom_data: { click_id: fields.clickId } } : {}),
});

/** Money attributes shared by orders and subscription invoices: `total = subtotal − discount_total + tax`, in cents. */
const money = (total: number, tax: number, discount: number, currency: string) => ({
  currency,
  currency_rate: '1.00000000',
  subtotal: total - tax + discount,
  discount_total: discount,
  tax,
  total,
  subtotal_usd: total - tax + discount,
  discount_total_usd: discount,
  tax_usd: tax,
  total_usd: total,
  tax_name: tax > 0 ? 'VAT' : null,
  tax_rate: tax > 0 ? '20.00' : '0.00',
  tax_inclusive: false,
});

export interface LemonOrderFields {
  total: number;
  tax?: number;
  currency?: string;
  clickId?: string | null;
  customerId?: number;
  orderId?: number;
  testMode?: boolean;
  refundedAmount?: number;
  /** A discount redemption included with the order (JSON:API `included`). */
  discount?: { id: number; code: string; amount: number };
}

const orderAttributes = (f: LemonOrderFields, refunded: number) => ({
  store_id: 1,
  customer_id: f.customerId ?? nextNumericId(),
  identifier: crypto.randomUUID(),
  order_number: nextNumericId(),
  user_name: 'Buyer Example',
  user_email: 'buyer@example.net',
  ...money(f.total, f.tax ?? 0, f.discount?.amount ?? 0, f.currency ?? 'USD'),
  setup_fee: 0,
  setup_fee_usd: 0,
  refunded_amount: refunded,
  refunded_amount_usd: refunded,
  status: refunded === 0 ? 'paid' : refunded >= f.total ? 'refunded' : 'partial_refund',
  status_formatted: refunded === 0 ? 'Paid' : refunded >= f.total ? 'Refunded' : 'Partial refund',
  refunded: refunded >= f.total,
  refunded_at: refunded === 0 ? null : timestamp(),
  first_order_item: { id: nextNumericId(), order_id: f.orderId ?? 0, product_id: 1, variant_id: 1, product_name: 'Pro', variant_name: 'Default', price: f.total - (f.tax ?? 0), created_at: timestamp(), updated_at: timestamp(), test_mode: f.testMode ?? false },
  urls: { receipt: 'https://app.lemonsqueezy.com/my-orders/receipt' },
  created_at: timestamp(-60),
  updated_at: timestamp(refunded === 0 ? -60 : 0),
  test_mode: f.testMode ?? false,
});

/** `order_created`: a paid order. */
export const orderCreated = (f: LemonOrderFields) => {
  const id = f.orderId ?? nextNumericId();
  return {
    meta: meta('order_created', f),
    data: { type: 'orders', id: String(id), attributes: orderAttributes({ ...f, orderId: id }, 0), relationships: {}, links: { self: `https://api.lemonsqueezy.com/v1/orders/${id}` } },
    ...(f.discount
      ? { included: [{ type: 'discount-redemptions', id: String(nextNumericId()), attributes: { discount_id: f.discount.id, order_id: id, discount_name: f.discount.code, discount_code: f.discount.code, discount_amount: 10, discount_amount_type: 'percent', amount: f.discount.amount, created_at: timestamp(), updated_at: timestamp() } }] }
      : {}),
  };
};

/** `order_refunded`: the same order with its running `refunded_amount`. */
export const orderRefunded = (order: ReturnType<typeof orderCreated>, refundedAmount: number, secondsLater = 1) => ({
  meta: { ...order.meta, event_name: 'order_refunded' },
  data: {
    ...order.data,
    attributes: { ...orderAttributes({ total: order.data.attributes.total, tax: order.data.attributes.tax, currency: order.data.attributes.currency, customerId: order.data.attributes.customer_id, orderId: Number(order.data.id) }, refundedAmount), updated_at: timestamp(secondsLater) },
  },
});

/** `subscription_payment_success`: a paid subscription invoice (`billing_reason` "initial" for the first, "renewal" after). */
export const subscriptionPaymentSuccess = (f: { total: number; tax?: number; customerId: number; subscriptionId: number; billingReason: 'initial' | 'renewal'; clickId?: string | null }) => {
  const id = nextNumericId();
  return {
    meta: meta('subscription_payment_success', f),
    data: {
      type: 'subscription-invoices',
      id: String(id),
      attributes: {
        store_id: 1,
        subscription_id: f.subscriptionId,
        customer_id: f.customerId,
        user_name: 'Subscriber Example',
        user_email: 'subscriber@example.net',
        billing_reason: f.billingReason,
        card_brand: 'visa',
        card_last_four: '4242',
        ...money(f.total, f.tax ?? 0, 0, 'USD'),
        status: 'paid',
        status_formatted: 'Paid',
        refunded: false,
        refunded_at: null,
        refunded_amount: 0,
        refunded_amount_usd: 0,
        urls: { invoice_url: 'https://app.lemonsqueezy.com/my-orders/invoice' },
        created_at: timestamp(),
        updated_at: timestamp(),
        test_mode: false,
      },
      relationships: {},
      links: { self: `https://api.lemonsqueezy.com/v1/subscription-invoices/${id}` },
    },
  };
};

export const lemonCustomerId = nextNumericId;

export const deliverLemon = (t: TestService, integrationId: string, event: unknown, secret: string, signature?: string) => {
  const rawBody = JSON.stringify(event);
  const name = (event as { meta: { event_name: string } }).meta.event_name;
  return post(t, integrationId, rawBody, { 'x-signature': signature ?? hexHmac(secret, rawBody), 'x-event-name': name });
};
