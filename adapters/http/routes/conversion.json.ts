import { z } from '@hono/zod-openapi';
import { CONVERSION_SOURCES, CONVERSION_STATUSES, CONVERSION_TYPES, formatAmount, type Conversion, type Decimal } from '../../../domain/index.js';
import { RiskSchema } from './risk.json.js';
import { moneyNumber } from '../money.json.js';

const money = (value: Decimal, c: Conversion) => formatAmount(value, c.currency);
const iso = (d: Date | null) => (d === null ? null : d.toISOString());

const common = {
  id: z.string(),
  campaignId: z.string(),
  affiliateId: z.string(),
  currency: z.string().openapi({ description: 'Lowercase ISO 4217 code' }),
  status: z.enum(CONVERSION_STATUSES),
  conversionType: z.enum(CONVERSION_TYPES).openapi({ description: '`one_time`, or `recurring` for a subscription renewal (extension)' }),
  orderId: z.string().nullable(),
  isTest: z.boolean(),
  payoutMethod: z.enum(['connect', 'wallet_a', 'transfer_b']).nullable(),
  payoutDate: z.string().nullable(),
  cardTransferId: z.string().nullable(),
  source: z.enum(CONVERSION_SOURCES).openapi({
    'x-extension': true,
    description: 'Where the sale was reported from: `api`, a payment provider token (`card`, `mor_a`, `app_store`, `mor_b`, `mor_c`), `tracking_script` or `dashboard`',
  }),
  createdAt: z.string(),
};

/** List item: money as strings (spec: `amount` "string in lists"). */
export const ConversionListItemSchema = z
  .object({ ...common, amount: z.string(), taxAmount: z.string().nullable(), commission: z.string(), risk: RiskSchema.optional() })
  .openapi('ConversionListItem');

/** Create and Get: money as numbers, plus the Get-only fields. */
export const ConversionSchema = z
  .object({
    ...common,
    amount: z.number(),
    taxAmount: z.number().nullable(),
    commission: z.number(),
    campaignName: z.string().optional(),
    customerEmail: z.string().nullable(),
    customerName: z.string().nullable(),
    parentConversionId: z.string().nullable(),
    clickId: z.string().nullable(),
    refundedAmount: z.number().nullable().openapi({ 'x-extension': true, description: 'Refunded so far (extension)' }),
    updatedAt: z.string(),
    risk: RiskSchema.optional(),
  })
  .openapi('Conversion');

export const ConversionUpdateSchema = z
  .object({ id: z.string(), status: z.enum(CONVERSION_STATUSES), amount: z.number(), commission: z.number(), updatedAt: z.string() })
  .openapi('ConversionUpdate');

const commonJson = (c: Conversion) => ({
  id: c.id,
  campaignId: c.campaignId,
  affiliateId: c.affiliateId,
  currency: c.currency,
  status: c.status,
  conversionType: c.conversionType,
  orderId: c.orderId,
  isTest: c.mode === 'test',
  payoutMethod: c.payoutMethod,
  payoutDate: iso(c.payoutDate),
  cardTransferId: c.cardTransferId,
  source: c.source,
  createdAt: c.createdAt.toISOString(),
});

export const conversionListItemJson = (c: Conversion): z.infer<typeof ConversionListItemSchema> => ({
  ...commonJson(c),
  amount: money(c.amount, c),
  taxAmount: c.taxAmount === null ? null : money(c.taxAmount, c),
  commission: money(c.commission, c),
});

export const conversionJson = (c: Conversion, campaignName?: string): z.infer<typeof ConversionSchema> => ({
  ...commonJson(c),
  amount: moneyNumber(c.amount),
  taxAmount: c.taxAmount === null ? null : moneyNumber(c.taxAmount),
  commission: moneyNumber(c.commission),
  ...(campaignName === undefined ? {} : { campaignName }),
  customerEmail: c.customerEmail,
  customerName: c.customerName,
  parentConversionId: c.parentConversionId,
  clickId: c.clickId,
  refundedAmount: c.refundedAmount === null ? null : moneyNumber(c.refundedAmount),
  updatedAt: c.updatedAt.toISOString(),
});

export const conversionUpdateJson = (c: Conversion): z.infer<typeof ConversionUpdateSchema> => ({
  id: c.id,
  status: c.status,
  amount: moneyNumber(c.amount),
  commission: moneyNumber(c.commission),
  updatedAt: c.updatedAt.toISOString(),
});
