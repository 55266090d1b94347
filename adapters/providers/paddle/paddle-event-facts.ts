import type { FactCustomer, SaleFact } from '../../../domain/index.js';
import { clickIdIn, compact, minorUnits, obj, str, type Json } from '../shared/json-fields.js';
import { decimalOf, embeddedDiscount, factOf, ignoredAs, saleFigures, type Translation } from '../shared/notice-translation.js';

/** A verified Paddle notification: its id, type and `data` entity (snake_case, as Paddle sends it). */
export interface PaddleEvent {
  readonly eventId: string;
  readonly type: string;
  readonly data: Json;
}

/** A transaction Paddle created for a subscription's next billing period (not the first purchase). */
const RENEWAL_ORIGIN = 'subscription_recurring';

const customerOf = (id: unknown, entity: Json | null = null): FactCustomer => ({
  providerCustomerId: str(id),
  email: str(entity?.email),
  name: str(entity?.name),
});

/**
 * `transaction.completed`: a paid checkout or renewal. Net sale = `details.totals.total − tax`
 * (after discounts); amounts are strings of minor units. Webhooks name the discount by
 * `discount_id`; its code is read when the transaction embeds the discount (API `include`).
 */
const transactionCompleted = (e: PaddleEvent): Translation => {
  const t = e.data;
  const id = str(t.id);
  const totals = obj(obj(t.details)?.totals);
  const total = minorUnits(totals?.total);
  const tax = minorUnits(totals?.tax) ?? 0n;
  const currency = str(totals?.currency_code) ?? str(t.currency_code);
  const customer = customerOf(t.customer_id, obj(t.customer));
  const clickId = clickIdIn(t.custom_data);
  if (!id) return ignoredAs(e.type, 'the transaction has no id');
  if (total === 0n) {
    // A free first period (a 100 % discount, a trial) pays nothing but still ties the customer to the click.
    if (customer.providerCustomerId && clickId) return factOf({ kind: 'customer_linked', customer, clickId });
    return ignoredAs(e.type, 'the transaction total is 0, nothing was paid');
  }
  const figures = saleFigures(total === null ? null : total - tax, tax, currency);
  if (!figures) return ignoredAs(e.type, 'the transaction has no usable details.totals (total, tax, currency_code)');
  const subscriptionId = str(t.subscription_id);
  return factOf({
    kind: subscriptionId !== null && str(t.origin) === RENEWAL_ORIGIN ? 'renewal' : 'sale',
    orderId: id,
    paymentReferences: compact([id, str(t.invoice_id)]),
    figures,
    customer,
    discount: embeddedDiscount(t),
    clickId,
    subscriptionId,
  });
};

/**
 * `adjustment.created` / `adjustment.updated`, acted on once approved. A refund names only its own
 * amount, so it becomes `refund_issued` (counted once per adjustment id). Chargebacks are disputes
 * the merchant has already lost (Paddle took the money back): `chargeback_warning` holds the
 * conversion, `chargeback` refunds it whole, the two reversals release it (a refunded conversion
 * stays refunded). Credits to the customer's balance return no money and are ignored.
 */
const adjustment = (e: PaddleEvent): Translation => {
  const a = e.data;
  const id = str(a.id);
  const transactionId = str(a.transaction_id);
  const action = str(a.action);
  const status = str(a.status);
  if (!id || !transactionId) return ignoredAs(e.type, 'the adjustment names no transaction');
  if (status !== 'approved') return ignoredAs(e.type, `adjustment ${id} is ${status ?? 'without status'}, not approved`);
  const paymentReferences = [transactionId];
  switch (action) {
    case 'refund': {
      const totals = obj(a.totals);
      const amount = decimalOf(minorUnits(totals?.total) ?? -1n, str(totals?.currency_code) ?? str(a.currency_code));
      if (!amount || amount.amount.lte(0)) return ignoredAs(e.type, `refund ${id} has no usable totals.total and currency_code`);
      const fact: SaleFact = { kind: 'refund_issued', refundId: id, paymentReferences, amount: amount.amount, whole: str(a.type) === 'full', currency: amount.currency };
      return factOf(fact);
    }
    case 'chargeback_warning':
      return factOf({ kind: 'dispute_opened', disputeId: id, paymentReferences });
    case 'chargeback':
      return factOf({ kind: 'dispute_closed', disputeId: id, paymentReferences, won: false });
    case 'chargeback_warning_reverse':
    case 'chargeback_reverse':
      return factOf({ kind: 'dispute_closed', disputeId: id, paymentReferences, won: true });
    default:
      return ignoredAs(e.type, `adjustment action ${action ?? 'missing'} returns no money to the customer`);
  }
};

/** A customer or subscription whose `custom_data.click_id` ties the customer to a click. */
const customerLinked = (e: PaddleEvent, customerId: unknown, entity: Json | null): Translation => {
  const clickId = clickIdIn(e.data.custom_data);
  const customer = customerOf(customerId, entity);
  if (!clickId) return ignoredAs(e.type, 'no custom_data.click_id');
  if (!customer.providerCustomerId) return ignoredAs(e.type, 'no customer id');
  return factOf({ kind: 'customer_linked', customer, clickId });
};

/** Paddle Billing events as neutral facts; every other event type is recorded as ignored. */
export const paddleEventFacts = (e: PaddleEvent): Translation => {
  switch (e.type) {
    case 'transaction.completed':
      return transactionCompleted(e);
    case 'adjustment.created':
    case 'adjustment.updated':
      return adjustment(e);
    case 'customer.created':
    case 'customer.updated':
      return customerLinked(e, e.data.id, e.data);
    case 'subscription.created':
      return customerLinked(e, e.data.customer_id, null);
    default:
      return ignoredAs(e.type, 'this event type does not affect conversions');
  }
};
