import { z } from '@hono/zod-openapi';
import type { RiskReviewItem } from '../../../application/risk/list-risk-reviews.js';
import { moneyNumber } from '../money.json.js';

export const RiskReviewSchema = z
  .object({
    kind: z.enum(['conversion', 'affiliate']),
    id: z.string().openapi({ description: 'The conversion or affiliate id' }),
    status: z.string().openapi({ description: "A conversion's status, or `flagged` / `banned` for an affiliate" }),
    affiliate: z.object({ id: z.string(), name: z.string(), email: z.string() }),
    campaign: z.object({ id: z.string(), name: z.string() }).nullable().openapi({ description: 'Conversions only' }),
    amount: z.number().nullable(),
    commission: z.number().nullable(),
    currency: z.string().nullable(),
    source: z.string().nullable().openapi({ description: 'Where the sale was reported from (conversions only)' }),
    createdAt: z.string(),
    flaggedAt: z.string().openapi({ description: 'The newest flag; for a sale held by hand, its hold; for a banned affiliate without flags, its ban' }),
    flags: z.array(
      z.object({
        code: z.string(),
        message: z.string().openapi({ description: 'What the signal found, in words' }),
        evidence: z.array(z.string()),
        action: z.enum(['flag', 'hold']),
        createdAt: z.string(),
      }),
    ),
    ban: z.object({ reason: z.string(), bannedAt: z.string() }).nullable().openapi({ description: 'Affiliates: the ban, when banned' }),
  })
  .openapi('RiskReview', { 'x-extension': true });

export const riskReviewJson = (r: RiskReviewItem): z.infer<typeof RiskReviewSchema> => ({
  kind: r.kind,
  id: r.id,
  status: r.status,
  affiliate: { id: r.affiliateId, name: r.affiliateName, email: r.affiliateEmail },
  campaign: r.campaignId === null ? null : { id: r.campaignId, name: r.campaignName ?? '' },
  amount: r.amount === null ? null : moneyNumber(r.amount),
  commission: r.commission === null ? null : moneyNumber(r.commission),
  currency: r.currency,
  source: r.source,
  createdAt: r.createdAt.toISOString(),
  flaggedAt: r.flaggedAt.toISOString(),
  flags: r.flags.map((f) => ({ code: f.code, message: f.message, evidence: [...f.evidence], action: f.action, createdAt: f.createdAt.toISOString() })),
  ban: r.ban ? { reason: r.ban.reason, bannedAt: r.ban.bannedAt.toISOString() } : null,
});
