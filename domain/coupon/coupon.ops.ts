import { err, ok, type Result } from 'neverthrow';
import { domainError, type DomainError, type FieldProblem } from '../shared/domain-error.js';
import type { Mode } from '../shared/mode.js';
import {
  COUPON_MATCH_ID_FIELDS,
  DEFAULT_COUPON_PROVIDER,
  MATCH_ID_FIELD_OF,
  normalizeCouponCode,
  type AppleOfferType,
  type Coupon,
  type CouponMatchIdField,
  type CouponProvider,
} from './coupon.js';
import { couponEvent, type CouponEvent } from './coupon.events.js';
import { couponProblems, matchIdProblems, refused, type NewCoupon } from './coupon.rules.js';

export interface CouponChange {
  readonly coupon: Coupon;
  readonly events: readonly CouponEvent[];
  /** False when the request changed nothing (then nothing is saved and no event is emitted). */
  readonly changed: boolean;
}

export interface NewCouponContext {
  readonly id: string;
  readonly merchantId: string;
  readonly mode: Mode;
  readonly campaignId: string;
  readonly affiliateId: string;
  readonly now: Date;
}

/** A new coupon (code under its provider's case rule), or every broken rule as one `validation_error`. Emits `coupon.created`. */
export const registerCoupon = (input: NewCoupon, context: NewCouponContext): Result<CouponChange, DomainError> => {
  const problems = couponProblems(input);
  if (problems.length > 0) return err(refused(problems));
  const provider = (input.provider ?? DEFAULT_COUPON_PROVIDER) as CouponProvider;
  const coupon: Coupon = {
    id: context.id,
    merchantId: context.merchantId,
    mode: context.mode,
    campaignId: context.campaignId,
    affiliateId: context.affiliateId,
    provider,
    code: normalizeCouponCode(provider, input.code),
    cardPromotionCodeId: input.cardPromotionCodeId ?? null,
    merchantAdiscountId: input.merchantAdiscountId ?? null,
    morBDiscountId: input.morBDiscountId ?? null,
    morCDiscountId: input.morCDiscountId ?? null,
    appleOfferType: (input.appleOfferType ?? null) as AppleOfferType | null,
    percentOff: input.percentOff ?? null,
    amountOff: input.amountOff ?? null,
    currency: input.currency ?? null,
    createdAt: context.now,
    updatedAt: context.now,
    deletedAt: null,
  };
  return ok({ coupon, events: [couponEvent('coupon.created', coupon)], changed: true });
};

/** What `PATCH /coupons/:id` may carry: the match-id fields (null clears); which one is allowed depends on the provider. */
export type CouponPatch = Partial<Record<CouponMatchIdField, string | null>>;

const deletedCoupon = (): DomainError => domainError('invalid_transition', 'The coupon is deleted');

/**
 * Changes the match id of the coupon's own provider, nothing else: a field of another provider, any
 * field on an `app_store` coupon, or a patch without the own field is a `validation_error`. The same
 * value again changes nothing (`changed: false`, no event); otherwise emits `coupon.updated`.
 */
export const changeCouponMatchId = (coupon: Coupon, patch: CouponPatch, now: Date): Result<CouponChange, DomainError> => {
  if (coupon.deletedAt !== null) return err(deletedCoupon());
  const own = MATCH_ID_FIELD_OF[coupon.provider];
  const sent = COUPON_MATCH_ID_FIELDS.filter((field) => patch[field] !== undefined);
  if (own === null) {
    const message = 'app_store coupons have no editable field';
    return err(refused(sent.length > 0 ? sent.map((field) => ({ field, message })) : [{ field: '(root)', message }]));
  }
  const problems: FieldProblem[] = sent
    .filter((field) => field !== own)
    .map((field) => ({ field, message: `cannot be changed on a ${coupon.provider} coupon; only ${own} can` }));
  const value = patch[own];
  if (value === undefined) problems.push({ field: own, message: `is required: the only field a ${coupon.provider} coupon can change` });
  else if (value !== null) problems.push(...matchIdProblems(own, value));
  if (problems.length > 0) return err(refused(problems));
  const next = value ?? null;
  if (coupon[own] === next) return ok({ coupon, events: [], changed: false });
  const updated: Coupon = { ...coupon, [own]: next, updatedAt: now };
  return ok({ coupon: updated, events: [couponEvent('coupon.updated', updated)], changed: true });
};

/**
 * Marks the coupon deleted: it attributes no new sale from `now` on, and past sales keep it. Emits
 * `coupon.deleted`. A deleted coupon cannot be deleted again (`invalid_transition`).
 */
export const deleteCoupon = (coupon: Coupon, now: Date): Result<CouponChange, DomainError> => {
  if (coupon.deletedAt !== null) return err(deletedCoupon());
  const deleted: Coupon = { ...coupon, deletedAt: now, updatedAt: now };
  return ok({ coupon: deleted, events: [couponEvent('coupon.deleted', deleted)], changed: true });
};
