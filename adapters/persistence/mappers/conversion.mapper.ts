import {
  Decimal,
  type CommissionRule,
  type CommissionType,
  type Conversion,
  type HoldableStatus,
  type ConversionSource,
  type ConversionStatus,
  type ConversionType,
  type CurrencyCode,
  type Mode,
  type PayoutMethod,
} from '../../../domain/index.js';
import type { Row } from '../schema/index.js';
import { columnList } from '../schema/columns.js';
import { dateOrNull } from './timestamps.js';

/** A conversions row as SQL returns it (snake_case; numerics as strings). */
export type ConversionRow = Omit<Row<'conversions'>, 'version'>;

const decimal = (value: string | null): Decimal | null => (value === null ? null : new Decimal(value));

export const conversionFromRow = (r: ConversionRow): Conversion => ({
  id: r.id,
  merchantId: r.merchant_id,
  mode: r.mode as Mode,
  campaignId: r.campaign_id,
  affiliateId: r.affiliate_id,
  amount: new Decimal(r.amount),
  taxAmount: decimal(r.tax_amount),
  commission: new Decimal(r.commission),
  originalCommission: new Decimal(r.original_commission),
  currency: r.currency as CurrencyCode,
  status: r.status as ConversionStatus,
  conversionType: r.conversion_type as ConversionType,
  source: r.source as ConversionSource,
  orderId: r.order_id,
  clickId: r.click_id,
  customerEmail: r.customer_email,
  customerName: r.customer_name,
  parentConversionId: r.parent_conversion_id,
  refundedAmount: decimal(r.refunded_amount),
  payoutMethod: r.payout_method as PayoutMethod | null,
  payoutDate: dateOrNull(r.payout_date),
  cardTransferId: r.card_transfer_id,
  approvedAt: dateOrNull(r.approved_at),
  heldFrom: r.held_from as HoldableStatus | null,
  commissionTerms:
    r.commission_rule === null || r.commission_rate_type === null || r.commission_rate_value === null
      ? null
      : { rule: r.commission_rule as CommissionRule, type: r.commission_rate_type as CommissionType, value: new Decimal(r.commission_rate_value) },
  createdAt: new Date(r.created_at),
  updatedAt: new Date(r.updated_at),
});

/** Column values for an insert or update, in the order of `CONVERSION_COLUMNS`. */
export const conversionValues = (c: Conversion): unknown[] => [
  c.id,
  c.merchantId,
  c.mode,
  c.campaignId,
  c.affiliateId,
  c.amount.toFixed(),
  c.taxAmount?.toFixed() ?? null,
  c.commission.toFixed(),
  c.originalCommission.toFixed(),
  c.currency,
  c.status,
  c.conversionType,
  c.source,
  c.orderId,
  c.clickId,
  c.customerEmail,
  c.customerName,
  c.parentConversionId,
  c.refundedAmount?.toFixed() ?? null,
  c.payoutMethod,
  c.payoutDate,
  c.cardTransferId,
  c.approvedAt,
  c.heldFrom,
  c.commissionTerms?.rule ?? null,
  c.commissionTerms?.type ?? null,
  c.commissionTerms?.value.toFixed() ?? null,
  c.createdAt,
  c.updatedAt,
];

export const CONVERSION_COLUMNS = columnList<ConversionRow>()([
  'id',
  'merchant_id',
  'mode',
  'campaign_id',
  'affiliate_id',
  'amount',
  'tax_amount',
  'commission',
  'original_commission',
  'currency',
  'status',
  'conversion_type',
  'source',
  'order_id',
  'click_id',
  'customer_email',
  'customer_name',
  'parent_conversion_id',
  'refunded_amount',
  'payout_method',
  'payout_date',
  'card_transfer_id',
  'approved_at',
  'held_from',
  'commission_rule',
  'commission_rate_type',
  'commission_rate_value',
  'created_at',
  'updated_at',
]);
