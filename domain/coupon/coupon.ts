import { err, ok, type Result } from 'neverthrow';
import { minorUnitDigits, type CurrencyCode } from '../money/currency.js';
import { Decimal } from '../money/decimal.js';
import { domainError, type DomainError, type FieldProblem } from '../shared/domain-error.js';
import type { Mode } from '../shared/mode.js';

/**
 * Neutral provider tokens (spec, Coupon): `card` (a card-payment processor, the default),
 * `mor_a`, `mor_b`, `mor_c` (merchant-of-record platforms) and `app_store` (in-app purchases).
 */
export const COUPON_PROVIDERS = ['card', 'mor_a', 'app_store', 'mor_b', 'mor_c'] as const;
export type CouponProvider = (typeof COUPON_PROVIDERS)[number];
export const DEFAULT_COUPON_PROVIDER: CouponProvider = 'card';

export const isCouponProvider = (value: string): value is CouponProvider => (COUPON_PROVIDERS as readonly string[]).includes(value);

/** The provider-side ids a coupon may carry, one per provider that has one (`app_store` has none). */
export const COUPON_MATCH_ID_FIELDS = ['cardPromotionCodeId', 'merchantAdiscountId', 'morBDiscountId', 'morCDiscountId'] as const;
export type CouponMatchIdField = (typeof COUPON_MATCH_ID_FIELDS)[number];

/** Which match-id field belongs to which provider; `app_store` coupons have no editable field. */
export const MATCH_ID_FIELD_OF: Readonly<Record<CouponProvider, CouponMatchIdField | null>> = {
  card: 'cardPromotionCodeId',
  mor_a: 'merchantAdiscountId',
  mor_b: 'morBDiscountId',
  mor_c: 'morCDiscountId',
  app_store: null,
};

/** `cardPromotionCodeId` must start with this (spec). */
export const CARD_PROMOTION_CODE_PREFIX = 'promo_';

/** Apple offer types: 1 introductory, 2 promotional, 3 offer code (`app_store` only). */
export const APPLE_OFFER_TYPES = [1, 2, 3] as const;
export type AppleOfferType = (typeof APPLE_OFFER_TYPES)[number];

export const COUPON_CODE_MAX = 100;
export const COUPON_MATCH_ID_MAX = 255;
export const PERCENT_OFF_MAX = new Decimal(100);
export const PERCENT_OFF_MAX_DECIMALS = 4;
/** Display amounts without a currency keep at most the column's scale. */
export const AMOUNT_OFF_MAX_DECIMALS = 6;
export const AMOUNT_OFF_MAX = new Decimal(1_000_000_000);

/**
 * A registered coupon: a reference to a discount code that lives in an external provider, attributing
 * the sales that use it to one affiliate on one campaign. Tenant data (merchant and mode). A deleted
 * coupon keeps its row (`deletedAt` set) so past sales still resolve it, but attributes nothing new.
 */
export interface Coupon {
  readonly id: string;
  readonly merchantId: string;
  readonly mode: Mode;
  readonly campaignId: string;
  readonly affiliateId: string;
  readonly provider: CouponProvider;
  /** As stored: uppercase for `card`, `mor_a`, `mor_b`, `mor_c`; exactly as sent (trimmed) for `app_store`. */
  readonly code: string;
  readonly cardPromotionCodeId: string | null;
  readonly merchantAdiscountId: string | null;
  readonly morBDiscountId: string | null;
  readonly morCDiscountId: string | null;
  readonly appleOfferType: AppleOfferType | null;
  /** Display-only. */
  readonly percentOff: Decimal | null;
  /** Display-only. */
  readonly amountOff: Decimal | null;
  /** Display-only, lowercase. */
  readonly currency: CurrencyCode | null;
  readonly createdAt: Date;
  readonly updatedAt: Date;
  readonly deletedAt: Date | null;
}

