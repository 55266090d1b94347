import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { CAMPAIGN_SORT_FIELDS, type CampaignSortField } from '../../../application/campaigns/campaign-stats.js';
import type { CreateCampaign } from '../../../application/campaigns/create-campaign.js';
import type { GetCampaign } from '../../../application/campaigns/get-campaign.js';
import type { ListCampaigns } from '../../../application/campaigns/list-campaigns.js';
import type { UpdateCampaign } from '../../../application/campaigns/update-campaign.js';
import { AUTO_APPROVE_COMMISSION_DAYS, CAMPAIGN_STATUSES, Decimal, type CampaignPatch } from '../../../domain/index.js';
import type { AppEnv } from '../app-env.js';
import { ApiError } from '../api-error.js';
import { sendData, sendPage } from '../envelope.js';
import { requestOriginOf } from '../middleware/audit.js';
import { requireLiveKey, requirePlan, requireWriteKey } from '../middleware/guards.js';
import { pageQuery, validationHook } from '../validation.js';
import { campaignDetailJson, CampaignDetailSchema, campaignJson, CampaignSchema, CommissionTiersSchema, tiersFromJson } from './campaign.json.js';
import { requireId } from './path-id.js';
import { parseSort, sortParam } from './sort.js';

export const CreateCampaignBody = z
  .object({
    name: z.string().trim().min(2).max(200),
    commissionType: z.enum(['percentage', 'fixed']),
    commissionValue: z.number().openapi({ description: 'Percent (max 100) or fixed amount (max 100000)', example: 20 }),
    status: z.enum(CAMPAIGN_STATUSES).optional(),
    description: z.string().max(5000).nullable().optional(),
    targetUrl: z.string().max(2048).nullable().optional(),
    autoApproveAffiliates: z.boolean().optional(),
    autoApproveCommissionsAfterDays: z
      .number()
      .int()
      .nullable()
      .optional()
      .openapi({ enum: [...AUTO_APPROVE_COMMISSION_DAYS, null], description: '7, 14, 30, 60, 90 or null; needs Manage payouts on team-member keys' }),
    isPublic: z.boolean().optional(),
    enableRecurringCommissions: z.boolean().optional(),
    commissionTiers: CommissionTiersSchema.nullable().optional(),
    recurringCommissionMonths: z.number().int().min(1).max(120).nullable().optional().openapi({
      'x-extension': true,
      description: 'Months after the first sale during which renewals earn commission (with enableRecurringCommissions); null or absent = lifetime',
      example: 12,
    }),
    attributionWindowDays: z.number().int().min(1).max(365).optional().openapi({
      'x-extension': true,
      description: 'How many days after a click a sale is still attributed to it (default 30)',
      example: 30,
    }),
  })
  .openapi('CreateCampaign');

/** ISO 8601: a date (`2026-12-31`, midnight UTC) or a date-time with its offset. */
const isoInstant = z
  .string()
  .refine((v) => /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2}))?$/.test(v) && !Number.isNaN(Date.parse(v)), {
    message: 'must be an ISO 8601 date or date-time',
  });

export const UpdateCampaignBody = z
  .object({
    name: z.string().trim().min(2).max(200).optional(),
    description: z.string().max(5000).nullable().optional(),
    targetUrl: z.string().max(2048).nullable().optional(),
    commissionType: z.enum(['percentage', 'fixed']).optional(),
    commissionValue: z.number().optional().openapi({ description: 'Percent (max 100) or fixed amount (max 100000); applies to sales made from now on' }),
    status: z.enum(CAMPAIGN_STATUSES).optional().openapi({ description: '`active` ↔ `inactive` (pause, resume); either → `expired` (final)' }),
    autoApproveAffiliates: z.boolean().optional(),
    autoApproveCommissionsAfterDays: z
      .number()
      .int()
      .nullable()
      .optional()
      .openapi({ enum: [...AUTO_APPROVE_COMMISSION_DAYS, null], description: '7, 14, 30, 60, 90 or null; changing it needs Manage payouts on team-member keys' }),
    isPublic: z.boolean().optional(),
    enableRecurringCommissions: z.boolean().optional(),
    recurringCommissionMonths: z
      .number()
      .int()
      .nullable()
      .optional()
      .openapi({ description: 'Months of renewals that earn commission (1 to 120), or null for the lifetime; applies to new sales', 'x-extension': true }),
    attributionWindowDays: z
      .number()
      .int()
      .optional()
      .openapi({ description: 'How many days after a click a sale is still attributed to it (1 to 365)', 'x-extension': true }),
    endsAt: isoInstant.nullable().optional().openapi({
      description: 'When the campaign ends (ISO 8601 date or date-time, later than now), or null for no end; a job then moves it to `expired`',
      example: '2026-12-31T23:59:59Z',
      'x-extension': true,
    }),
  })
  .openapi('UpdateCampaign', { example: { commissionValue: 25, endsAt: '2026-12-31T23:59:59Z' } });

export type UpdateCampaignBody = z.infer<typeof UpdateCampaignBody>;

