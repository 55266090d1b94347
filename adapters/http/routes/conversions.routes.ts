import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { CreateConversion } from '../../../application/conversions/create-conversion.js';
import type { UpdateConversionStatus } from '../../../application/conversions/update-conversion-status.js';
import type { ConversionQueries } from '../../../application/ports/conversion-queries.js';
import { CONVERSION_STATUSES, DEFAULT_CURRENCY, parseAmount, parseCurrency, type Decimal } from '../../../domain/index.js';
import { isUuid } from '../../ids/uuid-v7-generator.js';
import type { AppEnv } from '../app-env.js';
import { ApiError } from '../api-error.js';
import { sendData, sendPage } from '../envelope.js';
import { requirePlan, requireWriteKey } from '../middleware/guards.js';
import { requireId } from './path-id.js';
import { conversionJson, conversionListItemJson, ConversionListItemSchema, ConversionSchema, conversionUpdateJson, ConversionUpdateSchema } from './conversion.json.js';
import { dateRangeQuery, toDateRange } from './date-range.js';
import { pageQuery, validationHook } from '../validation.js';

const MAX_AMOUNT = 1_000_000_000;

const CreateBody = z
  .object({
    campaignId: z.string().min(1),
    affiliateId: z.string().min(1),
    amount: z.number().min(0).max(MAX_AMOUNT).openapi({ description: 'Sale amount in major units (dollars, not cents); net when taxAmount is set' }),
    orderId: z.string().trim().min(1).max(255).optional(),
    clickId: z.string().trim().min(1).max(255).optional(),
    customerEmail: z.email().max(320).optional(),
    customerName: z.string().trim().min(1).max(255).optional(),
    currency: z.string().regex(/^[A-Za-z]{3}$/, 'must be a 3-letter currency code').optional().openapi({ 'x-extension': true, example: 'usd' }),
    taxAmount: z.number().min(0).max(MAX_AMOUNT).optional().openapi({ 'x-extension': true }),
  })
  .openapi('CreateConversion');

const PatchBody = z
  .object({
    status: z.enum(['approved', 'rejected']),
    confirmAboveSale: z.boolean().optional(),
  })
  .openapi('UpdateConversion');

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

const amountOf = (value: number, field: string): Decimal => {
  const parsed = parseAmount(value, { field, min: 0 });
  if (parsed.isErr()) throw ApiError.from(parsed.error);
  return parsed.value;
};

/** A body id that is not a UUID names nothing that exists: 404, like an unknown one. */
const knownId = (value: string, what: string) => {
  if (!isUuid(value)) throw new ApiError('not_found', `${what} not found`);
  return value.toLowerCase();
};

export interface ConversionUseCases {
  createConversion: CreateConversion;
  updateConversionStatus: UpdateConversionStatus;
  conversionQueries: ConversionQueries;
}

export const conversionRoutes = (useCases: ConversionUseCases) =>
  new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
    .openapi(
      createRoute({
        method: 'get',
        path: '/conversions',
        tags: ['Conversions'],
        request: { query: ListQuery },
        responses: {
          200: {
            description: 'Conversions of the key mode, newest first',
            content: { 'application/json': { schema: z.object({ data: z.array(ConversionListItemSchema), pagination: z.any() }) } },
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
        return sendPage(c, page, conversionListItemJson);
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/conversions',
        tags: ['Conversions'],
        middleware: [requireWriteKey, requirePlan('ultimate', 'Conversion writes')] as const,
        request: { body: { content: { 'application/json': { schema: CreateBody } }, required: true } },
        responses: { 201: data(ConversionSchema, 'Created, pending') },
      }),
      async (c) => {
        const body = c.req.valid('json');
        const currency = parseCurrency(body.currency ?? DEFAULT_CURRENCY);
        if (currency.isErr()) throw ApiError.from(currency.error);
        const result = await useCases.createConversion.execute({
          tenant: c.get('tenant'),
          key: c.get('principal').key,
          campaignId: knownId(body.campaignId, 'Campaign'),
          affiliateId: knownId(body.affiliateId, 'Affiliate'),
          amount: amountOf(body.amount, 'amount'),
          taxAmount: body.taxAmount === undefined ? null : amountOf(body.taxAmount, 'taxAmount'),
          currency: currency.value,
          orderId: body.orderId ?? null,
          clickId: body.clickId ?? null,
          customerEmail: body.customerEmail ?? null,
          customerName: body.customerName ?? null,
        });
        if (result.isErr()) throw ApiError.from(result.error);
        return sendData(c, conversionJson(result.value), 201);
      },
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/conversions/{id}',
        tags: ['Conversions'],
        request: { params: IdParam },
        responses: { 200: data(ConversionSchema, 'The conversion') },
      }),
      async (c) => {
        const detail = await useCases.conversionQueries.get(c.get('tenant'), requireId(c.req.valid('param').id, 'Conversion'));
        if (!detail) throw new ApiError('not_found', 'Conversion not found');
        return sendData(c, conversionJson(detail.conversion, detail.campaignName));
      },
    )
    .openapi(
      createRoute({
        method: 'patch',
        path: '/conversions/{id}',
        tags: ['Conversions'],
        middleware: [requireWriteKey, requirePlan('ultimate', 'Conversion writes')] as const,
        request: { params: IdParam, body: { content: { 'application/json': { schema: PatchBody } }, required: true } },
        responses: { 200: data(ConversionUpdateSchema, 'Updated') },
      }),
      async (c) => {
        const body = c.req.valid('json');
        const result = await useCases.updateConversionStatus.execute({
          tenant: c.get('tenant'),
          id: requireId(c.req.valid('param').id, 'Conversion'),
          status: body.status,
          confirmAboveSale: body.confirmAboveSale === true,
        });
        if (result.isErr()) throw ApiError.from(result.error);
        return sendData(c, conversionUpdateJson(result.value));
      },
    );
