import { z } from '@hono/zod-openapi';
import type { Actor } from '../../../application/shared/actor.js';
import type { CreateConversionInput } from '../../../application/conversions/create-conversion.js';
import type { UpdateConversionStatusInput } from '../../../application/conversions/update-conversion-status.js';
import type { Tenant } from '../../../application/shared/tenant.js';
import { CONVERSION_PATCH_STATUSES, DEFAULT_CURRENCY, parseAmount, parseCurrency, type Decimal } from '../../../domain/index.js';
import { ApiError } from '../api-error.js';
import { knownId, requireId } from './path-id.js';

/**
 * The conversion write inputs, shared by `POST`/`PATCH /conversions` and the assistant tools
 * `create_conversion`/`update_conversion` (adapters/mcp), so both validate and translate alike.
 */
const MAX_AMOUNT = 1_000_000_000;

export const CreateConversionBody = z
  .object({
    campaignId: z.string().min(1).describe('The campaign the sale belongs to'),
    affiliateId: z.string().min(1).describe('The affiliate who referred it; must be approved on the campaign'),
    amount: z.number().min(0).max(MAX_AMOUNT).describe('Sale amount in major units (dollars, not cents); net when taxAmount is set'),
    orderId: z.string().trim().min(1).max(255).optional().describe('Your order id; unique, a second sale with it is refused as a duplicate'),
    clickId: z.string().trim().min(1).max(255).optional().describe('The click id from the tracking link; with customerEmail enables the self-referral check'),
    customerEmail: z.email().max(320).optional(),
    customerName: z.string().trim().min(1).max(255).optional(),
    currency: z
      .string()
      .regex(/^[A-Za-z]{3}$/, 'must be a 3-letter currency code')
      .optional()
      .describe('3-letter currency code, any case; default usd')
      .openapi({ 'x-extension': true, example: 'usd' }),
    taxAmount: z.number().min(0).max(MAX_AMOUNT).optional().describe('Tax on the sale; when given, amount is the net sale and commission is computed on it').openapi({ 'x-extension': true }),
  })
  .openapi('CreateConversion');

export const UpdateConversionBody = z
  .object({
    status: z.enum(CONVERSION_PATCH_STATUSES).describe(
      '`approved` or `rejected` (from pending; approved → rejected too); `held` (from pending or approved; cancels a queued payout); ' +
        '`released` (an action: from held back to the status before the hold); `pending` (reopen a rejected conversion)',
    ),
    confirmAboveSale: z
      .boolean()
      .optional()
      .describe('Approve (or release back to approved) even though the commission is above 5 times the sale (or the sale is zero); absent means not confirmed'),
  })
  .openapi('UpdateConversion', { example: { status: 'approved' } });

export const RefundConversionBody = z
  .object({
    amount: z
      .number()
      .gt(0)
      .max(MAX_AMOUNT)
      .optional()
      .describe('How much of the sale to refund, in major units (net when the sale has taxAmount); absent refunds all that remains'),
  })
  .openapi('RefundConversion', { example: { amount: 25 } });
export type RefundConversionBody = z.infer<typeof RefundConversionBody>;

export type CreateConversionBody = z.infer<typeof CreateConversionBody>;
export type UpdateConversionBody = z.infer<typeof UpdateConversionBody>;

const amountOf = (value: number, field: string): Decimal => {
  const parsed = parseAmount(value, { field, min: 0 });
  if (parsed.isErr()) throw ApiError.from(parsed.error);
  return parsed.value;
};

/** A refund's amount as the use case takes it (null: all that remains). */
export const refundAmountOf = (body: RefundConversionBody | undefined): Decimal | null =>
  body?.amount === undefined ? null : amountOf(body.amount, 'amount');

/** The validated body as the use case takes it; throws `ApiError` for what the schema cannot say. */
export const toCreateConversionInput = (
  body: CreateConversionBody,
  tenant: Tenant,
  actor: Actor,
): CreateConversionInput => {
  const currency = parseCurrency(body.currency ?? DEFAULT_CURRENCY);
  if (currency.isErr()) throw ApiError.from(currency.error);
  return {
    tenant,
    actor,
    campaignId: knownId(body.campaignId, 'Campaign'),
    affiliateId: knownId(body.affiliateId, 'Affiliate'),
    amount: amountOf(body.amount, 'amount'),
    taxAmount: body.taxAmount === undefined ? null : amountOf(body.taxAmount, 'taxAmount'),
    currency: currency.value,
    orderId: body.orderId ?? null,
    clickId: body.clickId ?? null,
    customerEmail: body.customerEmail ?? null,
    customerName: body.customerName ?? null,
  };
};

export const toUpdateConversionInput = (id: string, body: UpdateConversionBody, tenant: Tenant): UpdateConversionStatusInput => ({
  tenant,
  id: requireId(id, 'Conversion'),
  status: body.status,
  confirmAboveSale: body.confirmAboveSale === true,
});
