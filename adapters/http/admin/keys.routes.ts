import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { IssueApiKey } from '../../../application/api-keys/issue-api-key.js';
import type { RevokeApiKey } from '../../../application/api-keys/revoke-api-key.js';
import { MODES } from '../../../domain/index.js';
import type { AppEnv } from '../app-env.js';
import { ApiError } from '../api-error.js';
import { sendData } from '../envelope.js';
import { requireId } from '../routes/path-id.js';
import type { ApiKey } from '../../../application/api-keys/api-key.js';
import type { MerchantDirectory } from '../../../application/ports/merchant-directory.js';
import type { MerchantRepository } from '../../../application/ports/merchant-repository.js';
import { validationHook } from '../validation.js';

const CreateKeyBody = z
  .object({
    mode: z.enum(MODES),
    write: z.boolean(),
    name: z.string().trim().min(1).max(100).optional(),
    createdBy: z.enum(['owner', 'team_member']).optional(),
    managePayouts: z.boolean().optional(),
  })
  .strict()
  .openapi('CreateApiKey');

/** What every answer about a key shows of it, the issued one and the listed ones alike. */
const KeyFields = {
  id: z.string(),
  name: z.string(),
  mode: z.enum(MODES),
  permissions: z.object({ read: z.boolean(), write: z.boolean() }),
  createdBy: z.enum(['owner', 'team_member']),
  managePayouts: z.boolean(),
};

const keyFieldsJson = (key: ApiKey) => ({
  id: key.id,
  name: key.name,
  mode: key.mode,
  permissions: { read: true, write: key.permissions.write },
  createdBy: key.createdBy,
  managePayouts: key.managePayouts,
});

const IssuedKeySchema = z
  .object({
    ...KeyFields,
    key: z.string().openapi({ description: 'The full key; shown only in this response' }),
  })
  .openapi('IssuedApiKey');

const pathParam = (name: string) => z.object({ [name]: z.string().openapi({ param: { name, in: 'path' } }) });

export interface KeyAdminUseCases {
  issueApiKey: IssueApiKey;
  revokeApiKey: RevokeApiKey;
  merchants: MerchantRepository;
  merchantDirectory: MerchantDirectory;
}

const ApiKeySummarySchema = z
  .object({
    ...KeyFields,
    prefix: z.string().openapi({ description: 'The start of the key (mode and the public lookup part), to tell keys apart; never enough to authenticate' }),
    createdAt: z.string(),
    revokedAt: z.string().nullable(),
  })
  .openapi('ApiKeySummary');

const keySummaryJson = (key: ApiKey): z.infer<typeof ApiKeySummarySchema> => ({
  ...keyFieldsJson(key),
  prefix: `svc_pk_${key.mode}_${key.lookup}`,
  createdAt: key.createdAt.toISOString(),
  revokedAt: key.revokedAt?.toISOString() ?? null,
});

export const keyAdminRoutes = (useCases: KeyAdminUseCases) =>
  new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
    .openapi(
      createRoute({
        method: 'get',
        path: '/merchants/{id}/keys',
        tags: ['Operator'],
        summary: "A merchant's API keys, without their secrets",
        description:
          'Every key, revoked ones included, newest first. The secret is never stored (only its hash), so it cannot be shown: a lost key is replaced by issuing a new one and revoking the old.',
        request: { params: pathParam('id') },
        responses: {
          200: { description: 'The keys', content: { 'application/json': { schema: z.object({ data: z.array(ApiKeySummarySchema) }) } } },
        },
      }),
      async (c) => {
        const merchantId = requireId(c.req.valid('param').id as string, 'Merchant');
        if (!(await useCases.merchants.findById(merchantId))) throw new ApiError('not_found', 'Merchant not found');
        return sendData(c, (await useCases.merchantDirectory.keys(merchantId)).map(keySummaryJson));
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/merchants/{id}/keys',
        tags: ['Operator'],
        summary: 'Issue an API key; the full key is shown only in this response',
        request: { params: pathParam('id'), body: { content: { 'application/json': { schema: CreateKeyBody } }, required: true } },
        responses: { 201: { description: 'Issued', content: { 'application/json': { schema: z.object({ data: IssuedKeySchema }) } } } },
      }),
      async (c) => {
        const merchantId = requireId(c.req.valid('param').id as string, 'Merchant');
        c.set('auditMerchantId', merchantId);
        const result = await useCases.issueApiKey.execute({ merchantId, ...c.req.valid('json') });
        if (result.isErr()) throw ApiError.from(result.error);
        const { key, token } = result.value;
        return sendData(c, { ...keyFieldsJson(key), key: token }, 201);
      },
    )
    .openapi(
      createRoute({
        method: 'delete',
        path: '/keys/{keyId}',
        tags: ['Operator'],
        summary: 'Revoke a key: it answers 401 from then on',
        request: { params: pathParam('keyId') },
        responses: {
          200: {
            description: 'Revoked',
            content: { 'application/json': { schema: z.object({ data: z.object({ id: z.string(), revoked: z.literal(true) }) }) } },
          },
        },
      }),
      async (c) => {
        const result = await useCases.revokeApiKey.execute(requireId(c.req.valid('param').keyId as string, 'API key'));
        if (result.isErr()) throw ApiError.from(result.error);
        return sendData(c, result.value);
      },
    );