/** Codes compare exactly for `app_store`; every other provider's codes are case-insensitive. */
export const isCaseSensitiveProvider = (provider: CouponProvider): boolean => provider === 'app_store';

/**
 * The provider's case rule: the stored (and looked-up) form of a code. Surrounding whitespace is
 * dropped for every provider; `card`, `mor_a`, `mor_b` and `mor_c` codes are uppercased (Unicode
 * default case mapping); `app_store` codes stay exactly as sent.
 */
export const normalizeCouponCode = (provider: CouponProvider, code: string): string => {
  const trimmed = code.trim();
  return isCaseSensitiveProvider(provider) ? trimmed : trimmed.toUpperCase();
};

/** The coupon's provider match id (the one of its own provider), or null. */
export const couponMatchId = (coupon: Pick<Coupon, 'provider' | CouponMatchIdField>): string | null => {
  const field = MATCH_ID_FIELD_OF[coupon.provider];
  return field === null ? null : coupon[field];
};

export type CouponEventType = 'coupon.created' | 'coupon.updated' | 'coupon.deleted';

/** Internal events (not webhook events: the spec names none for coupons). */
export interface CouponEventPayload {
  readonly couponId: string;
  readonly campaignId: string;
  readonly affiliateId: string;
  readonly provider: CouponProvider;
  readonly code: string;
  /** The coupon's own provider match id after the change. */
  readonly matchId: string | null;
}

export interface CouponEvent {
  readonly type: CouponEventType;
  readonly payload: CouponEventPayload;
}

export interface CouponChange {
  readonly coupon: Coupon;
  readonly events: readonly CouponEvent[];
  /** False when the request changed nothing (then nothing is saved and no event is emitted). */
  readonly changed: boolean;
}

const couponEvent = (type: CouponEventType, coupon: Coupon): CouponEvent => ({
  type,
  payload: {
    couponId: coupon.id,
    campaignId: coupon.campaignId,
    affiliateId: coupon.affiliateId,
    provider: coupon.provider,
    code: coupon.code,
    matchId: couponMatchId(coupon),
  },
});

/** Registration input after the HTTP schema checked types; every rule below is the domain's. */
export interface NewCoupon {
  readonly code: string;
  /** Default `card`. */
  readonly provider?: string | undefined;
  readonly cardPromotionCodeId?: string | null | undefined;
  readonly merchantAdiscountId?: string | null | undefined;
  readonly morBDiscountId?: string | null | undefined;
  readonly morCDiscountId?: string | null | undefined;
  readonly appleOfferType?: number | null | undefined;
  readonly percentOff?: Decimal | null | undefined;
  readonly amountOff?: Decimal | null | undefined;
  readonly currency?: CurrencyCode | null | undefined;
}

export interface NewCouponContext {
  readonly id: string;
  readonly merchantId: string;
  readonly mode: Mode;
  readonly campaignId: string;
  readonly affiliateId: string;
  readonly now: Date;
}

const CONTROL_CHARACTERS = /\p{Cc}/u;
const WHITESPACE = /\s/u;

const codeProblems = (code: string): FieldProblem[] => {
  const trimmed = code.trim();
  if (trimmed.length === 0) return [{ field: 'code', message: 'must not be empty' }];
  if ([...trimmed].length > COUPON_CODE_MAX) return [{ field: 'code', message: `must be at most ${COUPON_CODE_MAX} characters` }];
  if (CONTROL_CHARACTERS.test(trimmed)) return [{ field: 'code', message: 'must not contain control characters' }];
  return [];
};

/** A provider match id: no whitespace, at most 255 characters; the card's starts with `promo_`. */
const matchIdProblems = (field: CouponMatchIdField, value: string): FieldProblem[] => {
  if (value.length === 0) return [{ field, message: 'must not be empty' }];
  if (value.length > COUPON_MATCH_ID_MAX) return [{ field, message: `must be at most ${COUPON_MATCH_ID_MAX} characters` }];
  if (WHITESPACE.test(value) || CONTROL_CHARACTERS.test(value)) return [{ field, message: 'must not contain whitespace' }];
  if (field === 'cardPromotionCodeId' && (!value.startsWith(CARD_PROMOTION_CODE_PREFIX) || value.length === CARD_PROMOTION_CODE_PREFIX.length)) {
    return [{ field, message: `must start with "${CARD_PROMOTION_CODE_PREFIX}" followed by the provider's id` }];
  }
  return [];
};

