import type { FactCustomer } from '../../../domain/index.js';
import { clickIdIn, compact, minorUnits, obj, str, type Json } from '../shared/json-fields.js';
import { decimalOf, embeddedDiscount, factOf, ignoredAs, saleFigures, type Translation } from '../shared/notice-translation.js';

/** Order billing reasons that bill an existing subscription again (the first order is `subscription_create`). */
const RENEWAL_REASONS = new Set(['subscription_cycle', 'subscription_update', 'subscription_meter_cycle']);
const OPEN_DISPUTE = new Set(['early_warning', 'needs_response', 'under_review']);

const customerOf = (id: unknown, customer: Json | null): FactCustomer => ({ providerCustomerId: str(id), email: str(customer?.email), name: str(customer?.name) });

/** `order.paid`: net sale = `net_amount` (after discounts, before tax) and `tax_amount`, in cents. */
const orderPaid = (type: string, o: Json): Translation => {
  const id = str(o.id);
  const net = minorUnits(o.net_amount);
  const tax = minorUnits(o.tax_amount);
  const customer = customerOf(o.customer_id, obj(o.customer));
  const clickId = clickIdIn(o.metadata) ?? clickIdIn(obj(o.subscription)?.metadata);
  if (!id) return ignoredAs(type, 'the order has no id');
  if (minorUnits(o.total_amount) === 0n) {
    if (customer.providerCustomerId && clickId) return factOf({ kind: 'customer_linked', customer, clickId });
    return ignoredAs(type, 'total_amount is 0, nothing was paid');
  }
  const figures = saleFigures(net, tax, o.currency);
  if (!figures) return ignoredAs(type, 'no usable net_amount, tax_amount and currency');
  const subscriptionId = str(o.subscription_id);
  return factOf({
    kind: subscriptionId !== null && RENEWAL_REASONS.has(str(o.billing_reason) ?? '') ? 'renewal' : 'sale',
    orderId: id,
    paymentReferences: compact([id, str(o.checkout_id)]),
    figures,
    customer,
    discount: embeddedDiscount(o),
    clickId,
    subscriptionId,
  });
};

/**
 * `order.refunded`: `refunded_amount` (+ `refunded_tax_amount`) is the running total refunded on the
 * order, a share of `total_amount`.
 */
const orderRefunded = (type: string, o: Json): Translation => {
  const id = str(o.id);
  const refunded = minorUnits(o.refunded_amount);
  const refundedTotal = decimalOf(refunded === null ? -1n : refunded + (minorUnits(o.refunded_tax_amount) ?? 0n), o.currency);
  const paymentTotal = decimalOf(minorUnits(o.total_amount) ?? -1n, o.currency);
  if (!id || !refundedTotal || !paymentTotal || refundedTotal.amount.lt(0)) return ignoredAs(type, 'no usable refunded_amount, total_amount and currency');
  return factOf({ kind: 'refund', paymentReferences: [id], refundedTotal: refundedTotal.amount, paymentTotal: paymentTotal.amount, currency: refundedTotal.currency });
};

/**
 * `refund.created`: the refunded money itself arrives as the order's running total (`order.refunded`);
 * a refund tied to a card dispute says how the dispute stands: open holds the conversion, lost
 * refunds it whole, won releases it. A dispute Polar prevented by refunding is just that refund.
 */
const refundCreated = (type: string, r: Json): Translation => {
  const dispute = obj(r.dispute);
  const orderId = str(r.order_id);
  if (!dispute) return ignoredAs(type, 'the refund is counted from order.refunded (the running total)');
  const disputeId = str(dispute.id);
  const status = str(dispute.status);
  const paymentReferences = compact([orderId, str(dispute.order_id)]);
  if (!disputeId || paymentReferences.length === 0) return ignoredAs(type, 'the dispute names no order');
  if (status !== null && OPEN_DISPUTE.has(status)) return factOf({ kind: 'dispute_opened', disputeId, paymentReferences });
  if (status === 'lost' || status === 'won') return factOf({ kind: 'dispute_closed', disputeId, paymentReferences, won: status === 'won' });
  return ignoredAs(type, `dispute ${disputeId} is ${status ?? 'without status'}; the refund is counted from order.refunded`);
};

/** A customer (or subscription) whose `metadata.click_id` ties the customer to a click. */
const customerLinked = (type: string, customerId: unknown, entity: Json | null, metadata: unknown): Translation => {
  const clickId = clickIdIn(metadata);
  const customer = customerOf(customerId, entity);
  if (!clickId) return ignoredAs(type, 'no metadata.click_id');
  if (!customer.providerCustomerId) return ignoredAs(type, 'no customer id');
  return factOf({ kind: 'customer_linked', customer, clickId });
};

/** Polar events as neutral facts; every other event type is recorded as ignored. */
export const polarEventFacts = (type: string, data: Json): Translation => {
  switch (type) {
    case 'order.paid':
      return orderPaid(type, data);
    case 'order.refunded':
      return orderRefunded(type, data);
    case 'refund.created':
      return refundCreated(type, data);
    case 'customer.created':
    case 'customer.updated':
      return customerLinked(type, data.id, data, data.metadata);
    case 'subscription.created':
      return customerLinked(type, data.customer_id, obj(data.customer), data.metadata);
    default:
      return ignoredAs(type, 'this event type does not affect conversions');
  }
};
