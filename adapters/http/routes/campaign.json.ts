import { z } from '@hono/zod-openapi';
import { recentConversionJson } from './recent-conversion.json.js';
import type { CampaignDetail } from '../../../application/campaigns/get-campaign.js';
import type { CampaignView } from '../../../application/ports/campaign-queries.js';
import { AUTO_APPROVE_COMMISSION_DAYS, CAMPAIGN_STATUSES, Decimal, formatCommissionValue, type VolumeTiers } from '../../../domain/index.js';
import { moneyNumber } from '../money.json.js';

/** Volume tiers (extension): the affiliate's counted sales on the campaign this month pick the rate. */
export const CommissionTiersSchema = z
  .object({
    basis: z.enum(['conversions', 'revenue']),
    tiers: z
      .array(
        z.object({
          threshold: z.number().min(0).openapi({ description: 'Reached when the month-to-date basis is at least this' }),
          commissionType: z.enum(['percentage', 'fixed']),
          commissionValue: z.number().min(0),
        }),
      )
      .min(1)
      .max(10),
  })
  .openapi('CommissionTiers', { 'x-extension': true });

type TiersJson = z.infer<typeof CommissionTiersSchema>;

// JSON numbers enter through their shortest decimal text, never through float arithmetic.
export const tiersFromJson = (json: TiersJson | null): VolumeTiers | null =>
  json === null
    ? null
    : {
        basis: json.basis,
        tiers: json.tiers.map((t) => ({ threshold: new Decimal(String(t.threshold)), type: t.commissionType, value: new Decimal(String(t.commissionValue)) })),
      };

const tiersJson = (tiers: VolumeTiers | null): TiersJson | null =>
  tiers === null
    ? null
    : { basis: tiers.basis, tiers: tiers.tiers.map((t) => ({ threshold: t.threshold.toNumber(), commissionType: t.type, commissionValue: t.value.toNumber() })) };

const ByCurrencySchema = z.object({ currency: z.string(), revenue: z.number(), conversions: z.number().int() });

const campaignFields = {
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  trackingCode: z.string(),
  status: z.enum(CAMPAIGN_STATUSES),
  endsAt: z.string().nullable().openapi({ description: 'When the campaign ends (then `expired`), or null', 'x-extension': true }),
  commissionType: z.enum(['percentage', 'fixed']),
  targetUrl: z.string().nullable(),
  autoApproveAffiliates: z.boolean(),
  autoApproveCommissionsAfterDays: z
    .number()
    .int()
    .nullable()
    .openapi({ enum: [...AUTO_APPROVE_COMMISSION_DAYS, null] as unknown as number[] }),
  isPublic: z.boolean(),
  enableRecurringCommissions: z.boolean(),
  commissionTiers: CommissionTiersSchema.nullable(),
  recurringCommissionMonths: z
    .number()
    .int()
    .nullable()
    .openapi({ 'x-extension': true, description: 'Months after the first sale during which renewals earn commission; null = lifetime', example: 12 }),
  attributionWindowDays: z
    .number()
    .int()
    .openapi({ 'x-extension': true, description: 'How many days after a click a sale is still attributed to it', example: 30 }),
  conversions: z.number().int().openapi({ description: "Counted sales in the key's mode (rejected and refunded excluded)" }),
  revenue: z.number().openapi({ description: 'All currencies added as recorded, not converted' }),
  byCurrency: z.array(ByCurrencySchema),
  affiliateCount: z.number().int().openapi({ description: "Affiliates approved on the campaign in the key's mode" }),
  createdAt: z.string(),
  updatedAt: z.string(),
};

/** List items and the create response: `commissionValue` is a string there (spec). */
export const CampaignSchema = z
  .object({ ...campaignFields, commissionValue: z.string().openapi({ example: '20.00' }) })
  .openapi('Campaign');

export const RecentConversionSchema = z
  .object({
    id: z.string(),
    affiliateId: z.string(),
    orderId: z.string().nullable(),
    customerName: z.string().nullable(),
    amount: z.number(),
    commission: z.number(),
    currency: z.string(),
    status: z.string(),
    createdAt: z.string(),
  })
  .openapi('CampaignRecentConversion');

/** Get Campaign: `commissionValue` is a number there (spec), plus the 10 newest conversions. */
export const CampaignDetailSchema = z
  .object({ ...campaignFields, commissionValue: z.number(), recentConversions: z.array(RecentConversionSchema) })
  .openapi('CampaignDetail');

const common = <V extends string | number>({ campaign: c, stats }: CampaignView, commissionValue: V) => ({
  id: c.id,
  name: c.name,
  description: c.description,
  trackingCode: c.trackingCode,
  status: c.status,
  endsAt: c.endsAt?.toISOString() ?? null,
  commissionType: c.commissionType,
  commissionValue,
  targetUrl: c.targetUrl,
  autoApproveAffiliates: c.autoApproveAffiliates,
  autoApproveCommissionsAfterDays: c.autoApproveCommissionsAfterDays,
  isPublic: c.isPublic,
  enableRecurringCommissions: c.enableRecurringCommissions,
  commissionTiers: tiersJson(c.commissionTiers),
  recurringCommissionMonths: c.recurringCommissionMonths,
  attributionWindowDays: c.attributionWindowDays,
  // Money leaves as a JSON number only here, at the boundary, where the spec says number.
  conversions: stats.conversions,
  revenue: moneyNumber(stats.revenue),
  byCurrency: stats.byCurrency.map((b) => ({ currency: b.currency, revenue: moneyNumber(b.revenue), conversions: b.conversions })),
  affiliateCount: stats.affiliateCount,
  createdAt: c.createdAt.toISOString(),
  updatedAt: c.updatedAt.toISOString(),
});

export const campaignJson = (view: CampaignView): z.infer<typeof CampaignSchema> =>
  common(view, formatCommissionValue(view.campaign.commissionValue));

export const campaignDetailJson = (detail: CampaignDetail): z.infer<typeof CampaignDetailSchema> => ({
  ...common(detail, detail.campaign.commissionValue.toNumber()),
  recentConversions: detail.recentConversions.map((r) => ({ ...recentConversionJson(r), affiliateId: r.affiliateId })),
});
