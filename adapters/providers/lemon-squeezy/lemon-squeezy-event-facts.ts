import { factDiscount, type FactCustomer, type FactDiscount } from '../../../domain/index.js';
import { clickIdIn, idText, minorUnits, obj, str, type Json } from '../shared/json-fields.js';
import { decimalOf, factOf, ignoredAs, saleFigures, type Translation } from '../shared/notice-translation.js';

/** A verified Lemon Squeezy webhook: a JSON:API resource in `data`, the checkout's custom data in `meta`. */
export interface LemonSqueezyEvent {
  readonly eventName: string;
  readonly meta: Json;
  readonly data: Json;
  /** JSON:API related resources, when the body carries any (`discount-redemptions`). */
  readonly included: readonly unknown[];
}

/** Orders and subscription invoices are numbered separately, so an id is `type/id` (`orders/1`, `subscription-invoices/1`). */
const resourceId = (data: Json): string | null => {
  const type = str(data.type);
  const id = idText(data.id);
  return type && id ? `${type}/${id}` : null;
};

const attributesOf = (data: Json): Json => obj(data.attributes) ?? {};

const customerOf = (a: Json): FactCustomer => ({ providerCustomerId: idText(a.customer_id), email: str(a.user_email), name: str(a.user_name) });

/** The discount of the order, from an included `discount-redemptions` resource (its `discount_id` and `discount_code`). */
const discountOf = (e: LemonSqueezyEvent): FactDiscount | null => {
  for (const item of e.included.map(obj)) {
    if (item?.type !== 'discount-redemptions') continue;
    const a = attributesOf(item);
    const found = factDiscount(str(a.discount_code), idText(a.discount_id));
    if (found) return found;
  }
  return null;
};

/** A paid order, or a paid subscription invoice after the first one. Net sale = `total − tax` (after discounts), in cents. */
const paid = (e: LemonSqueezyEvent, kind: 'sale' | 'renewal'): Translation => {
  const a = attributesOf(e.data);
  const id = resourceId(e.data);
  const status = str(a.status);
  if (!id) return ignoredAs(e.eventName, 'the resource has no type and id');
  if (status !== 'paid') return ignoredAs(e.eventName, `status is ${status ?? 'missing'}, not paid`);
  const total = minorUnits(a.total);
  const tax = minorUnits(a.tax) ?? 0n;
  const customer = customerOf(a);
  const clickId = clickIdIn(e.meta.custom_data);
  if (total === 0n) {
    if (customer.providerCustomerId && clickId) return factOf({ kind: 'customer_linked', customer, clickId });
    return ignoredAs(e.eventName, 'the total is 0, nothing was paid');
  }
  const figures = saleFigures(total === null ? null : total - tax, tax, a.currency);
  if (!figures) return ignoredAs(e.eventName, 'no usable total, tax and currency');
  return factOf({
    kind,
    orderId: id,
    paymentReferences: [id],
    figures,
    customer,
    discount: discountOf(e),
    clickId,
    subscriptionId: idText(a.subscription_id),
  });
};

/** `order_refunded` / `subscription_payment_refunded`: `refunded_amount` is the running total of `total`. */
const refunded = (e: LemonSqueezyEvent): Translation => {
  const a = attributesOf(e.data);
  const id = resourceId(e.data);
  const refundedTotal = decimalOf(minorUnits(a.refunded_amount) ?? -1n, a.currency);
  const paymentTotal = decimalOf(minorUnits(a.total) ?? -1n, a.currency);
  if (!id || !refundedTotal || !paymentTotal) return ignoredAs(e.eventName, 'no usable refunded_amount, total and currency');
  return factOf({ kind: 'refund', paymentReferences: [id], refundedTotal: refundedTotal.amount, paymentTotal: paymentTotal.amount, currency: refundedTotal.currency });
};

/**
 * Lemon Squeezy events as neutral facts; every other event type is recorded as ignored. The first
 * payment of a subscription arrives twice (`order_created`, and `subscription_payment_success` with
 * `billing_reason` "initial"): the order makes the sale. Lemon Squeezy publishes no dispute event.
 */
export const lemonSqueezyEventFacts = (e: LemonSqueezyEvent): Translation => {
  switch (e.eventName) {
    case 'order_created':
      return paid(e, 'sale');
    case 'subscription_payment_success': {
      const reason = str(attributesOf(e.data).billing_reason);
      if (reason === 'initial') return ignoredAs(e.eventName, 'the first payment of a subscription is counted from its order_created');
      return paid(e, 'renewal');
    }
    case 'order_refunded':
    case 'subscription_payment_refunded':
      return refunded(e);
    case 'subscription_created': {
      const a = attributesOf(e.data);
      const clickId = clickIdIn(e.meta.custom_data);
      const customer = customerOf(a);
      if (!clickId || !customer.providerCustomerId) return ignoredAs(e.eventName, 'no meta.custom_data.click_id or customer_id');
      return factOf({ kind: 'customer_linked', customer, clickId });
    }
    default:
      return ignoredAs(e.eventName, 'this event type does not affect conversions');
  }
};
