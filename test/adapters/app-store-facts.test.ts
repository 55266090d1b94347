import { describe, expect, it } from 'vitest';
import { appStoreFacts, type AppStoreEvent } from '../../adapters/providers/app-store/app-store-facts.js';

const tx = { transactionId: '2001', originalTransactionId: '1001', price: 10_990, currency: 'USD' };
const event = (notificationType: string, transaction: AppStoreEvent['transaction'] = tx): AppStoreEvent => ({ notificationType, subtype: null, transaction, renewalAppAccountToken: null });

describe('App Store notification types as neutral facts', () => {
  it('refunds name only the refunded transaction, as a share by revocationPercentage (milli-percent) or whole', () => {
    const half = appStoreFacts(event('REFUND', { ...tx, revocationPercentage: 50_000 })).fact;
    expect(half).toMatchObject({ kind: 'refund', paymentReferences: ['2001'] });
    if (half?.kind !== 'refund') throw new Error('not a refund');
    expect([half.refundedTotal.toFixed(), half.paymentTotal.toFixed(), half.currency]).toEqual(['5.495', '10.99', 'usd']);
    const whole = appStoreFacts(event('REVOKE')).fact;
    if (whole?.kind !== 'refund') throw new Error('not a refund');
    expect(whole.refundedTotal.toFixed()).toBe('10.99');
  });

  it('a free trial links its click for the paid renewals; a renewal references only itself', () => {
    expect(appStoreFacts({ ...event('SUBSCRIBED', { ...tx, price: 0, appAccountToken: 'AB5F0C4A-6C1E-4D2A-9B1E-2F3A4B5C6D7E' }) }).fact).toEqual({
      kind: 'customer_linked',
      customer: { providerCustomerId: '1001', email: null, name: null },
      clickId: 'ab5f0c4a-6c1e-4d2a-9b1e-2f3a4b5c6d7e',
    });
    expect(appStoreFacts(event('DID_RENEW')).fact).toMatchObject({ kind: 'renewal', orderId: '2001', paymentReferences: ['2001'], subscriptionId: '1001' });
    expect(appStoreFacts(event('SUBSCRIBED')).fact).toMatchObject({ kind: 'sale', paymentReferences: ['2001', '1001'] });
  });

  it('win-back offers name no coupon; other types, and prices finer than the currency, are ignored with why', () => {
    expect(appStoreFacts(event('SUBSCRIBED', { ...tx, offerType: 4, offerIdentifier: 'back' })).fact).toMatchObject({ discount: null });
    expect(appStoreFacts(event('SUBSCRIBED', { ...tx, offerType: 3, offerIdentifier: 'Back' })).fact).toMatchObject({ discount: { code: 'Back', appleOfferType: 3 } });
    expect(appStoreFacts(event('DID_CHANGE_RENEWAL_STATUS')).ignoredBecause).toBe('DID_CHANGE_RENEWAL_STATUS: this notification type does not affect conversions');
    expect(appStoreFacts(event('ONE_TIME_CHARGE', { ...tx, price: 120_500, currency: 'JPY' })).ignoredBecause).toContain('no usable price');
  });
});
