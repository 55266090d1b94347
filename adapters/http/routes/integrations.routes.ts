import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { ManageIntegrations } from '../../../application/integrations/manage-integrations.js';
import type { ReplayProviderSale } from '../../../application/sales/replay-provider-sale.js';
import { COUPON_PROVIDERS } from '../../../domain/index.js';
import type { AppEnv } from '../app-env.js';
import { ApiError } from '../api-error.js';
import { sendData, sendPage } from '../envelope.js';
import { requirePlan, requireWriteKey } from '../middleware/guards.js';
import { pageQuery, PaginationSchema, validationHook } from '../validation.js';
import { integrationEventJson, IntegrationEventSchema, integrationJson, IntegrationSchema, ReplaySchema, replayJson } from './integration.json.js';
import { requireId } from './path-id.js';

export interface IntegrationRouteDependencies {
  readonly manageIntegrations: ManageIntegrations;
  readonly replayProviderSale: ReplayProviderSale;
  /** Where the service is reached (`PUBLIC_BASE_URL`), for endpoint URLs. */
  readonly publicBaseUrl: string;
}

const Secret = z
  .string()
  .min(1)
  .max(500)
  .openapi({ description: "The provider's signing secret for this endpoint (write-only; never returned). Required for every provider but `app_store`, which has none", example: 'whsec_…' });
const Name = z.string().max(120).nullable().openapi({ example: 'Stripe (main account)' });
const BundleId = z
  .string()
  .min(1)
  .max(155)
  .openapi({ description: '`app_store` only, and required there: the app\'s bundle id; notifications for another app are recorded as ignored', example: 'com.example.app' });
const AppAppleId = z
  .number()
  .int()
  .positive()
  .openapi({ description: "`app_store` only: the app's Apple ID (App Store Connect, App Information); required for live integrations (Apple's Production environment)", example: 1234567890 });
const CreateBody = z
  .object({ provider: z.enum(COUPON_PROVIDERS), signingSecret: Secret.optional(), name: Name.optional(), bundleId: BundleId.optional(), appAppleId: AppAppleId.optional() })
  .openapi('CreateIntegration', { 'x-extension': true });
export const PatchBody = z
  .object({
    signingSecret: Secret.optional(),
    active: z.boolean().optional(),
    name: Name.optional(),
    bundleId: BundleId.optional(),
    appAppleId: AppAppleId.nullable().optional(),
  })
  .refine((b) => Object.keys(b).length > 0, { message: 'give at least one of signingSecret, active, name, bundleId, appAppleId' })
  .openapi('UpdateIntegration', { 'x-extension': true });
const IdParam = z.object({ id: z.string().openapi({ param: { name: 'id', in: 'path' } }) });
const EventParams = IdParam.extend({ eventId: z.string().openapi({ param: { name: 'eventId', in: 'path' }, description: 'The delivery\'s `id` in the events log (not the provider\'s event id)' }) });
const dataOf = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { 'application/json': { schema: z.object({ data: schema }) } },
});
const pageOf = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { 'application/json': { schema: z.object({ data: z.array(schema), pagination: PaginationSchema }) } },
});

const plan = requirePlan('ultimate', 'Integrations');
const tags = ['Integrations'];

