import { z } from '@hono/zod-openapi';
import type { AwardView } from '../../../application/ports/team-award-repository.js';
import { AWARD_STATUSES, formatAmount } from '../../../domain/index.js';

/** A team's bonus awards as the API shows them. */

const iso = (d: Date | null) => (d === null ? null : d.toISOString());

export const AwardSchema = z
  .object({
    id: z.string(),
    goalId: z.string(),
    goalName: z.string(),
    teamId: z.string(),
    teamName: z.string(),
    affiliateId: z.string(),
    affiliateName: z.string(),
    affiliateEmail: z.string(),
    amount: z.string(),
    currency: z.string(),
    periodKey: z.string(),
    status: z.enum(AWARD_STATUSES),
    payableAfter: z.string(),
    approvedAt: z.string().nullable(),
    approvedBy: z.string().nullable(),
    paidAt: z.string().nullable(),
    payoutMethod: z.enum(['connect', 'wallet_a', 'transfer_b']).nullable(),
    cardTransferId: z.string().nullable(),
    failureReason: z.string().nullable(),
    contributing: z.object({ count: z.number().int(), amount: z.string() }),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi('TeamAward');

export const awardJson = (v: AwardView): z.infer<typeof AwardSchema> => {
  const a = v.award;
  return {
    id: a.id,
    goalId: a.goalId,
    goalName: v.goalName,
    teamId: a.teamId,
    teamName: v.teamName,
    affiliateId: a.affiliateId,
    affiliateName: v.affiliateName,
    affiliateEmail: v.affiliateEmail,
    amount: formatAmount(a.amount, a.currency),
    currency: a.currency,
    periodKey: a.periodKey,
    status: a.status,
    payableAfter: a.payableAfter.toISOString(),
    approvedAt: iso(a.approvedAt),
    approvedBy: a.approvedBy,
    paidAt: iso(a.paidAt),
    payoutMethod: a.payoutMethod,
    cardTransferId: a.cardTransferId,
    failureReason: a.failureReason,
    contributing: { count: a.contributingCount, amount: formatAmount(a.contributingAmount, a.currency) },
    createdAt: a.createdAt.toISOString(),
    updatedAt: a.updatedAt.toISOString(),
  };
};

export const AwardManagedSchema = AwardSchema.extend({
  idempotent: z.boolean().openapi({ description: 'true when the award was approved already (nothing changed)' }),
}).openapi('TeamAwardManaged');