/** The validated body as the use case takes it (shared with the assistant's `update_campaign`). */
export const toCampaignPatch = ({ commissionValue, endsAt, ...body }: UpdateCampaignBody): CampaignPatch => ({
  ...body,
  // The JSON number enters as its shortest decimal text, never through float arithmetic.
  ...(commissionValue === undefined ? {} : { commissionValue: new Decimal(String(commissionValue)) }),
  ...(endsAt === undefined ? {} : { endsAt: endsAt === null ? null : new Date(endsAt) }),
});

const ListQuery = z.object({ ...pageQuery, sort: sortParam(CAMPAIGN_SORT_FIELDS, 'createdAt:desc') });
const IdParam = z.object({ id: z.string().openapi({ param: { name: 'id', in: 'path' } }) });
const dataOf = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { 'application/json': { schema: z.object({ data: schema }) } },
});

export interface CampaignUseCases {
  listCampaigns: ListCampaigns;
  createCampaign: CreateCampaign;
  getCampaign: GetCampaign;
  updateCampaign: UpdateCampaign;
}

/** `/campaigns`: campaigns are live objects both modes read; their counts follow the key's mode. */
export const campaignRoutes = (useCases: CampaignUseCases) =>
  new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
    .openapi(
      createRoute({
        method: 'get',
        path: '/campaigns',
        tags: ['Campaigns'],
        summary: "The merchant's campaigns with sales counted in the key's mode",
        request: { query: ListQuery },
        responses: {
          200: {
            description: 'A page of campaigns',
            content: {
              'application/json': {
                schema: z.object({
                  data: z.array(CampaignSchema),
                  pagination: z.object({ page: z.number(), limit: z.number(), total: z.number(), totalPages: z.number() }),
                }),
              },
            },
          },
        },
      }),
      async (c) => {
        const { page, limit, sort } = c.req.valid('query');
        const result = await useCases.listCampaigns.execute(c.get('tenant'), { page, limit }, parseSort<CampaignSortField>(sort));
        return sendPage(c, result, campaignJson);
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/campaigns',
        tags: ['Campaigns'],
        summary: 'Create a campaign (Ultimate or Scale, live write key)',
        middleware: [requirePlan('ultimate', 'Creating campaigns'), requireWriteKey, requireLiveKey('Creating campaigns')] as const,
        request: { body: { content: { 'application/json': { schema: CreateCampaignBody } }, required: true } },
        responses: { 201: dataOf(CampaignSchema, 'Created') },
      }),
      async (c) => {
        const body = c.req.valid('json');
        const { actor, merchant } = c.get('principal');
        const result = await useCases.createCampaign.execute({
          merchantId: merchant.id,
          actor,
          // The JSON number enters as its shortest decimal text, never through float arithmetic.
          campaign: { ...body, commissionValue: new Decimal(String(body.commissionValue)), commissionTiers: tiersFromJson(body.commissionTiers ?? null) },
        });
        if (result.isErr()) throw ApiError.from(result.error);
        return sendData(c, campaignJson(result.value), 201);
      },
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/campaigns/{id}',
        tags: ['Campaigns'],
        summary: 'One campaign with per-currency figures, affiliate count and the 10 newest conversions',
        request: { params: IdParam },
        responses: { 200: dataOf(CampaignDetailSchema, 'The campaign') },
      }),
      async (c) => {
        const id = requireId(c.req.valid('param').id, 'Campaign');
        const result = await useCases.getCampaign.execute(c.get('tenant'), id);
        if (result.isErr()) throw ApiError.from(result.error);
        return sendData(c, campaignDetailJson(result.value));
      },
    )
    .openapi(
      createRoute({
        method: 'patch',
        path: '/campaigns/{id}',
        tags: ['Campaigns'],
        summary: 'Change, pause, resume or end a campaign (Ultimate or Scale, live write key)',
        description:
          "Any of the listed fields; absent ones stay. The same rules as create apply to the campaign as it would be (`400 validation_error`, nothing changed). `status` moves `active` ↔ `inactive` and either to `expired`, which is final (`409 invalid_transition`). `endsAt` must be later than now; once it passes, a job moves the campaign to `expired`. A new rate applies to sales made from then on: existing conversions keep their commission and the terms it was computed under (a later partial refund uses them). An inactive or expired campaign's tracking links still send visitors on but record no click, and new conversions are refused (`400 validation_error` on `campaignId`). Changing `autoApproveCommissionsAfterDays` needs Manage payouts on team-member keys. Emits `campaign.updated` when anything changed. Answers the campaign as Get Campaign does.",
        middleware: [requirePlan('ultimate', 'Changing campaigns'), requireWriteKey, requireLiveKey('Changing campaigns')] as const,
        request: { params: IdParam, body: { content: { 'application/json': { schema: UpdateCampaignBody } }, required: true } },
        responses: { 200: dataOf(CampaignDetailSchema, 'The campaign after the change') },
      }),
      async (c) => {
        const id = requireId(c.req.valid('param').id, 'Campaign');
        const result = await useCases.updateCampaign.execute({
          tenant: c.get('tenant'),
          actor: c.get('principal').actor,
          id,
          patch: toCampaignPatch(c.req.valid('json')),
          // The change records the request's audit row with it.
          origin: requestOriginOf(c, 200),
        });
        if (result.isErr()) throw ApiError.from(result.error);
        return sendData(c, campaignDetailJson(result.value));
      },
    );
