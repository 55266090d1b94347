import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { Webhook } from 'standardwebhooks';
import type { TestService } from './test-service.js';
import { post } from './mor-events.js';

/*
 * Polar publishes schemas, not example payloads: these bodies are built field by field from the
 * official webhook schemas (test/fixtures/polar/) and each is validated against its schema before
 * it is sent, signed by the Standard Webhooks scheme with the secret base64-encoded as Polar does.
 */

type Json = Record<string, any>;
const document = JSON.parse(readFileSync(new URL('../fixtures/polar/webhook-payload-schemas.openapi-subset.json', import.meta.url), 'utf8')) as Json;
const addFormats = ((addFormatsModule as unknown as Json).default ?? addFormatsModule) as (ajv: Ajv2020) => Ajv2020;
const ajv = addFormats(new Ajv2020({ strict: false, allErrors: true }));
ajv.addFormat('uuid4', /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i);
ajv.addSchema({ $id: 'https://polar.example/webhooks.json', components: document.components });

const PAYLOAD_SCHEMA: Record<string, string> = {
  'order.paid': 'WebhookOrderPaidPayload',
  'order.refunded': 'WebhookOrderRefundedPayload',
  'refund.created': 'WebhookRefundCreatedPayload',
  'customer.created': 'WebhookCustomerCreatedPayload',
};

/** The schema's validation errors for a payload of `type` (empty when it conforms). */
export const schemaErrors = (type: string, payload: unknown): string[] => {
  const validate = ajv.getSchema(`https://polar.example/webhooks.json#/components/schemas/${PAYLOAD_SCHEMA[type]}`);
  if (!validate) throw new Error(`no schema for ${type}`);
  return validate(payload) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
};

const now = () => new Date().toISOString();
const ORGANIZATION = '1dbfc517-0bbf-4301-9ba8-555ca42b9737';

const customer = (id: string, metadata: Json = {}) => ({
  id,
  created_at: now(),
  modified_at: null,
  metadata,
  external_id: null,
  email: 'buyer@example.net',
  email_verified: true,
  type: 'individual',
  name: 'Buyer Example',
  billing_name: null,
  billing_address: null,
  tax_id: null,
  organization_id: ORGANIZATION,
  deleted_at: null,
  first_user_event_at: null,
  avatar_url: null,
});

const discount = (id: string, code: string) => ({
  duration: 'once',
  type: 'percentage',
  basis_points: 1000,
  created_at: now(),
  modified_at: null,
  id,
  metadata: {},
  name: code,
  code,
  starts_at: null,
  ends_at: null,
  max_redemptions: null,
  max_redemptions_per_customer: null,
  redemptions_count: 1,
  organization_id: ORGANIZATION,
});

export interface PolarOrderFields {
  net: number;
  tax?: number;
  currency?: string;
  clickId?: string | null;
  customerId?: string;
  billingReason?: 'purchase' | 'subscription_create' | 'subscription_cycle';
  subscriptionId?: string | null;
  discount?: { id: string; code: string | null };
  refunded?: number;
  refundedTax?: number;
}

/** An Order as the schema describes it (amounts in cents, currency lowercase). */
export const order = (f: PolarOrderFields, id = randomUUID()): Json => {
  const tax = f.tax ?? 0;
  const refunded = f.refunded ?? 0;
  const status = refunded === 0 ? 'paid' : refunded >= f.net ? 'refunded' : 'partially_refunded';
  return {
    id,
    created_at: now(),
    modified_at: now(),
    status,
    paid: true,
    subtotal_amount: f.net,
    discount_amount: 0,
    net_amount: f.net,
    tax_amount: tax,
    total_amount: f.net + tax,
    applied_balance_amount: 0,
    due_amount: 0,
    refunded_amount: refunded,
    refunded_tax_amount: f.refundedTax ?? 0,
    currency: f.currency ?? 'usd',
    billing_reason: f.billingReason ?? 'purchase',
    billing_name: 'Buyer Example',
    billing_address: null,
    invoice_number: 'POLAR-0001',
    is_invoice_generated: false,
    receipt_number: null,
    customer_id: f.customerId ?? randomUUID(),
    product_id: null,
    discount_id: f.discount?.id ?? null,
    subscription_id: f.subscriptionId ?? null,
    checkout_id: randomUUID(),
    metadata: f.clickId ? { click_id: f.clickId } : {},
    platform_fee_amount: 0,
    platform_fee_currency: null,
    customer: customer(f.customerId ?? randomUUID()),
    product: null,
    discount: f.discount ? discount(f.discount.id, f.discount.code ?? 'UNUSED') : null,
    subscription: null,
    items: [{ created_at: now(), modified_at: null, id: randomUUID(), label: 'Pro Plan', amount: f.net, tax_amount: tax, proration: false, product_price_id: null }],
    description: 'Pro Plan',
    refundable_amount: f.net - refunded,
    refundable_tax_amount: tax,
  };
};

/** A Refund tied to a card dispute (`dispute` set), as `refund.created` carries it. */
export const disputedRefund = (orderId: string, status: string, amount: number, disputeId = randomUUID()): Json => ({
  created_at: now(),
  modified_at: null,
  id: randomUUID(),
  metadata: {},
  status: 'succeeded',
  reason: 'dispute_prevention',
  amount,
  tax_amount: 0,
  currency: 'usd',
  organization_id: ORGANIZATION,
  order_id: orderId,
  subscription_id: null,
  customer_id: randomUUID(),
  revoke_benefits: false,
  dispute: {
    created_at: now(), modified_at: null, id: disputeId, status, resolved: status === 'won' || status === 'lost', closed: ['won', 'lost', 'prevented'].includes(status),
    amount, tax_amount: 0, currency: 'usd', reason: 'fraudulent', evidence_due_by: null, past_due: false, order_id: orderId, payment_id: randomUUID(),
  },
});

export const polarCustomer = (clickId: string, id = randomUUID()) => customer(id, { click_id: clickId });

/** A Polar webhook body `{type, timestamp, data}`, checked against its schema. */
export const polarEvent = (type: string, data: Json) => {
  const payload = { type, timestamp: now(), data };
  const errors = schemaErrors(type, payload);
  if (errors.length > 0) throw new Error(`${type} does not match Polar's schema: ${errors.join('; ')}`);
  return payload;
};

/** The three Standard Webhooks headers, signed with the secret as Polar uses it (base64-encoded). */
export const polarHeaders = (rawBody: string, secret: string, fields: { id?: string; timestamp?: Date } = {}) => {
  const id = fields.id ?? `msg_${randomUUID()}`;
  const at = fields.timestamp ?? new Date();
  const signature = new Webhook(Buffer.from(secret, 'utf8').toString('base64')).sign(id, at, rawBody);
  return { 'webhook-id': id, 'webhook-timestamp': String(Math.floor(at.getTime() / 1000)), 'webhook-signature': signature };
};

export const deliverPolar = (t: TestService, integrationId: string, event: unknown, secret: string, fields: { id?: string; timestamp?: Date; headers?: Record<string, string> } = {}) => {
  const rawBody = JSON.stringify(event);
  return post(t, integrationId, rawBody, fields.headers ?? polarHeaders(rawBody, secret, fields));
};
