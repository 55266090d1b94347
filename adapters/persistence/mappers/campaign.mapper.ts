import type { AutoApproveCommissionDays, Campaign, CampaignStatus } from '../../../domain/index.js';
import type { CommissionType } from '../../../domain/conversion/commission.js';
import { Decimal, type VolumeTiers } from '../../../domain/index.js';
import type { Row } from '../schema/index.js';
import { columnList } from '../schema/columns.js';
import { dateOrNull } from './timestamps.js';

/** Volume tiers as stored in `campaigns.commission_tiers` (decimals as text). */
export interface StoredTiers {
  basis: 'conversions' | 'revenue';
  tiers: { threshold: string; type: CommissionType; value: string }[];
}

export const tiersToStored = (tiers: VolumeTiers | null): StoredTiers | null =>
  tiers === null
    ? null
    : { basis: tiers.basis, tiers: tiers.tiers.map((t) => ({ threshold: t.threshold.toFixed(), type: t.type, value: t.value.toFixed() })) };

export const tiersFromStored = (stored: StoredTiers | null): VolumeTiers | null =>
  stored === null
    ? null
    : { basis: stored.basis, tiers: stored.tiers.map((t) => ({ threshold: new Decimal(t.threshold), type: t.type, value: new Decimal(t.value) })) };

/** A `campaigns` row as raw SQL returns it. */
export type CampaignRow = Omit<Row<'campaigns'>, 'version' | 'commission_tiers'> & { commission_tiers: StoredTiers | null };

/** Campaign columns under an alias, named as `CampaignRow` expects (money as decimal text). */
const COLUMNS = columnList<CampaignRow>()([
  'id', 'merchant_id', 'name', 'description', 'tracking_code', 'status', 'ends_at', 'commission_type', 'commission_value', 'target_url',
  'auto_approve_affiliates', 'auto_approve_commissions_after_days', 'is_public', 'enable_recurring_commissions', 'commission_tiers',
  'recurring_commission_months', 'attribution_window_days', 'created_at', 'updated_at',
]);

/** The select list of a campaign row (`prefix` before each output name); the rate as text, so it stays exact. */
export const campaignColumns = (alias: string, prefix = ''): string =>
  COLUMNS.map((column) => {
    const cast = column === 'commission_value';
    const expression = `${alias}.${column}${cast ? '::text' : ''}`;
    return cast || prefix ? `${expression} as ${prefix}${column}` : expression;
  }).join(', ');

export const campaignFromRow = (r: CampaignRow): Campaign => ({
  id: r.id,
  merchantId: r.merchant_id,
  name: r.name,
  description: r.description,
  trackingCode: r.tracking_code,
  status: r.status as CampaignStatus,
  endsAt: dateOrNull(r.ends_at),
  commissionType: r.commission_type as CommissionType,
  commissionValue: new Decimal(r.commission_value),
  targetUrl: r.target_url,
  autoApproveAffiliates: r.auto_approve_affiliates,
  autoApproveCommissionsAfterDays: r.auto_approve_commissions_after_days as AutoApproveCommissionDays | null,
  isPublic: r.is_public,
  enableRecurringCommissions: r.enable_recurring_commissions,
  commissionTiers: tiersFromStored(r.commission_tiers),
  recurringCommissionMonths: r.recurring_commission_months,
  attributionWindowDays: r.attribution_window_days,
  createdAt: new Date(r.created_at),
  updatedAt: new Date(r.updated_at),
});
