import { z } from '@hono/zod-openapi';
import type { Merchant } from '../../../domain/index.js';
import { moneyNumber } from '../money.json.js';

export const MerchantSchema = z
  .object({
    id: z.string(),
    businessName: z.string(),
    email: z.string(),
    plan: z.enum(['professional', 'ultimate', 'scale']),
    customDomain: z.string().nullable(),
    websiteUrl: z.string().nullable().openapi({ 'x-extension': true, description: "The merchant's website: where visitors of a campaign without a target URL are sent (null: the affiliate portal)" }),
    automaticPayouts: z.boolean(),
    monthlyEarningsCap: z.number().nullable(),
    reportingCurrency: z.string().openapi({ 'x-extension': true, description: 'The currency the earnings cap and revenue volume tiers compare in' }),
    affiliateLimit: z.number().int().nullable(),
    invitationExpiryDays: z.number().int().openapi({ 'x-extension': true, description: 'Days an affiliate invitation stays open' }),
    payoutHoldingDays: z.number().int().openapi({ 'x-extension': true, description: 'Days from approval to the first automatic payout attempt' }),
    createdAt: z.string(),
  })
  .openapi('Merchant');

export const merchantJson = (m: Merchant): z.infer<typeof MerchantSchema> => ({
  id: m.id,
  businessName: m.businessName,
  email: m.email,
  plan: m.plan,
  customDomain: m.customDomain,
  websiteUrl: m.websiteUrl,
  automaticPayouts: m.automaticPayouts,
  monthlyEarningsCap: m.monthlyEarningsCap === null ? null : moneyNumber(m.monthlyEarningsCap),
  reportingCurrency: m.reportingCurrency,
  affiliateLimit: m.affiliateLimit,
  payoutHoldingDays: m.payoutHoldingDays,
  invitationExpiryDays: m.invitationExpiryDays,
  createdAt: m.createdAt.toISOString(),
});
