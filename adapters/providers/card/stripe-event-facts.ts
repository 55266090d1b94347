import { factDiscount, fromMinorUnits, type FactCustomer, type FactDiscount } from '../../../domain/index.js';
import { compact, minorUnits, obj, type Json } from '../shared/json-fields.js';
import { factOf, ignoredAs, saleFigures, type Translation } from '../shared/notice-translation.js';

/** The parts of a Stripe event this adapter reads; everything else stays untyped on purpose. */
export interface StripeEventLike {
  readonly id: string;
  readonly type: string;
  readonly livemode?: boolean;
  readonly data: { readonly object: Record<string, unknown> };
}

const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isInteger(v) ? v : null);
/** Expandable fields are an id or the object itself. */
const idOf = (v: unknown): string | null => str(v) ?? str(obj(v)?.id);
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : Array.isArray(obj(v)?.data) ? (obj(v)!.data as unknown[]) : []);

/** The click id a checkout or customer carries: `client_reference_id`, else `metadata.click_id`. */
const clickIdOf = (...sources: (Json | null)[]): string | null => {
  for (const source of sources) {
    if (!source) continue;
    const id = str(source.client_reference_id) ?? str(obj(source.metadata)?.click_id);
    if (id) return id.trim();
  }
  return null;
};

/** The first discount a document carries: a promotion code (its id, and its code when expanded) or a coupon. */
const discountOf = (document: Json): FactDiscount | null => {
  const candidates = [...list(document.discounts), document.discount].map(obj).filter((d): d is Json => d !== null);
  for (const d of candidates) {
    const promotion = d.promotion_code;
    const found = factDiscount(str(obj(promotion)?.code), idOf(promotion));
    if (found) return found;
  }
  return null;
};

const customerOf = (document: Json): FactCustomer => {
  const details = obj(document.customer_details);
  const expanded = obj(document.customer);
  return {
    providerCustomerId: idOf(document.customer),
    email: str(details?.email) ?? str(document.customer_email) ?? str(expanded?.email) ?? str(document.email),
    name: str(details?.name) ?? str(document.customer_name) ?? str(expanded?.name) ?? str(document.name),
  };
};

const ignored = (event: StripeEventLike, because: string): Translation => ignoredAs(event.type, because);

const subscriptionOf = (invoice: Json): string | null =>
  idOf(invoice.subscription) ?? idOf(obj(obj(invoice.parent)?.subscription_details)?.subscription);

const checkoutCompleted = (event: StripeEventLike, s: Json): Translation => {
  const status = str(s.payment_status);
  const orderId = idOf(s.invoice) ?? str(s.id);
  const customer = customerOf(s);
  const clickId = clickIdOf(s);
  if (status !== 'paid') {
    // A subscription started without payment (a trial) still links its customer to the click.
    if (customer.providerCustomerId && clickId) return factOf({ kind: 'customer_linked', customer, clickId });
    return ignored(event, `payment_status is ${status ?? 'missing'}, nothing was paid`);
  }
  const total = minorUnits(s.amount_total);
  const tax = minorUnits(obj(s.total_details)?.amount_tax) ?? 0n;
  const f = saleFigures(total === null ? null : total - tax, tax, s.currency);
  if (!f || !orderId) return ignored(event, 'the session has no amount_total or currency');
  return factOf({
    kind: 'sale',
    orderId,
    paymentReferences: compact([str(s.id), idOf(s.payment_intent), idOf(s.invoice)]),
    figures: f,
    customer,
    discount: discountOf(s),
    clickId,
    subscriptionId: idOf(s.subscription),
  });
};

const RENEWAL_REASONS = new Set(['subscription_cycle', 'subscription_update', 'subscription_threshold']);

