import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { CreateMerchant } from '../../../application/merchants/create-merchant.js';
import type { MerchantFields } from '../../../application/merchants/merchant-input.js';
import type { UpdateMerchant } from '../../../application/merchants/update-merchant.js';
import { checkWebsiteUrl, Decimal, MAX_INVITATION_EXPIRY_DAYS, type CurrencyCode, MAX_PAYOUT_HOLDING_DAYS, PLANS } from '../../../domain/index.js';
import type { AppEnv } from '../app-env.js';
import { ApiError } from '../api-error.js';
import { sendData } from '../envelope.js';
import { requireId } from '../routes/path-id.js';
import type { MerchantDirectory } from '../../../application/ports/merchant-directory.js';
import type { MerchantRepository } from '../../../application/ports/merchant-repository.js';
import { sendPage } from '../envelope.js';
import { pageQuery, PaginationSchema, validationHook } from '../validation.js';
import { merchantJson, MerchantSchema } from './merchant.json.js';

const fields = {
  businessName: z.string().trim().min(1).max(200),
  email: z.email().max(320),
  plan: z.enum(PLANS),
  customDomain: z.string().trim().min(1).max(253).nullable().optional(),
  // The domain's rule (an absolute http or https URL), so the field's problem is reported as any other.
  websiteUrl: z
    .string()
    .trim()
    .nullable()
    .optional()
    .superRefine((value, ctx) => {
      const checked = value === undefined ? null : checkWebsiteUrl(value);
      if (checked?.isErr()) ctx.addIssue({ code: 'custom', message: checked.error.message });
    })
    .openapi({
      description: "The merchant's website (http or https): where visitors of a campaign without a target URL are sent; null removes it (they go to the affiliate portal)",
      example: 'https://shop.example.com',
      'x-extension': true,
    }),
  automaticPayouts: z.boolean().optional(),
  monthlyEarningsCap: z
    .number()
    .min(0)
    .max(1e12)
    .nullable()
    .optional()
    .openapi({ description: "Monthly cap on affiliates' earnings from live sales, in `reportingCurrency`; null: none" }),
  reportingCurrency: z
    .string()
    .regex(/^[A-Za-z]{3}$/)
    .optional()
    .openapi({
      description: 'The one currency every limit compares in (the earnings cap, revenue volume tiers); other currencies convert at their day\'s rate. Default `usd`',
      example: 'usd',
      'x-extension': true,
    }),
  affiliateLimit: z.number().int().min(0).nullable().optional(),
  payoutHoldingDays: z.number().int().min(0).max(MAX_PAYOUT_HOLDING_DAYS).optional(),
  invitationExpiryDays: z
    .number()
    .int()
    .min(1)
    .max(MAX_INVITATION_EXPIRY_DAYS)
    .optional()
    .openapi({ description: 'Days an affiliate invitation stays open before it expires (default 14)', 'x-extension': true }),
};
const CreateBody = z.object(fields).strict().openapi('CreateMerchant');
const PatchBody = z.object(fields).partial().strict().openapi('UpdateMerchant');
const IdParam = z.object({ id: z.string().openapi({ param: { name: 'id', in: 'path' } }) });
const json = <T extends z.ZodType>(schema: T) => ({ content: { 'application/json': { schema } }, required: true });
const merchantResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: z.object({ data: MerchantSchema }) } },
});

type Body = Partial<z.infer<typeof CreateBody>>;
const toFields = (body: Body): Partial<MerchantFields> => {
  const { monthlyEarningsCap, reportingCurrency, ...rest } = body;
  const defined: Partial<MerchantFields> = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined));
  const out: Partial<MerchantFields> =
    reportingCurrency === undefined ? defined : { ...defined, reportingCurrency: reportingCurrency.toLowerCase() as CurrencyCode };
  // JSON numbers become decimals through their shortest decimal text, never through float arithmetic.
  if (monthlyEarningsCap !== undefined) {
    return { ...out, monthlyEarningsCap: monthlyEarningsCap === null ? null : new Decimal(String(monthlyEarningsCap)) };
  }
  return out;
};

export interface MerchantAdminUseCases {
  createMerchant: CreateMerchant;
  updateMerchant: UpdateMerchant;
  merchants: MerchantRepository;
  merchantDirectory: MerchantDirectory;
}

const ListQuery = z.object({
  email: z.string().max(320).optional().openapi({ description: 'Any part of the email, ignoring case', example: 'example.com' }),
  ...pageQuery,
});

export const merchantAdminRoutes = (useCases: MerchantAdminUseCases) =>
  new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
    .openapi(
      createRoute({
        method: 'get',
        path: '/merchants',
        tags: ['Operator'],
        summary: 'Every merchant, newest first',
        description: 'Finds a merchant (for instance to replace a lost key) by any part of its email, ignoring case.',
        request: { query: ListQuery },
        responses: {
          200: {
            description: 'Merchants, newest first',
            content: { 'application/json': { schema: z.object({ data: z.array(MerchantSchema), pagination: PaginationSchema }) } },
          },
        },
      }),
      async (c) => {
        const q = c.req.valid('query');
        const page = await useCases.merchantDirectory.list({ email: q.email?.trim() || undefined }, { page: q.page, limit: q.limit });
        return sendPage(c, page, merchantJson);
      },
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/merchants/{id}',
        tags: ['Operator'],
        summary: 'One merchant',
        description: 'The merchant with its plan, limits and payout settings.',
        request: { params: IdParam },
        responses: { 200: merchantResponse('The merchant') },
      }),
      async (c) => {
        const merchant = await useCases.merchants.findById(requireId(c.req.valid('param').id, 'Merchant'));
        if (!merchant) throw new ApiError('not_found', 'Merchant not found');
        return sendData(c, merchantJson(merchant));
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/merchants',
        tags: ['Operator'],
        summary: 'Provision a merchant (plan, custom domain, payouts, limits)',
        request: { body: json(CreateBody) },
        responses: { 201: merchantResponse('Created') },
      }),
      async (c) => {
        const body = c.req.valid('json');
        const merchant = await useCases.createMerchant.execute({
          ...(toFields(body) as MerchantFields),
          businessName: body.businessName,
          email: body.email,
          plan: body.plan,
        });
        c.set('auditMerchantId', merchant.id);
        return sendData(c, merchantJson(merchant), 201);
      },
    )
    .openapi(
      createRoute({
        method: 'patch',
        path: '/merchants/{id}',
        tags: ['Operator'],
        summary: 'Change a merchant; a downgrade from scale cancels its unpaid awards',
        request: { params: IdParam, body: json(PatchBody) },
        responses: { 200: merchantResponse('Updated') },
      }),
      async (c) => {
        const id = requireId(c.req.valid('param').id, 'Merchant');
        c.set('auditMerchantId', id);
        const result = await useCases.updateMerchant.execute(id, toFields(c.req.valid('json')));
        if (result.isErr()) throw ApiError.from(result.error);
        return sendData(c, merchantJson(result.value));
      },
    );
