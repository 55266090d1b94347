import { readFileSync } from 'node:fs';
import type { TestService } from './test-service.js';
import { hexHmac, post, uniqueId } from './mor-events.js';

const fixture = (path: string): Record<string, any> => JSON.parse(readFileSync(new URL(`../fixtures/paddle/${path}.json`, import.meta.url), 'utf8'));

/**
 * A `transaction.completed` notification: Paddle's published example (a checkout, `origin` "web"),
 * or its published renewal (`origin` "subscription_recurring"), with fresh ids and the amounts,
 * custom data and discount of the case. Amounts are strings of minor units, as Paddle sends them.
 */
export const transactionCompleted = (fields: {
  total: number;
  tax?: number;
  currency?: string;
  clickId?: string | null;
  customerId?: string;
  discountId?: string | null;
  discountCode?: string;
  renewalOf?: string;
}) => {
  const base = fields.renewalOf ? fixture('events-api/transaction.completed.subscription_recurring') : fixture('notifications/transaction.completed');
  const currency = fields.currency ?? 'USD';
  const tax = String(fields.tax ?? 0);
  const data = base.data;
  return {
    ...base,
    event_id: uniqueId('evt'),
    notification_id: uniqueId('ntf'),
    data: {
      ...data,
      id: uniqueId('txn'),
      customer_id: fields.customerId ?? uniqueId('ctm'),
      custom_data: fields.clickId ? { click_id: fields.clickId } : null,
      discount_id: fields.discountId ?? null,
      ...(fields.discountCode ? { discount: { id: fields.discountId ?? uniqueId('dsc'), code: fields.discountCode } } : {}),
      subscription_id: fields.renewalOf ?? data.subscription_id,
      currency_code: currency,
      details: { ...data.details, totals: { ...data.details.totals, total: String(fields.total), grand_total: String(fields.total), tax, currency_code: currency } },
    },
  };
};

/** An approved adjustment on a transaction (Paddle's published `adjustment.updated`), of `action`. */
export const adjustment = (fields: { transactionId: string; action: string; amount: number; type?: 'full' | 'partial'; status?: string; id?: string; eventType?: string; currency?: string }) => {
  const base = fixture(`notifications/${fields.eventType ?? 'adjustment.updated'}`);
  return {
    ...base,
    event_type: fields.eventType ?? 'adjustment.updated',
    event_id: uniqueId('evt'),
    notification_id: uniqueId('ntf'),
    data: {
      ...base.data,
      id: fields.id ?? uniqueId('adj'),
      transaction_id: fields.transactionId,
      action: fields.action,
      type: fields.type ?? 'partial',
      status: fields.status ?? 'approved',
      currency_code: fields.currency ?? 'USD',
      totals: { ...base.data.totals, total: String(fields.amount), currency_code: fields.currency ?? 'USD' },
    },
  };
};

/** Paddle's published `customer.created`, carrying the click id in `custom_data`. */
export const customerCreated = (fields: { clickId: string; customerId?: string }) => {
  const base = fixture('notifications/customer.created');
  return { ...base, event_id: uniqueId('evt'), notification_id: uniqueId('ntf'), data: { ...base.data, id: fields.customerId ?? uniqueId('ctm'), custom_data: { click_id: fields.clickId } } };
};

/** `Paddle-Signature` as Paddle computes it: `ts=<unix>;h1=<hex HMAC-SHA256 of "<ts>:<body>">`. */
export const paddleSignature = (rawBody: string, secret: string, ts = Math.floor(Date.now() / 1000)) => `ts=${ts};h1=${hexHmac(secret, `${ts}:${rawBody}`)}`;

export const deliverPaddle = (t: TestService, integrationId: string, event: unknown, secret: string, options: { ts?: number; header?: string } = {}) => {
  const rawBody = JSON.stringify(event);
  return post(t, integrationId, rawBody, { 'paddle-signature': options.header ?? paddleSignature(rawBody, secret, options.ts) });
};

export const signatureVectors = () => fixture('signature_test_vectors') as { vectors: { raw_body: string; paddle_signature_header: string; secret?: string; correct_secret?: string; expected_valid: boolean }[] };
