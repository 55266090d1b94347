import { APPLE_OFFER_TYPES, Decimal, factDiscount, fromMilliUnits, type AppleOfferType, type FactDiscount } from '../../../domain/index.js';
import { compact, str } from '../shared/json-fields.js';
import { factOf, ignoredAs, type Translation } from '../shared/notice-translation.js';

/** The parts of Apple's decoded transaction (JWSTransactionDecodedPayload) this adapter reads. */
export interface AppStoreTransaction {
  readonly transactionId?: string | undefined;
  readonly originalTransactionId?: string | undefined;
  readonly price?: number | undefined;
  readonly currency?: string | undefined;
  readonly appAccountToken?: string | undefined;
  readonly offerType?: number | undefined;
  readonly offerIdentifier?: string | undefined;
  readonly inAppOwnershipType?: string | undefined;
  readonly revocationPercentage?: number | undefined;
}

export interface AppStoreEvent {
  readonly notificationType: string;
  readonly subtype: string | null;
  readonly transaction: AppStoreTransaction | null;
  /** The renewal info's `appAccountToken`, when the transaction has none. */
  readonly renewalAppAccountToken: string | null;
}

const ignored = (event: AppStoreEvent, because: string): Translation => ignoredAs(label(event), because);

export const label = (event: Pick<AppStoreEvent, 'notificationType' | 'subtype'>): string =>
  event.subtype ? `${event.notificationType}/${event.subtype}` : event.notificationType;

/** Revocation percentages are in milli-percent: 100000 is the whole transaction. */
const WHOLE_REVOCATION = new Decimal(100_000);

/** The app sets `appAccountToken` to the click's uuid (the first 36 characters of its signed id: StoreKit takes only a UUID), a stored click; Swift writes UUIDs in capitals, click ids are lowercase. */
const clickIdOf = (event: AppStoreEvent): string | null => {
  const token = str(event.transaction?.appAccountToken) ?? event.renewalAppAccountToken;
  return token ? token.toLowerCase() : null;
};

/** The offer the purchase used: its identifier (the offer code, case-sensitive) and type 1, 2 or 3; win-back offers (4) name no coupon. */
const discountOf = (t: AppStoreTransaction): FactDiscount | null => {
  const type = t.offerType;
  if (type === undefined || !(APPLE_OFFER_TYPES as readonly number[]).includes(type)) return null;
  const found = factDiscount(t.offerIdentifier, null);
  return found ? { ...found, appleOfferType: type as AppleOfferType } : null;
};

const priceOf = (t: AppStoreTransaction) => {
  if (typeof t.price !== 'number' || !Number.isSafeInteger(t.price) || typeof t.currency !== 'string') return null;
  const price = fromMilliUnits(t.price, t.currency);
  return price.isOk() ? price.value : null;
};

const purchase = (event: AppStoreEvent, kind: 'sale' | 'renewal'): Translation => {
  const t = event.transaction;
  const transactionId = str(t?.transactionId);
  if (!t || !transactionId) return ignored(event, 'the notification carries no transaction');
  // A Family Sharing member's entitlement: the purchaser's own transaction carries the payment.
  if (t.inAppOwnershipType === 'FAMILY_SHARED') return ignored(event, `transaction ${transactionId} is a Family Sharing entitlement, not a purchase`);
  const originalTransactionId = str(t.originalTransactionId) ?? transactionId;
  const customer = { providerCustomerId: originalTransactionId, email: null, name: null };
  const clickId = clickIdOf(event);
  const price = priceOf(t);
  if (!price) return ignored(event, `transaction ${transactionId} has no usable price and currency (price ${String(t.price)} ${String(t.currency)})`);
  if (price.amount.isZero()) {
    // A free trial or a free offer: nothing was paid, but its click links the subscriber for the paid renewals.
    if (clickId) return factOf({ kind: 'customer_linked', customer, clickId });
    return ignored(event, `transaction ${transactionId} was free (a trial or a free offer), nothing was paid`);
  }
  return factOf({
    kind,
    orderId: transactionId,
    // A renewal names only itself: its original transaction id is the first sale's.
    paymentReferences: kind === 'sale' ? compact([transactionId, originalTransactionId]) : [transactionId],
    figures: { amount: price.amount, taxAmount: null, currency: price.currency },
    customer,
    discount: discountOf(t),
    clickId,
    subscriptionId: originalTransactionId,
  });
};

/** A refund or a revocation: by `revocationPercentage` when Apple gives one, else the whole transaction. */
const refund = (event: AppStoreEvent): Translation => {
  const t = event.transaction;
  const transactionId = str(t?.transactionId);
  if (!t || !transactionId) return ignored(event, 'the notification carries no transaction');
  const price = priceOf(t);
  if (!price) return ignored(event, `transaction ${transactionId} has no usable price and currency`);
  const percentage = t.revocationPercentage;
  const share =
    typeof percentage === 'number' && Number.isSafeInteger(percentage) && percentage > 0 && percentage < WHOLE_REVOCATION.toNumber()
      ? new Decimal(percentage).dividedBy(WHOLE_REVOCATION)
      : new Decimal(1);
  return factOf({
    kind: 'refund',
    // The refunded transaction only: its original transaction id names the first sale, not this one.
    paymentReferences: [transactionId],
    refundedTotal: price.amount.times(share),
    paymentTotal: price.amount,
    currency: price.currency,
  });
};

/**
 * App Store Server Notifications v2 as neutral facts. ONE_TIME_CHARGE and SUBSCRIBED are sales,
 * DID_RENEW a renewal, REFUND and REVOKE (Family Sharing revoked) refunds, REFUND_REVERSED a reversed
 * refund; every other type is recorded as ignored.
 */
export const appStoreFacts = (event: AppStoreEvent): Translation => {
  switch (event.notificationType) {
    case 'ONE_TIME_CHARGE':
    case 'SUBSCRIBED':
      return purchase(event, 'sale');
    case 'DID_RENEW':
      return purchase(event, 'renewal');
    case 'REFUND':
    case 'REVOKE':
      return refund(event);
    case 'REFUND_REVERSED': {
      const transactionId = str(event.transaction?.transactionId);
      if (!transactionId) return ignored(event, 'the notification carries no transaction');
      return factOf({ kind: 'refund_reversed', paymentReferences: [transactionId] });
    }
    case 'TEST':
      return ignored(event, "Apple's test notification: the endpoint is reachable and the signature verifies");
    default:
      return ignored(event, 'this notification type does not affect conversions');
  }
};
