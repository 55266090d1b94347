import { err, ok, type Result } from 'neverthrow';
import { isHttpUrl } from '../shared/http-url.js';
import type { CommissionType, VolumeTiers } from '../conversion/commission.js';
import { Decimal } from '../money/decimal.js';
import { domainError, type DomainError, type FieldProblem } from '../shared/domain-error.js';

export const CAMPAIGN_STATUSES = ['active', 'inactive', 'expired'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

/** Days after which a pending commission is approved automatically; null = every approval is manual. */
export const AUTO_APPROVE_COMMISSION_DAYS = [7, 14, 30, 60, 90] as const;
export type AutoApproveCommissionDays = (typeof AUTO_APPROVE_COMMISSION_DAYS)[number];

export const CAMPAIGN_NAME_MIN = 2;
export const CAMPAIGN_NAME_MAX = 200;
export const CAMPAIGN_DESCRIPTION_MAX = 5000;
export const TARGET_URL_MAX = 2048;
/** The same ceilings the spec gives team rates: percent at most 100, fixed at most 100000. */
export const PERCENTAGE_MAX = new Decimal(100);
export const FIXED_COMMISSION_MAX = new Decimal(100000);
export const COMMISSION_VALUE_MAX_DECIMALS = 4;

/**
 * A merchant's campaign. Campaigns are live objects: both modes read the same campaign, while the
 * sales and affiliates counted on it belong to the reader's mode.
 */
export interface Campaign {
  readonly id: string;
  readonly merchantId: string;
  readonly name: string;
  readonly description: string | null;
  /** Public, URL-safe and unique across the service: the first segment of tracking links. */
  readonly trackingCode: string;
  readonly status: CampaignStatus;
  /** When the campaign ends: the expiry job moves it to `expired` at this time (service clock). */
  readonly endsAt: Date | null;
  readonly commissionType: CommissionType;
  /** Percent (`percentage`) or an amount in the sale's currency (`fixed`). */
  readonly commissionValue: Decimal;
  readonly targetUrl: string | null;
  readonly autoApproveAffiliates: boolean;
  readonly autoApproveCommissionsAfterDays: AutoApproveCommissionDays | null;
  readonly isPublic: boolean;
  readonly enableRecurringCommissions: boolean;
  /** Volume tiers (extension): the affiliate's month on the campaign picks the rate; null = the flat rate. */
  readonly commissionTiers: VolumeTiers | null;
  /** Extension: months after the first sale during which renewals earn commission; null = lifetime. */
  readonly recurringCommissionMonths: number | null;
  /** Extension: how many days after a click a sale is still attributed to it. */
  readonly attributionWindowDays: number;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

/** Create input after the HTTP schema checked types; the rules below are the domain's. */
export interface NewCampaign {
  readonly name: string;
  readonly commissionType: CommissionType;
  readonly commissionValue: Decimal;
  readonly status?: CampaignStatus | undefined;
  readonly description?: string | null | undefined;
  readonly targetUrl?: string | null | undefined;
  readonly autoApproveAffiliates?: boolean | undefined;
  readonly autoApproveCommissionsAfterDays?: number | null | undefined;
  readonly isPublic?: boolean | undefined;
  readonly enableRecurringCommissions?: boolean | undefined;
  readonly commissionTiers?: VolumeTiers | null | undefined;
  readonly recurringCommissionMonths?: number | null | undefined;
  readonly attributionWindowDays?: number | undefined;
}

export interface NewCampaignContext {
  readonly id: string;
  readonly merchantId: string;
  readonly trackingCode: string;
  readonly now: Date;
}


export const MAX_COMMISSION_TIERS = 10;

/** How old a click may be and still attribute a sale (extension); a month is what affiliates expect. */
export const DEFAULT_ATTRIBUTION_WINDOW_DAYS = 30;
export const ATTRIBUTION_WINDOW_DAYS_MAX = 365;
/** How many months of renewals earn commission (extension); null = for the customer's lifetime. */
export const RECURRING_COMMISSION_MONTHS_MAX = 120;

const wholeNumberProblem = (field: string, value: number | null | undefined, max: number, nullable: boolean): FieldProblem[] => {
  if (value === undefined || (value === null && nullable)) return [];
  if (value === null || !Number.isInteger(value) || value < 1 || value > max) {
    return [{ field, message: `must be a whole number from 1 to ${max}${nullable ? ' or null' : ''}` }];
  }
  return [];
};

/** The recurring-commission and attribution-window rules, shared by create and update. */
export const attributionProblems = (input: {
  readonly recurringCommissionMonths?: number | null | undefined;
  readonly attributionWindowDays?: number | undefined;
}): FieldProblem[] => [
  ...wholeNumberProblem('recurringCommissionMonths', input.recurringCommissionMonths, RECURRING_COMMISSION_MONTHS_MAX, true),
  ...wholeNumberProblem('attributionWindowDays', input.attributionWindowDays, ATTRIBUTION_WINDOW_DAYS_MAX, false),
];

/** Tiers: 1 to 10, thresholds at least 0 and distinct, each rate within the campaign rate's bounds. */
export const tierProblems = (tiers: VolumeTiers | null): FieldProblem[] => {
  if (tiers === null) return [];
  const problems: FieldProblem[] = [];
  if (tiers.tiers.length === 0 || tiers.tiers.length > MAX_COMMISSION_TIERS) {
    problems.push({ field: 'commissionTiers.tiers', message: `must have 1 to ${MAX_COMMISSION_TIERS} tiers` });
  }
  const seen = new Set<string>();
  tiers.tiers.forEach((tier, i) => {
    const field = `commissionTiers.tiers.${i}`;
    if (tier.threshold.isNegative()) problems.push({ field: `${field}.threshold`, message: 'must be at least 0' });
    if (seen.has(tier.threshold.toFixed())) problems.push({ field: `${field}.threshold`, message: 'must be different from the other tiers' });
    seen.add(tier.threshold.toFixed());
    if (tiers.basis === 'conversions' && !tier.threshold.isInteger()) {
      problems.push({ field: `${field}.threshold`, message: 'must be a whole number of conversions' });
    }
    const max = tier.type === 'percentage' ? PERCENTAGE_MAX : FIXED_COMMISSION_MAX;
    if (tier.value.isNegative() || tier.value.gt(max)) {
      problems.push({ field: `${field}.commissionValue`, message: `must be between 0 and ${max.toFixed()} for a ${tier.type} commission` });
    }
  });
  return problems;
};

/** Every rule a new campaign breaks, each naming its field (empty when valid). */
export const campaignProblems = (input: NewCampaign): FieldProblem[] => {
  const problems: FieldProblem[] = [];
  const name = input.name.trim();
  if (name.length < CAMPAIGN_NAME_MIN) problems.push({ field: 'name', message: `must be at least ${CAMPAIGN_NAME_MIN} characters` });
  if (name.length > CAMPAIGN_NAME_MAX) problems.push({ field: 'name', message: `must be at most ${CAMPAIGN_NAME_MAX} characters` });
  const value = input.commissionValue;
  const max = input.commissionType === 'percentage' ? PERCENTAGE_MAX : FIXED_COMMISSION_MAX;
  if (value.isNegative()) problems.push({ field: 'commissionValue', message: 'must be at least 0' });
  else if (value.gt(max)) {
    problems.push({ field: 'commissionValue', message: `must be at most ${max.toFixed()} for a ${input.commissionType} commission` });
  } else if (value.decimalPlaces() > COMMISSION_VALUE_MAX_DECIMALS) {
    problems.push({ field: 'commissionValue', message: `must have at most ${COMMISSION_VALUE_MAX_DECIMALS} decimal places` });
  }
  const days = input.autoApproveCommissionsAfterDays;
  if (days !== undefined && days !== null && !(AUTO_APPROVE_COMMISSION_DAYS as readonly number[]).includes(days)) {
    problems.push({ field: 'autoApproveCommissionsAfterDays', message: `must be one of ${AUTO_APPROVE_COMMISSION_DAYS.join(', ')} or null` });
  }
  if (input.description && input.description.length > CAMPAIGN_DESCRIPTION_MAX) {
    problems.push({ field: 'description', message: `must be at most ${CAMPAIGN_DESCRIPTION_MAX} characters` });
  }
  problems.push(...tierProblems(input.commissionTiers ?? null));
  problems.push(...attributionProblems(input));
  const url = input.targetUrl?.trim();
  if (url) {
    if (url.length > TARGET_URL_MAX) problems.push({ field: 'targetUrl', message: `must be at most ${TARGET_URL_MAX} characters` });
    else if (!isHttpUrl(url)) problems.push({ field: 'targetUrl', message: 'must be an http or https URL' });
  }
  return problems;
};

/** A new campaign with the spec's defaults, or every broken rule as one `validation_error`. */
export const createCampaign = (input: NewCampaign, context: NewCampaignContext): Result<Campaign, DomainError> => {
  const problems = campaignProblems(input);
  if (problems.length > 0) {
    return err(domainError('validation_error', problems.map((p) => `${p.field} ${p.message}`).join('; '), problems));
  }
  const description = input.description?.trim();
  const targetUrl = input.targetUrl?.trim();
  return ok({
    id: context.id,
    merchantId: context.merchantId,
    name: input.name.trim(),
    description: description ? description : null,
    trackingCode: context.trackingCode,
    status: input.status ?? 'active',
    endsAt: null,
    commissionType: input.commissionType,
    commissionValue: input.commissionValue,
    targetUrl: targetUrl ? targetUrl : null,
    autoApproveAffiliates: input.autoApproveAffiliates ?? false,
    autoApproveCommissionsAfterDays: (input.autoApproveCommissionsAfterDays ?? null) as AutoApproveCommissionDays | null,
    isPublic: input.isPublic ?? true,
    enableRecurringCommissions: input.enableRecurringCommissions ?? false,
    commissionTiers: input.commissionTiers ?? null,
    recurringCommissionMonths: input.recurringCommissionMonths ?? null,
    attributionWindowDays: input.attributionWindowDays ?? DEFAULT_ATTRIBUTION_WINDOW_DAYS,
    createdAt: context.now,
    updatedAt: context.now,
  });
};

/** Whether the request sets automatic commission approval (null, the default, sets nothing). */
export const setsAutoApproval = (input: Pick<NewCampaign, 'autoApproveCommissionsAfterDays'>): boolean =>
  input.autoApproveCommissionsAfterDays !== undefined && input.autoApproveCommissionsAfterDays !== null;

/**
 * The canonical text of a commission value: at least two decimals, more only when it has them
 * (`"20.00"`, `"12.50"`, `"7.125"`).
 */
export const formatCommissionValue = (value: Decimal): string => value.toFixed(Math.max(2, value.decimalPlaces()));
