import type { CurrencyCode, Merchant } from '../../domain/index.js';

/** A merchant on Scale, paying by hand (no automatic payouts), no cap. */
export const aMerchant = (id: string, fields: Partial<Omit<Merchant, 'id'>> = {}): Merchant => ({
  id,
  businessName: 'Acme Shop',
  email: 'owner@acme.example',
  plan: 'scale',
  customDomain: null,
  websiteUrl: null,
  automaticPayouts: false,
  monthlyEarningsCap: null,
  reportingCurrency: 'usd' as CurrencyCode,
  affiliateLimit: null,
  payoutHoldingDays: 30,
  invitationExpiryDays: 14,
  createdAt: new Date('2026-01-01T00:00:00.000Z'),
  updatedAt: new Date('2026-01-01T00:00:00.000Z'),
  ...fields,
});
