import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { PayoutConfiguration } from '../../../application/payouts/payout-configuration.js';
import type { ConfiguredPayoutProvider } from '../../../application/ports/payout-credential-store.js';
import { PAYOUT_METHODS, type Mode } from '../../../domain/index.js';
import type { AppEnv } from '../app-env.js';
import { ApiError } from '../api-error.js';
import { sendData } from '../envelope.js';
import { requirePlan, requireWriteKey } from '../middleware/guards.js';
import { validationHook } from '../validation.js';
import { requirePayoutManagement } from './payout-configuration.guards.js';

const MethodParam = z.object({
  method: z.enum(PAYOUT_METHODS).openapi({ param: { name: 'method', in: 'path' }, example: 'connect' }),
});

const ConfiguredSchema = z
  .object({
    method: z.enum(PAYOUT_METHODS),
    mode: z.enum(['live', 'test']),
    configured: z.literal(true),
    updatedAt: z.string(),
  })
  .openapi('PayoutProvider', { 'x-extension': true, description: 'A configured payout method; its credentials are never returned' });

const CredentialsBody = z
  .object({
    secretKey: z.string().optional().openapi({ description: '`connect`: the card processor secret key (`sk_live_…` with a live API key, `sk_test_…` with a test key) or a restricted key' }),
    clientId: z.string().optional().openapi({ description: '`wallet_a`: the REST app client id' }),
    clientSecret: z.string().optional().openapi({ description: '`wallet_a`: the REST app secret' }),
    apiToken: z.string().optional().openapi({ description: '`transfer_b`: the API token' }),
    profileId: z.union([z.string(), z.number().int()]).optional().openapi({ description: '`transfer_b`: the business profile id that pays' }),
  })
  .openapi('PayoutProviderCredentials', { example: { secretKey: 'sk_test_51Hexample0000' } });

const configuredJson = (p: ConfiguredPayoutProvider, mode: Mode) => ({ method: p.method, mode, configured: true as const, updatedAt: p.updatedAt.toISOString() });

const plan = requirePlan('ultimate', 'Payout providers');
const tags = ['Payouts'];

/** `/payout-providers`: each method's credentials for the key's mode (write-only secrets). */
export const payoutProviderRoutes = (configuration: PayoutConfiguration) =>
  new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
    .openapi(
      createRoute({
        method: 'get',
        path: '/payout-providers',
        tags,
        summary: 'The payout methods configured for the key mode (never a secret)',
        description: 'Ultimate and Scale. Lists `{ method, mode, configured, updatedAt }` for each method whose credentials are saved.',
        middleware: [plan] as const,
        responses: {
          200: {
            description: 'Configured methods',
            content: { 'application/json': { schema: z.object({ data: z.array(ConfiguredSchema) }), example: { data: [{ method: 'connect', mode: 'live', configured: true, updatedAt: '2026-11-26T10:00:00.000Z' }] } } },
          },
        },
      }),
      async (c) => {
        const tenant = c.get('tenant');
        return sendData(c, (await configuration.listProviders(tenant)).map((p) => configuredJson(p, tenant.mode)));
      },
    )
    .openapi(
      createRoute({
        method: 'put',
        path: '/payout-providers/{method}',
        tags,
        summary: "Save a payout method's credentials for the key mode",
        description:
          'Ultimate and Scale write keys; team-member keys need Manage payouts. `connect` takes `{ secretKey }`, `wallet_a` `{ clientId, clientSecret }`, `transfer_b` `{ apiToken, profileId }`. A live key saves live credentials, a test key test ones; a card-processor key of the other mode is refused. Secrets are encrypted at rest and never returned.',
        middleware: [plan, requireWriteKey, requirePayoutManagement] as const,
        request: { params: MethodParam, body: { content: { 'application/json': { schema: CredentialsBody } }, required: true } },
        responses: { 200: { description: 'Saved', content: { 'application/json': { schema: z.object({ data: ConfiguredSchema }) } } } },
      }),
      async (c) => {
        const tenant = c.get('tenant');
        const result = await configuration.saveCredentials(tenant, c.req.valid('param').method, c.req.valid('json'));
        if (result.isErr()) throw ApiError.from(result.error);
        return sendData(c, configuredJson(result.value, tenant.mode));
      },
    )
    .openapi(
      createRoute({
        method: 'delete',
        path: '/payout-providers/{method}',
        tags,
        summary: "Remove a payout method's credentials for the key mode",
        description: 'Ultimate and Scale write keys; team-member keys need Manage payouts. Live payouts of that method then wait for the manual path; test payouts use the sandbox.',
        middleware: [plan, requireWriteKey, requirePayoutManagement] as const,
        request: { params: MethodParam },
        responses: {
          200: {
            description: 'Removed',
            content: { 'application/json': { schema: z.object({ data: z.object({ method: z.enum(PAYOUT_METHODS), mode: z.enum(['live', 'test']), configured: z.literal(false) }) }) } },
          },
        },
      }),
      async (c) => {
        const tenant = c.get('tenant');
        const method = c.req.valid('param').method;
        const result = await configuration.removeCredentials(tenant, method);
        if (result.isErr()) throw ApiError.from(result.error);
        return sendData(c, { method, mode: tenant.mode, configured: false as const });
      },
    );
