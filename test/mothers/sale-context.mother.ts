import { Decimal, type Affiliate, type Campaign, type Membership, type Mode } from '../../domain/index.js';

const T0 = new Date('2026-01-01T00:00:00.000Z');

/** An active campaign paying 10% of the sale. */
export const aCampaign = (id: string, merchantId: string, fields: Partial<Omit<Campaign, 'id' | 'merchantId'>> = {}): Campaign => ({
  id,
  merchantId,
  name: 'Spring sale',
  description: null,
  trackingCode: `track-${id.slice(-6)}`,
  status: 'active',
  endsAt: null,
  commissionType: 'percentage',
  commissionValue: new Decimal(10),
  targetUrl: 'https://shop.example.com',
  autoApproveAffiliates: false,
  autoApproveCommissionsAfterDays: null,
  isPublic: true,
  enableRecurringCommissions: false,
  commissionTiers: null,
  recurringCommissionMonths: null,
  attributionWindowDays: 30,
  createdAt: T0,
  updatedAt: T0,
  ...fields,
});

/** A headless affiliate (created through the API) of `merchantId`, without payout details. */
export const anAffiliate = (id: string, merchantId: string, fields: Partial<Omit<Affiliate, 'id' | 'merchantId'>> = {}): Affiliate => ({
  id,
  merchantId,
  email: `affiliate-${id.slice(-4)}@example.com`,
  name: `Affiliate ${id.slice(-4)}`,
  isTest: false,
  headless: true,
  createdVia: 'api',
  refCode: `ref${id.slice(-6)}`,
  payoutMethod: null,
  payoutEmail: null,
  payoutDetailsCompletedAt: null,
  notes: '',
  tags: [],
  createdAt: T0,
  updatedAt: T0,
  ...fields,
});

export const aMembership = (
  id: string,
  owner: { merchantId: string; mode: Mode; campaignId: string; affiliateId: string },
  fields: Partial<Omit<Membership, 'id'>> = {},
): Membership => ({
  id,
  ...owner,
  status: 'approved',
  joinedAt: T0,
  decidedAt: T0,
  updatedAt: T0,
  ...fields,
});
