import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { CreateConversion } from '../../../application/conversions/create-conversion.js';
import type { GetConversion } from '../../../application/conversions/get-conversion.js';
import type { UpdateConversionStatus } from '../../../application/conversions/update-conversion-status.js';
import type { RefundConversion } from '../../../application/conversions/refund-conversion.js';
import type { ConversionQueries } from '../../../application/ports/conversion-queries.js';
import { CONVERSION_STATUSES } from '../../../domain/index.js';
import { isUuid } from '../../ids/uuid-v7-generator.js';
import type { AppEnv } from '../app-env.js';
import { ApiError } from '../api-error.js';
import { sendData, sendPage } from '../envelope.js';
import { requestOriginOf } from '../middleware/audit.js';
import { requirePlan, requireWriteKey } from '../middleware/guards.js';
import { requireId } from './path-id.js';
import {
  CreateConversionBody,
  refundAmountOf,
  RefundConversionBody,
  toCreateConversionInput,
  toUpdateConversionInput,
  UpdateConversionBody,
} from './conversion.input.js';
import { conversionJson, conversionListItemJson, ConversionListItemSchema, ConversionSchema, conversionUpdateJson, ConversionUpdateSchema } from './conversion.json.js';
import { riskJson, risksOf } from './risk.json.js';
import type { RiskFlagStore } from '../../../application/ports/risk-flag-store.js';
import { dateRangeQuery, toDateRange } from './date-range.js';
import { pageQuery, PaginationSchema, validationHook } from '../validation.js';

const ListQuery = z.object({
  status: z.enum(CONVERSION_STATUSES).optional(),
  campaignId: z.string().optional(),
  affiliateId: z.string().optional(),
  ...dateRangeQuery,
  ...pageQuery,
});

const IdParam = z.object({ id: z.string().openapi({ param: { name: 'id', in: 'path' } }) });
const data = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { 'application/json': { schema: z.object({ data: schema }) } },
});

export interface ConversionUseCases {
  createConversion: CreateConversion;
  updateConversionStatus: UpdateConversionStatus;
  getConversion: GetConversion;
  refundConversion: RefundConversion;
  conversionQueries: ConversionQueries;
  /** The flags risk signals left (the `risk` field). */
  riskFlags: RiskFlagStore;
}

