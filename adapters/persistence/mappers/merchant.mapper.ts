import { Decimal, type Merchant, type Plan } from '../../../domain/index.js';
import type { MerchantRecord } from '../records/merchant.record.js';

export const merchantToDomain = (r: MerchantRecord): Merchant => ({
  id: r.id,
  businessName: r.businessName,
  email: r.email,
  plan: r.plan as Plan,
  customDomain: r.customDomain ?? null,
  automaticPayouts: r.automaticPayouts,
  monthlyEarningsCap: r.monthlyEarningsCap == null ? null : new Decimal(r.monthlyEarningsCap),
  affiliateLimit: r.affiliateLimit ?? null,
  payoutHoldingDays: r.payoutHoldingDays,
  invitationExpiryDays: r.invitationExpiryDays,
  createdAt: r.createdAt,
  updatedAt: r.updatedAt,
});

export const merchantToRecord = (m: Merchant) => ({
  id: m.id,
  businessName: m.businessName,
  email: m.email,
  plan: m.plan,
  customDomain: m.customDomain,
  automaticPayouts: m.automaticPayouts,
  monthlyEarningsCap: m.monthlyEarningsCap?.toFixed() ?? null,
  affiliateLimit: m.affiliateLimit,
  payoutHoldingDays: m.payoutHoldingDays,
  invitationExpiryDays: m.invitationExpiryDays,
  createdAt: m.createdAt,
  updatedAt: m.updatedAt,
});