/** `/integrations` (extension; Ultimate and Scale): payment-provider connections of the key's mode. */
export const integrationRoutes = (deps: IntegrationRouteDependencies) => {
  const { manageIntegrations: manage, publicBaseUrl } = deps;
  const json = (i: Parameters<typeof integrationJson>[0]) => integrationJson(i, publicBaseUrl);
  return new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
    .openapi(
      createRoute({
        method: 'post',
        path: '/integrations',
        tags,
        summary: 'Connect a payment provider',
        description:
          "Creates an integration in the key's mode and answers its `endpointUrl`: paste that URL into the provider. `card` (Stripe events), `mor_a` (Paddle Billing), `mor_b` (Lemon Squeezy) and `mor_c` (Polar) take the provider's `signingSecret`; `app_store` takes no secret but the app's `bundleId` and, for live, its `appAppleId` (live reads Apple's Production notifications, test its Sandbox), and needs the operator to have configured Apple's root certificates (`APP_STORE_ROOT_CERTS`; 400 says so otherwise).",
        middleware: [plan, requireWriteKey] as const,
        // "Try it out" must succeed on any service, and app_store needs the operator's root certificates.
        request: { body: { content: { 'application/json': { schema: CreateBody, example: { provider: 'card', signingSecret: 'whsec_5a1e0c7d2b9f4e8a', name: 'Stripe' } } }, required: true } },
        responses: { 201: dataOf(IntegrationSchema, 'Created') },
      }),
      async (c) => {
        const result = await manage.create(c.get('tenant'), c.get('principal').actor, c.req.valid('json'));
        if (result.isErr()) throw ApiError.from(result.error);
        return sendData(c, json(result.value), 201);
      },
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/integrations',
        tags,
        summary: "The key's mode's integrations, newest first",
        description: 'Never includes the signing secret.',
        middleware: [plan] as const,
        request: { query: z.object(pageQuery) },
        responses: { 200: pageOf(IntegrationSchema, 'A page of integrations') },
      }),
      async (c) => {
        const { page, limit } = c.req.valid('query');
        return sendPage(c, await manage.list(c.get('tenant'), { page, limit }), json);
      },
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/integrations/{id}',
        tags,
        summary: 'One integration',
        description: 'Never includes the signing secret.',
        middleware: [plan] as const,
        request: { params: IdParam },
        responses: { 200: dataOf(IntegrationSchema, 'The integration') },
      }),
      async (c) => {
        const result = await manage.get(c.get('tenant'), requireId(c.req.valid('param').id, 'Integration'));
        if (result.isErr()) throw ApiError.from(result.error);
        return sendData(c, json(result.value));
      },
    )
    .openapi(
      createRoute({
        method: 'patch',
        path: '/integrations/{id}',
        tags,
        summary: 'Rotate the signing secret, change the app, pause or rename an integration',
        description: 'An inactive integration answers 404 to its provider, which retries later.',
        middleware: [plan, requireWriteKey] as const,
        request: { params: IdParam, body: { content: { 'application/json': { schema: PatchBody, example: { active: false } } }, required: true } },
        responses: { 200: dataOf(IntegrationSchema, 'The integration') },
      }),
      async (c) => {
        const id = requireId(c.req.valid('param').id, 'Integration');
        const result = await manage.update(c.get('tenant'), c.get('principal').actor, id, c.req.valid('json'));
        if (result.isErr()) throw ApiError.from(result.error);
        return sendData(c, json(result.value));
      },
    )
    .openapi(
      createRoute({
        method: 'delete',
        path: '/integrations/{id}',
        tags,
        summary: 'Disconnect a payment provider',
        description: 'Its endpoint answers 404 from then on; conversions it created and its events log stay.',
        middleware: [plan, requireWriteKey] as const,
        request: { params: IdParam },
        responses: { 200: dataOf(z.object({ id: z.string(), deleted: z.literal(true) }), 'Deleted') },
      }),
      async (c) => {
        const result = await manage.delete(c.get('tenant'), c.get('principal').actor, requireId(c.req.valid('param').id, 'Integration'));
        if (result.isErr()) throw ApiError.from(result.error);
        return sendData(c, result.value);
      },
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/integrations/{id}/events',
        tags,
        summary: 'What the provider sent and what each notification did, newest first',
        description:
          'One row per delivery: the provider event id, its type, when it arrived, the outcome (`created`, `renewed`, `refunded`, `held`, `released`, `restored`, `customer_linked`, `duplicate`, `unattributed`, `rejected`, `ignored`), the reason and the conversion.',
        middleware: [plan] as const,
        request: { params: IdParam, query: z.object(pageQuery) },
        responses: { 200: pageOf(IntegrationEventSchema, 'A page of deliveries') },
      }),
      async (c) => {
        const { page, limit } = c.req.valid('query');
        const result = await manage.deliveries(c.get('tenant'), requireId(c.req.valid('param').id, 'Integration'), { page, limit });
        if (result.isErr()) throw ApiError.from(result.error);
        return sendPage(c, result.value, integrationEventJson);
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/integrations/{id}/events/{eventId}/replay',
        tags,
        summary: 'Replay a provider sale that a check refused',
        description:
          "A sale the provider reported that a check refused (outcome `rejected`: the monthly earnings cap, an affiliate not approved yet, ...) is kept; once the cause is gone, this runs it again exactly as its notification did, and the events log shows the new outcome. Idempotent: a delivery whose sale already has its conversion changes nothing and answers `replayed: false`. 409 `not_replayable` for a delivery that kept no refused sale (any other outcome); 404 for another merchant's or mode's ids. A live replay by a team-member key needs Manage payouts.",
        middleware: [plan, requireWriteKey] as const,
        request: { params: EventParams },
        responses: { 200: dataOf(ReplaySchema, 'What the replay did') },
      }),
      async (c) => {
        const params = c.req.valid('param');
        const result = await deps.replayProviderSale.execute(c.get('tenant'), c.get('principal').actor, requireId(params.id, 'Integration'), requireId(params.eventId, 'Integration event'));
        if (result.isErr()) throw ApiError.from(result.error);
        return sendData(c, replayJson(result.value));
      },
    );
};
