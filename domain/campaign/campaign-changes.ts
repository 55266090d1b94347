import { err, ok, type Result } from 'neverthrow';
import type { CommissionType } from '../conversion/commission.js';
import type { Decimal } from '../money/decimal.js';
import { domainError, type DomainError, type FieldProblem } from '../shared/domain-error.js';
import {
  campaignProblems,
  formatCommissionValue,
  type AutoApproveCommissionDays,
  type Campaign,
  type CampaignStatus,
} from './campaign.js';

/**
 * The campaign machine: `active ↔ inactive` (pause and resume), either → `expired` (by the merchant,
 * or by the expiry job once `endsAt` has passed). `expired` is final.
 */
const STATUS_MOVES: Readonly<Record<CampaignStatus, readonly CampaignStatus[]>> = {
  active: ['inactive', 'expired'],
  inactive: ['active', 'expired'],
  expired: [],
};

export const campaignStatusMoveAllowed = (from: CampaignStatus, to: CampaignStatus): boolean => STATUS_MOVES[from].includes(to);

/** What `PATCH /campaigns/:id` may set; an absent field stays as it is. */
export interface CampaignPatch {
  readonly name?: string | undefined;
  readonly description?: string | null | undefined;
  readonly targetUrl?: string | null | undefined;
  readonly commissionType?: CommissionType | undefined;
  readonly commissionValue?: Decimal | undefined;
  readonly status?: CampaignStatus | undefined;
  readonly autoApproveAffiliates?: boolean | undefined;
  readonly autoApproveCommissionsAfterDays?: number | null | undefined;
  readonly isPublic?: boolean | undefined;
  readonly enableRecurringCommissions?: boolean | undefined;
  readonly recurringCommissionMonths?: number | null | undefined;
  readonly attributionWindowDays?: number | undefined;
  readonly endsAt?: Date | null | undefined;
}

/** `campaign.updated`: the campaign after the change, the fields that changed and what they were. */
export interface CampaignUpdatedPayload {
  readonly campaignId: string;
  readonly name: string;
  readonly status: CampaignStatus;
  readonly commissionType: CommissionType;
  readonly commissionValue: string;
  readonly endsAt: string | null;
  readonly changed: readonly string[];
  readonly previous: Readonly<Record<string, unknown>>;
  readonly updatedAt: string;
}

export interface CampaignEvent {
  readonly type: 'campaign.updated';
  readonly payload: CampaignUpdatedPayload;
}

export interface CampaignChange {
  readonly campaign: Campaign;
  readonly events: readonly CampaignEvent[];
  /** False when the patch set every field to what it already was: nothing to save, no event. */
  readonly changed: boolean;
}

type PatchField = keyof CampaignPatch;
const FIELDS: readonly PatchField[] = [
  'name', 'description', 'targetUrl', 'commissionType', 'commissionValue', 'status', 'autoApproveAffiliates',
  'autoApproveCommissionsAfterDays', 'isPublic', 'enableRecurringCommissions', 'recurringCommissionMonths',
  'attributionWindowDays', 'endsAt',
];

/** A field's value as the event shows it (JSON-friendly: rates as decimal text, times as ISO 8601). */
const shown = (value: unknown): unknown => {
  if (value instanceof Date) return value.toISOString();
  if (value !== null && typeof value === 'object' && 'decimalPlaces' in value) return formatCommissionValue(value as Decimal);
  return value;
};

const same = (a: unknown, b: unknown): boolean => JSON.stringify(shown(a)) === JSON.stringify(shown(b));

const trimmedOrNull = (value: string | null): string | null => {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
};

const changeEvent = (campaign: Campaign, changed: readonly string[], previous: Campaign): CampaignEvent => ({
  type: 'campaign.updated',
  payload: {
    campaignId: campaign.id,
    name: campaign.name,
    status: campaign.status,
    commissionType: campaign.commissionType,
    commissionValue: formatCommissionValue(campaign.commissionValue),
    endsAt: campaign.endsAt?.toISOString() ?? null,
    changed,
    previous: Object.fromEntries(changed.map((field) => [field, shown(previous[field as keyof Campaign])])),
    updatedAt: campaign.updatedAt.toISOString(),
  },
});

const invalidCampaignTransition = (from: CampaignStatus, to: CampaignStatus): DomainError<'invalid_transition'> =>
  domainError('invalid_transition', from === 'expired' ? `The campaign has expired; expired is final` : `A ${from} campaign cannot become ${to}`);

/**
 * The merchant's change: the same rules as create on the campaign as it would be, a status move the
 * machine allows, an `endsAt` in the future (or null) on a campaign that has not ended. The new rate
 * applies to sales made from now on; existing conversions keep the terms they were created under.
 */