export const conversionRoutes = (useCases: ConversionUseCases) =>
  new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
    .openapi(
      createRoute({
        method: 'get',
        path: '/conversions',
        tags: ['Conversions'],
        summary: "The key mode's conversions, newest first",
        description: 'Filters combine; `from`/`to` are dates (a date means the whole UTC day) or ISO 8601 times. Money is given as decimal strings here.',
        request: { query: ListQuery },
        responses: {
          200: {
            description: 'Conversions of the key mode, newest first',
            content: { 'application/json': { schema: z.object({ data: z.array(ConversionListItemSchema), pagination: PaginationSchema }) } },
          },
        },
      }),
      async (c) => {
        const q = c.req.valid('query');
        const range = toDateRange(q);
        const ids = [q.campaignId, q.affiliateId];
        // A filter on an id that cannot exist matches nothing.
        if (ids.some((id) => id !== undefined && !isUuid(id))) {
          return sendPage(c, { items: [], total: 0, page: q.page, limit: q.limit }, conversionListItemJson);
        }
        const page = await useCases.conversionQueries.list(
          c.get('tenant'),
          { status: q.status, campaignId: q.campaignId?.toLowerCase(), affiliateId: q.affiliateId?.toLowerCase(), ...range },
          { page: q.page, limit: q.limit },
        );
        const risk = await risksOf(useCases.riskFlags, c.get('tenant'), 'conversion', page.items.map((item) => item.id));
        return sendPage(c, page, (item) => ({ ...conversionListItemJson(item), risk: risk(item.id) }));
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/conversions',
        tags: ['Conversions'],
        summary: 'Record a sale; the commission is computed from the campaign',
        description:
          'Needs a write key (Ultimate or Scale). The affiliate must be approved on the active campaign (`400 affiliate_not_approved`); `orderId` de-duplicates (`409 duplicate`); live sales count against the monthly earnings cap (`403 earnings_limit_reached`), compared in the merchant\'s reporting currency at each day\'s exchange rate (`503 exchange_rate_unavailable` for a currency with no rate at all), and, with both `clickId` and `customerEmail`, the self-referral check (`422 self_referral`). Team-member keys without Manage payouts cannot create live conversions (`403 insufficient_permissions`). Emits `conversion.created` (live).',
        middleware: [requireWriteKey, requirePlan('ultimate', 'Conversion writes')] as const,
        request: { body: { content: { 'application/json': { schema: CreateConversionBody } }, required: true } },
        responses: { 201: data(ConversionSchema, 'Created, pending') },
      }),
      async (c) => {
        const input = toCreateConversionInput(c.req.valid('json'), c.get('tenant'), c.get('principal').actor);
        // The sale records its request's audit row in its own transaction (one commit, not two).
        const result = await useCases.createConversion.record(input, requestOriginOf(c, 201));
        if (result.isErr()) throw ApiError.from(result.error);
        const { conversion, riskFlags } = result.value;
        // The flags the sale just kept, or (a replaced report) those read back.
        const risk = riskFlags ? riskJson(input.tenant, riskFlags) : (await risksOf(useCases.riskFlags, input.tenant, 'conversion', [conversion.id]))(conversion.id);
        return sendData(c, { ...conversionJson(conversion), risk }, 201);
      },
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/conversions/{id}',
        tags: ['Conversions'],
        summary: 'One conversion with every field',
        description: "An id of the other mode (live/test) or of another merchant answers `404 not_found`.",
        request: { params: IdParam },
        responses: { 200: data(ConversionSchema, 'The conversion') },
      }),
      async (c) => {
        const id = requireId(c.req.valid('param').id, 'Conversion');
        const result = await useCases.getConversion.execute(c.get('tenant'), id);
        if (result.isErr()) throw ApiError.from(result.error);
        return sendData(c, { ...conversionJson(result.value.conversion, result.value.campaignName), risk: riskJson(c.get('tenant'), result.value.riskFlags) });
      },
    )
    .openapi(
      createRoute({
        method: 'patch',
        path: '/conversions/{id}',
        tags: ['Conversions'],
        summary: 'Approve, reject, hold, release or reopen a conversion',
        description:
          '`approved`/`rejected` decide a pending conversion (an approved one may still be rejected). `held` puts a pending or approved conversion on hold (an approved one loses its queued payout); `released` returns a held conversion to the status it had before the hold; `pending` reopens a rejected conversion. Every path back to `approved` (approve, release) answers `409 commission_above_sale` for a commission above 5x its sale (amount plus tax), or any commission on a zero sale, until resent with `confirmAboveSale: true`. Paid and refunded conversions never change, and any other move the state machine lacks answers `409 invalid_transition`. Repeating the current status is a harmless no-op. Emits `conversion.updated` (plus `conversion.approved`/`conversion.rejected` for those decisions).',
        middleware: [requireWriteKey, requirePlan('ultimate', 'Conversion writes')] as const,
        request: { params: IdParam, body: { content: { 'application/json': { schema: UpdateConversionBody } }, required: true } },
        responses: { 200: data(ConversionUpdateSchema, 'Updated') },
      }),
      async (c) => {
        const input = toUpdateConversionInput(c.req.valid('param').id, c.req.valid('json'), c.get('tenant'));
        // The change records the request's audit row with it.
        const result = await useCases.updateConversionStatus.execute({ ...input, request: { actor: c.get('principal').actor, origin: requestOriginOf(c, 200) } });
        if (result.isErr()) throw ApiError.from(result.error);
        return sendData(c, conversionUpdateJson(result.value));
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/conversions/{id}/refund',
        tags: ['Conversions'],
        summary: 'Refund a conversion, whole or in part',
        description:
          'For merchants without a payment-provider integration: the customer was refunded. Without `amount` all that remains of the sale is refunded: the conversion becomes `refunded`, earns nothing and loses its queued payout. With `amount` (net of tax when the sale has `taxAmount`) part of the sale is refunded: the status stays, `refundedAmount` grows and the commission shrinks in proportion, computed from the terms the conversion was created under (never from the campaign\'s current rate); a queued payout follows it. Pending, approved and held conversions can be refunded; paid, rejected and refunded ones answer `409 invalid_transition`; more than what remains answers `400 validation_error`. Emits `conversion.updated`.',
        middleware: [requireWriteKey, requirePlan('ultimate', 'Conversion writes')] as const,
        request: {
          params: IdParam,
          body: { content: { 'application/json': { schema: RefundConversionBody, example: { amount: 25 } } }, required: false },
        },
        responses: { 200: data(ConversionSchema, 'The conversion after the refund') },
      }),
      async (c) => {
        const id = requireId(c.req.valid('param').id, 'Conversion');
        const result = await useCases.refundConversion.execute({ id, amount: refundAmountOf(c.req.valid('json')), tenant: c.get('tenant') });
        if (result.isErr()) throw ApiError.from(result.error);
        return sendData(c, conversionJson(result.value));
      },
    );
