import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { RunDueJobs } from '../../../application/jobs/run-due-jobs.js';
import type { AuditLog } from '../../../application/ports/audit-log.js';
import type { ClockControl } from '../../../application/ports/clock.js';
import type { MerchantRepository } from '../../../application/ports/merchant-repository.js';
import type { NotificationRepository } from '../../../application/ports/notification-repository.js';
import type { AppEnv } from '../app-env.js';
import { ApiError } from '../api-error.js';
import { sendData, sendPage } from '../envelope.js';
import { requireId } from '../routes/path-id.js';
import { pageQuery, PaginationSchema, SERVICE_TIME_MESSAGE, validationHook, withinServiceTime } from '../validation.js';

const dataOf = <T extends z.ZodType>(schema: T, description = 'OK') => ({
  description,
  content: { 'application/json': { schema: z.object({ data: schema }) } },
});
const IdParam = z.object({ id: z.string().openapi({ param: { name: 'id', in: 'path' } }) });
const ClockSchema = z.object({ now: z.string() }).openapi('Clock');
/** The merchant id from the path, known to exist (else 404). */
const existingMerchant = async (deps: OperationsDependencies, raw: string): Promise<string> => {
  const id = requireId(raw, 'Merchant');
  if (!(await deps.merchants.findById(id))) throw new ApiError('not_found', 'Merchant not found');
  return id;
};
const AuditEntrySchema = z
  .object({
    id: z.string(),
    actor: z
      .string()
      .regex(/^(api_key|operator|assistant|anonymous|(user|affiliate):[0-9a-f-]{36})$/)
      .openapi({ description: '`api_key`, `operator`, `assistant`, `anonymous`, `user:<id>` (a merchant user in the dashboard) or `affiliate:<id>` (an affiliate in the portal)', example: 'api_key' }),
    apiKeyId: z.string().nullable(),
    merchantId: z.string().nullable(),
    method: z.string(),
    path: z.string(),
    status: z.number().int(),
    errorCode: z.string().nullable(),
    address: z.string().nullable(),
    userAgent: z.string().nullable(),
    requestId: z.string().nullable(),
    count: z.number().int().describe('Requests this entry stands for: refused authentications over the address limit are grouped per address and minute; otherwise 1').openapi({ 'x-extension': true }),
    createdAt: z.string(),
  })
  .openapi('AuditEntry');
const SetClockBody = z
  .object({ now: z.iso.datetime({ offset: true }).refine(withinServiceTime, SERVICE_TIME_MESSAGE).openapi({ example: '2027-01-15T12:00:00Z' }) })
  .strict();

export interface OperationsDependencies {
  clock: ClockControl;
  merchants: MerchantRepository;
  runDueJobs: RunDueJobs;
  notifications: NotificationRepository;
  auditLog: AuditLog;
}

export const operationsAdminRoutes = (deps: OperationsDependencies) =>
  new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
    .openapi(
      createRoute({ method: 'get', path: '/clock', tags: ['Operator'], summary: "The service clock's now", responses: { 200: dataOf(ClockSchema) } }),
      (c) => sendData(c, { now: deps.clock.now().toISOString() }),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/clock',
        tags: ['Operator'],
        summary: 'Move the test clock forward',
        description: 'Moves the test clock forward (only with TEST_CLOCK=1; otherwise 404).',
        request: { body: { content: { 'application/json': { schema: SetClockBody } }, required: true } },
        responses: { 200: dataOf(ClockSchema) },
      }),
      async (c) => {
        if (!deps.clock.adjustable) throw new ApiError('not_found', 'The clock can only be set when TEST_CLOCK=1');
        const result = await deps.clock.set(new Date(c.req.valid('json').now));
        if (result.isErr()) throw ApiError.from(result.error);
        return sendData(c, { now: result.value.toISOString() });
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/jobs/run',
        tags: ['Operator'],
        summary: 'Run every due background job once, at the service clock, and wait for them',
        responses: { 200: dataOf(z.record(z.string(), z.number().int())) },
      }),
      async (c) => sendData(c, await deps.runDueJobs.execute()),
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/merchants/{id}/notifications',
        tags: ['Operator'],
        summary: "A merchant's in-app notifications (e.g. webhook_paused)",
        request: { params: IdParam },
        responses: {
          200: dataOf(z.array(z.object({ id: z.string(), kind: z.string(), message: z.string(), createdAt: z.string() }))),
        },
      }),
      async (c) => {
        const merchantId = await existingMerchant(deps, c.req.valid('param').id);
        const items = await deps.notifications.listForMerchant(merchantId);
        return sendData(
          c,
          items.map((n) => ({ id: n.id, kind: n.kind, message: n.message, createdAt: n.createdAt.toISOString() })),
        );
      },
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/merchants/{id}/audit-log',
        tags: ['Operator'],
        summary: "A merchant's audit log, newest first",
        request: { params: IdParam, query: z.object(pageQuery) },
        responses: {
          200: {
            description: 'Audit entries, newest first',
            content: { 'application/json': { schema: z.object({ data: z.array(AuditEntrySchema), pagination: PaginationSchema }) } },
          },
        },
      }),
      async (c) => {
        const merchantId = await existingMerchant(deps, c.req.valid('param').id);
        const page = await deps.auditLog.listForMerchant(merchantId, c.req.valid('query'));
        return sendPage(c, page, (e) => ({
          id: e.id,
          actor: e.actor,
          apiKeyId: e.apiKeyId,
          merchantId: e.merchantId,
          method: e.method,
          path: e.path,
          status: e.status,
          errorCode: e.errorCode,
          address: e.address,
          userAgent: e.userAgent,
          requestId: e.requestId,
          createdAt: e.createdAt.toISOString(),
          count: e.count ?? 1,
        }));
      },
    );
