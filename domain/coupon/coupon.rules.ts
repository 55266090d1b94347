import { minorUnitDigits, type CurrencyCode } from '../money/currency.js';
import type { Decimal } from '../money/decimal.js';
import { domainError, type DomainError, type FieldProblem } from '../shared/domain-error.js';
import {
  AMOUNT_OFF_MAX,
  AMOUNT_OFF_MAX_DECIMALS,
  APPLE_OFFER_TYPES,
  CARD_PROMOTION_CODE_PREFIX,
  COUPON_CODE_MAX,
  COUPON_MATCH_ID_FIELDS,
  COUPON_MATCH_ID_MAX,
  COUPON_PROVIDERS,
  DEFAULT_COUPON_PROVIDER,
  isCouponProvider,
  PERCENT_OFF_MAX,
  PERCENT_OFF_MAX_DECIMALS,
  type CouponMatchIdField,
  type CouponProvider,
} from './coupon.js';

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
export const matchIdProblems = (field: CouponMatchIdField, value: string): FieldProblem[] => {
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

export const refused = (problems: readonly FieldProblem[]): DomainError<'validation_error'> =>
  domainError('validation_error', problems.map((p) => `${p.field} ${p.message}`).join('; '), problems);
