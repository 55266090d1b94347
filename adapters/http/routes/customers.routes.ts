import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { LinkCustomer } from '../../../application/customers/link-customer.js';
import type { CustomerLead, CustomerLeads, CustomerLeadView } from '../../../application/ports/customer-leads.js';
import { COUPON_PROVIDERS, LEAD_SOURCES } from '../../../domain/index.js';
import type { AppEnv } from '../app-env.js';
import { ApiError } from '../api-error.js';
import { sendData, sendPage } from '../envelope.js';
import { requirePlan, requireWriteKey } from '../middleware/guards.js';
import { pageQuery, PaginationSchema, validationHook } from '../validation.js';
import { knownId } from './path-id.js';

export const CustomerSchema = z
  .object({
    id: z.string(),
    email: z.string().nullable(),
    provider: z.enum(COUPON_PROVIDERS).nullable().openapi({ description: 'The payment provider `providerCustomerId` belongs to' }),
    providerCustomerId: z.string().nullable(),
    affiliateId: z.string(),
    campaignId: z.string(),
    clickId: z.string().nullable().openapi({ description: 'The click that brought the customer; null when linked by affiliate and campaign' }),
    source: z.enum(LEAD_SOURCES).openapi({ description: "Who linked the customer: `tracking_script` (the page's `lead()`), `api` (`POST /customers`) or a provider token (its customer notification)" }),
    isTest: z.boolean(),
    createdAt: z.string(),
  })
  .openapi('Customer', { 'x-extension': true });

const CustomerListItemSchema = CustomerSchema.extend({
  affiliateName: z.string(),
  affiliateEmail: z.string(),
  campaignName: z.string(),
  clickedAt: z.string().nullable().openapi({ description: 'When the first click happened' }),
}).openapi('CustomerListItem', { 'x-extension': true });

const customerJson = (lead: CustomerLead) => ({
  id: lead.id,
  email: lead.email,
  provider: lead.provider,
  providerCustomerId: lead.providerCustomerId,
  affiliateId: lead.affiliateId,
  campaignId: lead.campaignId,
  clickId: lead.clickId,
  source: lead.source,
  isTest: lead.mode === 'test',
  createdAt: lead.createdAt.toISOString(),
});

const customerListItemJson = (lead: CustomerLeadView) => ({
  ...customerJson(lead),
  affiliateName: lead.affiliateName,
  affiliateEmail: lead.affiliateEmail,
  campaignName: lead.campaignName,
  clickedAt: lead.clickedAt?.toISOString() ?? null,
});

const CreateBody = z
  .object({
    clickId: z.string().min(1).optional().openapi({ description: 'The click that brought the customer (the tracking link\'s `click_id`); or send affiliateId and campaignId' }),
    affiliateId: z.string().min(1).optional().openapi({ description: 'With campaignId, when there is no click: the affiliate must be approved on the campaign' }),
    campaignId: z.string().min(1).optional(),
    email: z.email().max(320).optional(),
    providerCustomerId: z.string().trim().min(1).max(255).optional().openapi({ description: "The payment provider's customer id (e.g. the card processor's `cus_…`): the provider's later sales of this customer are attributed to the affiliate" }),
    provider: z.enum(COUPON_PROVIDERS).optional().openapi({ description: 'Whose customer id `providerCustomerId` is; default `card`' }),
  })
  .strict()
  .openapi('CreateCustomer', { 'x-extension': true });

export interface CustomerRouteDependencies {
  readonly linkCustomer: LinkCustomer;
  readonly leads: CustomerLeads;
}

const attributionOf = (body: z.infer<typeof CreateBody>) => {
  const direct = body.affiliateId !== undefined || body.campaignId !== undefined;
  if (body.clickId !== undefined && direct) {
    throw new ApiError('validation_error', 'Send either clickId or affiliateId with campaignId', [{ field: 'clickId', message: 'cannot be combined with affiliateId/campaignId' }]);
  }
  if (body.clickId !== undefined) return { clickId: body.clickId };
  if (body.affiliateId === undefined || body.campaignId === undefined) {
    throw new ApiError('validation_error', 'Send clickId, or affiliateId with campaignId', [{ field: body.affiliateId === undefined ? 'affiliateId' : 'campaignId', message: 'is required without clickId' }]);
  }
  return { affiliateId: knownId(body.affiliateId, 'Affiliate'), campaignId: knownId(body.campaignId, 'Campaign') };
};

/** `/customers` (extension): leads, customers linked to the affiliate who referred them, in the key's mode. */
export const customerRoutes = (deps: CustomerRouteDependencies) =>
  new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
    .openapi(
      createRoute({
        method: 'get',
        path: '/customers',
        tags: ['Customers'],
        summary: "The key mode's leads: customers linked to an affiliate, newest first",
        description: 'Each with its affiliate, campaign and the click that brought it. Counted in `GET /stats` as `totalLeads`.',
        request: { query: z.object({ ...pageQuery }) },
        responses: {
          200: {
            description: 'Leads, newest first',
            content: { 'application/json': { schema: z.object({ data: z.array(CustomerListItemSchema), pagination: PaginationSchema }) } },
          },
        },
      }),
      async (c) => {
        const q = c.req.valid('query');
        return sendPage(c, await deps.leads.list(c.get('tenant'), { page: q.page, limit: q.limit }), customerListItemJson);
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/customers',
        tags: ['Customers'],
        summary: 'Link a customer to the affiliate who referred them (a lead), from your server',
        description:
          'Needs a write key (Ultimate or Scale). Name the referrer by `clickId` (the tenant\'s click, inside its campaign\'s attribution window, else `404 not_found`) or by `affiliateId` and `campaignId` (approved on the campaign, else `400 affiliate_not_approved`). `email` or `providerCustomerId` is required. A customer already linked keeps its first link: `200` with that link; a new one answers `201`. With `providerCustomerId`, the provider\'s later sales of the customer are attributed to the affiliate.',
        middleware: [requireWriteKey, requirePlan('ultimate', 'Customer writes')] as const,
        request: { body: { content: { 'application/json': { schema: CreateBody } }, required: true } },
        responses: {
          200: { description: 'Already linked: the first link', content: { 'application/json': { schema: z.object({ data: CustomerSchema }) } } },
          201: { description: 'Linked', content: { 'application/json': { schema: z.object({ data: CustomerSchema }) } } },
        },
      }),
      async (c) => {
        const body = c.req.valid('json');
        const result = await deps.linkCustomer.execute({
          tenant: c.get('tenant'),
          attribution: attributionOf(body),
          email: body.email ?? null,
          provider: body.providerCustomerId === undefined ? null : (body.provider ?? 'card'),
          providerCustomerId: body.providerCustomerId ?? null,
          source: 'api',
        });
        if (result.isErr()) throw ApiError.from(result.error);
        return result.value.linked ? sendData(c, customerJson(result.value.lead), 201) : sendData(c, customerJson(result.value.lead), 200);
      },
    );