const onlyFor = (field: string, owner: CouponProvider, provider: CouponProvider): FieldProblem => ({
  field,
  message: `is only for provider ${owner}, not ${provider}`,
});

const OWNER_OF: Readonly<Record<CouponMatchIdField, CouponProvider>> = {
  cardPromotionCodeId: 'card',
  merchantAdiscountId: 'mor_a',
  morBDiscountId: 'mor_b',
  morCDiscountId: 'mor_c',
};

const displayProblems = (input: NewCoupon): FieldProblem[] => {
  const problems: FieldProblem[] = [];
  const { percentOff, amountOff, currency } = input;
  if (percentOff !== undefined && percentOff !== null) {
    if (percentOff.lte(0) || percentOff.gt(PERCENT_OFF_MAX)) problems.push({ field: 'percentOff', message: 'must be greater than 0 and at most 100' });
    else if (percentOff.decimalPlaces() > PERCENT_OFF_MAX_DECIMALS) {
      problems.push({ field: 'percentOff', message: `must have at most ${PERCENT_OFF_MAX_DECIMALS} decimal places` });
    }
  }
  if (amountOff !== undefined && amountOff !== null) {
    const digits = currency ? minorUnitDigits(currency) : AMOUNT_OFF_MAX_DECIMALS;
    if (amountOff.lte(0) || amountOff.gt(AMOUNT_OFF_MAX)) problems.push({ field: 'amountOff', message: `must be greater than 0 and at most ${AMOUNT_OFF_MAX.toFixed()}` });
    else if (amountOff.decimalPlaces() > digits) {
      problems.push({ field: 'amountOff', message: `must have at most ${digits} decimal places${currency ? ` in ${currency}` : ''}` });
    }
  }
  // Both are display-only (the provider applies the discount), so a coupon may show both.
  return problems;
};

/** Every rule a new coupon breaks, each naming its field (empty when valid). */
export const couponProblems = (input: NewCoupon): FieldProblem[] => {
  const provider = input.provider ?? DEFAULT_COUPON_PROVIDER;
  if (!isCouponProvider(provider)) return [{ field: 'provider', message: `must be one of ${COUPON_PROVIDERS.join(', ')}` }];
  const problems = codeProblems(input.code);
  for (const field of COUPON_MATCH_ID_FIELDS) {
    const value = input[field];
    if (value === undefined || value === null) continue;
    const owner = OWNER_OF[field];
    if (owner !== provider) problems.push(onlyFor(field, owner, provider));
    else problems.push(...matchIdProblems(field, value));
  }
  const offerType = input.appleOfferType;
  if (offerType !== undefined && offerType !== null) {
    if (provider !== 'app_store') problems.push(onlyFor('appleOfferType', 'app_store', provider));
    else if (!(APPLE_OFFER_TYPES as readonly number[]).includes(offerType)) {
      problems.push({ field: 'appleOfferType', message: 'must be 1 (introductory), 2 (promotional) or 3 (offer code)' });
    }
  }
  problems.push(...displayProblems(input));
  return problems;
};

const refused = (problems: readonly FieldProblem[]): DomainError<'validation_error'> =>
  domainError('validation_error', problems.map((p) => `${p.field} ${p.message}`).join('; '), problems);

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

/** The canonical text of `percentOff`: at least two decimals, more only when it has them (`"20.00"`, `"12.5"` → `"12.50"`). */
export const formatPercentOff = (value: Decimal): string => value.toFixed(Math.max(2, value.decimalPlaces()));
