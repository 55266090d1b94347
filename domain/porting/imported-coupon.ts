import { err, ok, type Result } from 'neverthrow';
import { validationError, type DomainError } from '../shared/domain-error.js';

/**
 * The campaign an imported coupon belongs to: the one its row names, else its affiliate's campaign
 * when the affiliate is on exactly one (a source such as Rewardful lists coupons per affiliate, and
 * an affiliate there has one campaign). An affiliate on several campaigns, or on none, leaves the
 * coupon without a campaign to attribute sales to, so the row is refused.
 */
export const importedCouponCampaign = (named: string | null, affiliateCampaigns: readonly string[]): Result<string, DomainError> => {
  if (named !== null && named.trim() !== '') return ok(named);
  const distinct = [...new Set(affiliateCampaigns)];
  if (distinct.length === 1) return ok(distinct[0]!);
  return err(
    validationError(
      'campaign_id',
      distinct.length === 0 ? 'is required: the affiliate is on no imported campaign' : "is required: the affiliate is on several campaigns, so the coupon's cannot be told",
    ),
  );
};
