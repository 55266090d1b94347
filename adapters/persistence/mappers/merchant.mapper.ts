import { Decimal, type CurrencyCode, type Merchant, type Plan } from '../../../domain/index.js';
import type { Row } from '../schema/index.js';

export type MerchantRow = Row<'merchants'>;

export const merchantToDomain = (r: MerchantRow): Merchant => ({
  id: r.id,
  businessName: r.business_name,
  email: r.email,
  plan: r.plan as Plan,
  customDomain: r.custom_domain,
  websiteUrl: r.website_url,
  automaticPayouts: r.automatic_payouts,
  monthlyEarningsCap: r.monthly_earnings_cap === null ? null : new Decimal(r.monthly_earnings_cap),
  reportingCurrency: r.reporting_currency as CurrencyCode,
  affiliateLimit: r.affiliate_limit,
  payoutHoldingDays: r.payout_holding_days,
  invitationExpiryDays: r.invitation_expiry_days,
  createdAt: new Date(r.created_at),
  updatedAt: new Date(r.updated_at),
});

export const merchantToRow = (m: Merchant): MerchantRow => ({
  id: m.id,
  business_name: m.businessName,
  email: m.email,
  plan: m.plan,
  custom_domain: m.customDomain,
  website_url: m.websiteUrl,
  automatic_payouts: m.automaticPayouts,
  monthly_earnings_cap: m.monthlyEarningsCap?.toFixed() ?? null,
  reporting_currency: m.reportingCurrency,
  affiliate_limit: m.affiliateLimit,
  payout_holding_days: m.payoutHoldingDays,
  invitation_expiry_days: m.invitationExpiryDays,
  created_at: m.createdAt,
  updated_at: m.updatedAt,
});
