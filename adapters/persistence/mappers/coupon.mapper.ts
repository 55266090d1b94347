import {
  Decimal,
  type AppleOfferType,
  type Coupon,
  type CouponProvider,
  type CurrencyCode,
  type Mode,
} from '../../../domain/index.js';
import type { Row } from '../schema/index.js';
import { columnList } from '../schema/columns.js';
import { dateOrNull } from './timestamps.js';

/** A coupons row as SQL returns it (snake_case; numerics as strings). */
export type CouponRow = Omit<Row<'coupons'>, 'version'>;

export const COUPON_COLUMNS = columnList<CouponRow>()([
  'id',
  'merchant_id',
  'mode',
  'campaign_id',
  'affiliate_id',
  'provider',
  'code',
  'card_promotion_code_id',
  'merchant_a_discount_id',
  'mor_b_discount_id',
  'mor_c_discount_id',
  'apple_offer_type',
  'percent_off',
  'amount_off',
  'currency',
  'created_at',
  'updated_at',
  'deleted_at',
] as const satisfies readonly (keyof CouponRow)[]);

/** `numeric(20,6)` comes back padded (`20.000000`); the domain keeps the value (`20`). */
const decimal = (value: string | null): Decimal | null => (value === null ? null : new Decimal(value));

export const couponFromRow = (r: CouponRow): Coupon => ({
  id: r.id,
  merchantId: r.merchant_id,
  mode: r.mode as Mode,
  campaignId: r.campaign_id,
  affiliateId: r.affiliate_id,
  provider: r.provider as CouponProvider,
  code: r.code,
  cardPromotionCodeId: r.card_promotion_code_id,
  merchantAdiscountId: r.merchant_a_discount_id,
  morBDiscountId: r.mor_b_discount_id,
  morCDiscountId: r.mor_c_discount_id,
  appleOfferType: r.apple_offer_type as AppleOfferType | null,
  percentOff: decimal(r.percent_off),
  amountOff: decimal(r.amount_off),
  currency: r.currency as CurrencyCode | null,
  createdAt: new Date(r.created_at),
  updatedAt: new Date(r.updated_at),
  deletedAt: dateOrNull(r.deleted_at),
});

/** Values in `COUPON_COLUMNS` order. */
export const couponValues = (c: Coupon): unknown[] => [
  c.id,
  c.merchantId,
  c.mode,
  c.campaignId,
  c.affiliateId,
  c.provider,
  c.code,
  c.cardPromotionCodeId,
  c.merchantAdiscountId,
  c.morBDiscountId,
  c.morCDiscountId,
  c.appleOfferType,
  c.percentOff === null ? null : c.percentOff.toFixed(),
  c.amountOff === null ? null : c.amountOff.toFixed(),
  c.currency,
  c.createdAt,
  c.updatedAt,
  c.deletedAt,
];
