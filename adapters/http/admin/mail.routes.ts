import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { OperatorMailActions } from '../../../application/mail/deliver-mail.js';
import type { QueuedMail } from '../../../application/ports/mail-queue.js';
import { MAIL_STATUSES } from '../../../domain/index.js';
import type { AppEnv } from '../app-env.js';
import { ApiError } from '../api-error.js';
import { sendData, sendPage } from '../envelope.js';
import { requireId } from '../routes/path-id.js';
import { pageQuery, PaginationSchema, validationHook } from '../validation.js';

const MailSchema = z
  .object({
    id: z.string(),
    merchantId: z.string().nullable(),
    kind: z.string().openapi({ example: 'affiliate_invitation' }),
    to: z.string(),
    subject: z.string(),
    status: z.enum(MAIL_STATUSES),
    attempts: z.number().int(),
    nextAttemptAt: z.string().nullable(),
    sentAt: z.string().nullable(),
    lastError: z.string().nullable(),
    providerResponse: z.string().nullable().openapi({ example: '250 2.0.0 OK: queued as 4BF2C1' }),
    providerMessageId: z.string().nullable(),
    createdAt: z.string(),
  })
  .openapi('MailMessage');

const mailJson = (m: QueuedMail) => ({
  id: m.id,
  merchantId: m.merchantId,
  kind: m.kind,
  to: m.to,
  subject: m.subject,
  status: m.delivery.status,
  attempts: m.delivery.attempts,
  nextAttemptAt: m.delivery.nextAttemptAt?.toISOString() ?? null,
  sentAt: m.delivery.sentAt?.toISOString() ?? null,
  lastError: m.delivery.lastError,
  providerResponse: m.delivery.providerResponse,
  providerMessageId: m.delivery.providerMessageId,
  createdAt: m.createdAt.toISOString(),
});

const ListQuery = z.object({
  ...pageQuery,
  status: z.enum(MAIL_STATUSES).optional().openapi({ description: 'Only messages in this delivery state' }),
  merchantId: z.string().optional().openapi({ description: "Only this merchant's messages" }),
});
const IdParam = z.object({ id: z.string().openapi({ param: { name: 'id', in: 'path' } }) });

/** The operator's view of the mail outbox (bodies are not shown: some carry single-use links). */
export const mailAdminRoutes = (actions: OperatorMailActions) =>
  new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
    .openapi(
      createRoute({
        method: 'get',
        path: '/mail',
        tags: ['Operator'],
        summary: 'The mail outbox, newest first',
        description:
          'Every message the service recorded, with its delivery state: `queued` (waiting for its next attempt), `sent` (the relay accepted it; `providerResponse` is its answer), `failed` (refused for good, or every attempt used; retry with POST /mail/{id}/retry) or `suppressed` (test mode, never sent).',
        request: { query: ListQuery },
        responses: {
          200: {
            description: 'Messages, newest first',
            content: { 'application/json': { schema: z.object({ data: z.array(MailSchema), pagination: PaginationSchema }) } },
          },
        },
      }),
      async (c) => {
        const { status, merchantId, page, limit } = c.req.valid('query');
        const result = await actions.list(
          { status, merchantId: merchantId === undefined ? undefined : requireId(merchantId, 'Merchant') },
          { page, limit },
        );
        return sendPage(c, result, mailJson);
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/mail/{id}/retry',
        tags: ['Operator'],
        summary: 'Queue a failed message again',
        description: 'Moves a `failed` message back to `queued` with a fresh round of attempts; any other state answers 409 `invalid_transition`.',
        request: { params: IdParam },
        responses: { 200: { description: 'Queued again', content: { 'application/json': { schema: z.object({ data: MailSchema }) } } } },
      }),
      async (c) => {
        const result = await actions.retry(requireId(c.req.valid('param').id, 'Mail message'));
        if (result.isErr()) throw ApiError.from(result.error);
        return sendData(c, mailJson(result.value));
      },
    );