export const updateCampaign = (campaign: Campaign, patch: CampaignPatch, now: Date): Result<CampaignChange, DomainError> => {
  const next: Campaign = {
    ...campaign,
    ...(patch.name !== undefined ? { name: patch.name.trim() } : {}),
    ...(patch.description !== undefined ? { description: trimmedOrNull(patch.description) } : {}),
    ...(patch.targetUrl !== undefined ? { targetUrl: trimmedOrNull(patch.targetUrl) } : {}),
    ...(patch.commissionType !== undefined ? { commissionType: patch.commissionType } : {}),
    ...(patch.commissionValue !== undefined ? { commissionValue: patch.commissionValue } : {}),
    ...(patch.status !== undefined ? { status: patch.status } : {}),
    ...(patch.autoApproveAffiliates !== undefined ? { autoApproveAffiliates: patch.autoApproveAffiliates } : {}),
    ...(patch.autoApproveCommissionsAfterDays !== undefined
      ? { autoApproveCommissionsAfterDays: patch.autoApproveCommissionsAfterDays as AutoApproveCommissionDays | null }
      : {}),
    ...(patch.isPublic !== undefined ? { isPublic: patch.isPublic } : {}),
    ...(patch.enableRecurringCommissions !== undefined ? { enableRecurringCommissions: patch.enableRecurringCommissions } : {}),
    ...(patch.recurringCommissionMonths !== undefined ? { recurringCommissionMonths: patch.recurringCommissionMonths } : {}),
    ...(patch.attributionWindowDays !== undefined ? { attributionWindowDays: patch.attributionWindowDays } : {}),
    ...(patch.endsAt !== undefined ? { endsAt: patch.endsAt } : {}),
  };
  const problems: FieldProblem[] = campaignProblems({ ...next, description: next.description, targetUrl: next.targetUrl });
  // Sending back the end date a campaign already has is no change, even once that date has passed.
  const endsAtChanges = patch.endsAt !== undefined && !same(patch.endsAt, campaign.endsAt);
  if (endsAtChanges && patch.endsAt && patch.endsAt.getTime() <= now.getTime()) problems.push({ field: 'endsAt', message: 'must be later than now' });
  if (endsAtChanges && campaign.status === 'expired') problems.push({ field: 'endsAt', message: 'cannot change on an expired campaign' });
  if (problems.length > 0) {
    return err(domainError('validation_error', problems.map((p) => `${p.field} ${p.message}`).join('; '), problems));
  }
  if (next.status !== campaign.status && !campaignStatusMoveAllowed(campaign.status, next.status)) {
    return err(invalidCampaignTransition(campaign.status, next.status));
  }
  const changed = FIELDS.filter((field) => patch[field] !== undefined && !same(next[field as keyof Campaign], campaign[field as keyof Campaign]));
  if (changed.length === 0) return ok({ campaign, events: [], changed: false });
  const saved: Campaign = { ...next, updatedAt: now };
  return ok({ campaign: saved, events: [changeEvent(saved, changed, campaign)], changed: true });
};

/** Whether the expiry job should end the campaign at `now`. */
export const isDueToExpire = (campaign: Pick<Campaign, 'status' | 'endsAt'>, now: Date): boolean =>
  campaign.status !== 'expired' && campaign.endsAt !== null && campaign.endsAt.getTime() <= now.getTime();

/** The expiry job's move: active or inactive → expired once `endsAt` has passed; otherwise nothing. */
export const expireCampaign = (campaign: Campaign, now: Date): CampaignChange => {
  if (!isDueToExpire(campaign, now)) return { campaign, events: [], changed: false };
  const saved: Campaign = { ...campaign, status: 'expired', updatedAt: now };
  return { campaign: saved, events: [changeEvent(saved, ['status'], campaign)], changed: true };
};

/**
 * Whether a campaign takes a new sale: only an active one. A renewal of a customer attributed
 * earlier keeps earning on an inactive or expired campaign while the campaign pays recurring
 * commissions (the recurring term itself is the caller's to check).
 */
export const checkCampaignTakesSale = (
  campaign: Pick<Campaign, 'status' | 'enableRecurringCommissions'>,
  sale: { readonly renewal?: boolean } = {},
): Result<void, DomainError<'validation_error'>> => {
  if (campaign.status === 'active') return ok(undefined);
  if (sale.renewal === true && campaign.enableRecurringCommissions) return ok(undefined);
  return err(domainError('validation_error', `campaign is ${campaign.status}, not active`, [{ field: 'campaignId', message: `campaign is ${campaign.status}, not active` }]));
};
