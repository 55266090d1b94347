import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { PersonalDataRequests } from '../../../application/privacy/personal-data-requests.js';
import type { AppEnv } from '../app-env.js';
import { ApiError } from '../api-error.js';
import { sendData } from '../envelope.js';
import { requireWriteKey } from '../middleware/guards.js';
import { validationHook } from '../validation.js';
import { requireId } from './path-id.js';

export interface PrivacyRouteDependencies {
  readonly personalData: PersonalDataRequests;
}

const tags = ['Personal data'];
const IdParam = z.object({ id: z.string().openapi({ param: { name: 'id', in: 'path' } }) });
const records = z.array(z.record(z.string(), z.unknown()));

export const AffiliateDataExportSchema = z
  .object({
    exportedAt: z.string(),
    affiliate: z.record(z.string(), z.unknown()).openapi({ description: 'The profile: email, name, ref code, payout method and email, whether it has a portal login' }),
    memberships: records,
    invitations: records,
    taxDetails: records.openapi({ description: 'Each version of the tax form, as summarized (the sealed form itself is never shown)' }),
    connectedAccounts: records,
    coupons: records,
    teams: records,
    commissions: records.openapi({ description: 'Sales attributed to the affiliate, without the customers’ own data' }),
    payouts: records,
    payments: records,
    clicks: z.object({ count: z.number().int(), first: z.string().nullable(), last: z.string().nullable() }),
    portalActivity: records.openapi({ description: 'The latest thousand portal requests: method, path, status, address and browser' }),
  })
  .openapi('AffiliateDataExport', { 'x-extension': true });

const ErasedAffiliateSchema = z.object({ affiliateId: z.string(), erasedAt: z.string() }).openapi('ErasedAffiliate', { 'x-extension': true });
const ErasedCustomerSchema = z
  .object({ customers: z.number().int(), commissions: z.number().int().openapi({ description: 'Sales whose customer email and name were removed' }), erasedAt: z.string() })
  .openapi('ErasedCustomer', { 'x-extension': true });
const EraseCustomerBody = z.object({ email: z.email().max(320).openapi({ example: 'grace@example.com' }) }).openapi('EraseCustomer', { example: { email: 'grace@example.com' } });

const dataOf = <T extends z.ZodType>(schema: T, description: string) => ({ description, content: { 'application/json': { schema: z.object({ data: schema }) } } });

/** Personal data on request (docs/privacy.md): an affiliate's copy, and erasure of an affiliate or a customer. */
export const privacyRoutes = (deps: PrivacyRouteDependencies) =>
  new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
    .openapi(
      createRoute({
        method: 'get',
        path: '/affiliates/{id}/data-export',
        tags,
        summary: 'Everything held about one affiliate at this merchant, as JSON',
        description: 'The affiliate’s own copy (also downloadable in the portal). An affiliate without a membership in the key’s mode, or of another merchant, answers `404 not_found`.',
        request: { params: IdParam },
        responses: { 200: dataOf(AffiliateDataExportSchema, 'The data') },
      }),
      async (c) => {
        const result = await deps.personalData.exportAffiliate(c.get('tenant'), requireId(c.req.valid('param').id, 'Affiliate'));
        if (result.isErr()) throw ApiError.from(result.error);
        // The records are plain JSON documents from the database; the schema describes their shape.
        return sendData(c, result.value as unknown as z.infer<typeof AffiliateDataExportSchema>);
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/affiliates/{id}/erase',
        tags,
        summary: 'Erase an affiliate’s personal data (cannot be undone)',
        description:
          'Write keys. Email, name, payout email and ref code are replaced, the portal login, sessions, sign-in links, tax forms and connected payout accounts removed, and copies of these values in events, mails and stored answers replaced. Commissions and payouts stay, with the affiliate anonymised; the audit row of this request stays. Erasing again answers the same. Records the internal `affiliate.erased` event.',
        middleware: [requireWriteKey] as const,
        request: { params: IdParam },
        responses: { 200: dataOf(ErasedAffiliateSchema, 'Erased') },
      }),
      async (c) => {
        const result = await deps.personalData.eraseAffiliate(c.get('tenant'), requireId(c.req.valid('param').id, 'Affiliate'));
        if (result.isErr()) throw ApiError.from(result.error);
        return sendData(c, { affiliateId: result.value.affiliateId, erasedAt: result.value.erasedAt.toISOString() });
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/customers/erase',
        tags,
        summary: 'Erase a customer’s personal data by email (cannot be undone)',
        description:
          'Write keys. The key’s mode: the customer’s email goes from its customer records and from the sales it made (customer email and name), and copies in events, mails and stored provider notifications are replaced. The sales and their commissions stay. An email nothing names answers zero counts. Records the internal `customer.erased` event when something changed.',
        middleware: [requireWriteKey] as const,
        request: { body: { content: { 'application/json': { schema: EraseCustomerBody } }, required: true } },
        responses: { 200: dataOf(ErasedCustomerSchema, 'Erased') },
      }),
      async (c) => {
        const result = await deps.personalData.eraseCustomer(c.get('tenant'), c.req.valid('json').email);
        if (result.isErr()) throw ApiError.from(result.error);
        return sendData(c, { customers: result.value.customers, commissions: result.value.commissions, erasedAt: result.value.erasedAt.toISOString() });
      },
    );