const invoicePaid = (event: StripeEventLike, i: Json): Translation => {
  const orderId = str(i.id);
  const paid = num(i.amount_paid);
  if (!orderId) return ignored(event, 'the invoice has no id');
  if (paid === 0) return ignored(event, 'amount_paid is 0 (a trial or a fully credited invoice)');
  const total = minorUnits(i.total);
  const excluding = minorUnits(i.total_excluding_tax) ?? total;
  const f = saleFigures(excluding, total !== null && excluding !== null ? total - excluding : null, i.currency);
  if (!f) return ignored(event, 'the invoice has no total or currency');
  const subscriptionId = subscriptionOf(i);
  const subscriptionMetadata = obj(obj(obj(i.parent)?.subscription_details)?.metadata);
  const payments = list(i.payments).map((p) => obj(obj(p)?.payment));
  return factOf({
    kind: subscriptionId !== null && RENEWAL_REASONS.has(str(i.billing_reason) ?? '') ? 'renewal' : 'sale',
    orderId,
    paymentReferences: compact([orderId, idOf(i.payment_intent), idOf(i.charge), ...payments.flatMap((p) => [idOf(p?.payment_intent), idOf(p?.charge)])]),
    figures: f,
    customer: customerOf(i),
    discount: discountOf(i),
    clickId: clickIdOf(i, subscriptionMetadata ? { metadata: subscriptionMetadata } : null),
    subscriptionId,
  });
};

const invoicePaymentPaid = (event: StripeEventLike, p: Json): Translation => {
  const invoice = idOf(p.invoice);
  const payment = obj(p.payment);
  const references = compact([idOf(payment?.payment_intent), idOf(payment?.charge)]);
  if (!invoice || references.length === 0) return ignored(event, 'no invoice or payment id');
  return factOf({ kind: 'payment_linked', orderId: invoice, paymentReferences: references });
};

const customerEvent = (event: StripeEventLike, c: Json): Translation => {
  const clickId = clickIdOf({ metadata: c.metadata });
  if (!clickId) return ignored(event, 'the customer has no metadata.click_id');
  return factOf({ kind: 'customer_linked', customer: { providerCustomerId: str(c.id), email: str(c.email), name: str(c.name) }, clickId });
};

const chargeRefunded = (event: StripeEventLike, c: Json): Translation => {
  const refunded = num(c.amount_refunded);
  const amount = num(c.amount);
  if (refunded === null || amount === null || typeof c.currency !== 'string') return ignored(event, 'the charge has no amounts');
  const total = fromMinorUnits(refunded, c.currency);
  const paid = fromMinorUnits(amount, c.currency);
  if (total.isErr() || paid.isErr()) return ignored(event, `unknown currency ${String(c.currency)}`);
  return factOf({
    kind: 'refund',
    paymentReferences: compact([str(c.id), idOf(c.payment_intent), idOf(c.invoice)]),
    refundedTotal: total.value.amount,
    paymentTotal: paid.value.amount,
    currency: total.value.currency,
  });
};

const dispute = (event: StripeEventLike, d: Json, closed: boolean): Translation => {
  const disputeId = str(d.id);
  const references = compact([idOf(d.charge), idOf(d.payment_intent)]);
  if (!disputeId || references.length === 0) return ignored(event, 'the dispute names no charge');
  if (!closed) return factOf({ kind: 'dispute_opened', disputeId, paymentReferences: references });
  const status = str(d.status);
  if (status !== 'won' && status !== 'lost' && status !== 'warning_closed') return ignored(event, `dispute status ${status ?? 'missing'} is not final`);
  return factOf({ kind: 'dispute_closed', disputeId, paymentReferences: references, won: status !== 'lost' });
};

/** Stripe's card events as neutral facts; every other event type is recorded as ignored. */
export const stripeEventFacts = (event: StripeEventLike): Translation => {
  const o = event.data.object;
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
      return checkoutCompleted(event, o);
    case 'invoice.paid':
      return invoicePaid(event, o);
    case 'invoice_payment.paid':
      return invoicePaymentPaid(event, o);
    case 'customer.created':
    case 'customer.updated':
      return customerEvent(event, o);
    case 'charge.refunded':
      return chargeRefunded(event, o);
    case 'charge.dispute.created':
      return dispute(event, o, false);
    case 'charge.dispute.closed':
      return dispute(event, o, true);
    case 'account.updated': {
      // A connected account (affiliate payouts): once payouts are enabled, its payout details are complete.
      const accountId = str(o.id);
      if (!accountId) return ignored(event, 'the account has no id');
      return factOf({ kind: 'connected_account_updated', accountId, payoutsEnabled: o.payouts_enabled === true });
    }
    default:
      return ignored(event, 'this event type does not affect conversions');
  }
};
