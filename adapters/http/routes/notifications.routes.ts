import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { MerchantNotifications } from '../../../application/notifications/merchant-notifications.js';
import type { Notification } from '../../../application/ports/notification-repository.js';
import { isUuid } from '../../ids/uuid-v7-generator.js';
import type { AppEnv } from '../app-env.js';
import { pagination, sendData } from '../envelope.js';
import { pageQuery, PaginationSchema, validationHook } from '../validation.js';

export const NotificationSchema = z
  .object({
    id: z.string(),
    kind: z.string().openapi({
      description:
        'What happened: `webhook_paused`, `invitation_expired`, `payout_failed`, `integration_signatures_rejected`, … (new kinds may be added)',
      example: 'webhook_paused',
    }),
    message: z.string().openapi({ description: 'What the merchant reads, with what to do about it' }),
    createdAt: z.string(),
    read: z.boolean(),
    readAt: z.string().nullable(),
  })
  .openapi('Notification', { 'x-extension': true });

const MarkReadBody = z
  .union([
    z.object({ ids: z.array(z.string()).min(1).max(100).describe('Notification ids to mark read (1 to 100)') }).strict(),
    z.object({ all: z.literal(true).describe('Mark every notification read') }).strict(),
  ])
  .openapi('MarkNotificationsRead', { example: { ids: ['0193a5e0-7c1d-7b2e-9f00-4a1b2c3d4e5f'] } });

const notificationJson = (n: Notification): z.infer<typeof NotificationSchema> => ({
  id: n.id,
  kind: n.kind,
  message: n.message,
  createdAt: n.createdAt.toISOString(),
  read: n.readAt !== null,
  readAt: n.readAt?.toISOString() ?? null,
});

/** `/notifications`: the in-app notices the service leaves the merchant, in the key's mode. Any valid key. */
export const notificationRoutes = (notifications: MerchantNotifications) =>
  new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
    .openapi(
      createRoute({
        method: 'get',
        path: '/notifications',
        tags: ['Notifications'],
        summary: 'The in-app notices, newest first, with the unread count',
        description:
          'Notices the service leaves the merchant: a webhook endpoint paused after repeated failures, an affiliate invitation expired, a payout failing, a payment-provider integration rejecting signatures repeatedly. A live key sees live notices, a test key the notices of test activity. `unreadCount` counts every unread notice, not only this page.',
        'x-extension': true,
        request: { query: z.object(pageQuery) },
        responses: {
          200: {
            description: 'A page of notices',
            content: {
              'application/json': {
                schema: z.object({ data: z.array(NotificationSchema), pagination: PaginationSchema, unreadCount: z.number().int() }),
                example: {
                  data: [
                    {
                      id: '0193a5e0-7c1d-7b2e-9f00-4a1b2c3d4e5f',
                      kind: 'invitation_expired',
                      message: 'The invitation of ada@example.com to "Spring" expired unaccepted after 14 days.',
                      createdAt: '2026-11-26T10:00:00.000Z',
                      read: false,
                      readAt: null,
                    },
                  ],
                  pagination: { page: 1, limit: 25, total: 1, totalPages: 1 },
                  unreadCount: 1,
                },
              },
            },
          },
        },
      }),
      async (c) => {
        const { page, limit } = c.req.valid('query');
        const found = await notifications.list(c.get('tenant'), { page, limit });
        return c.json({ data: found.items.map(notificationJson), pagination: pagination(found), unreadCount: found.unreadCount }, 200);
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/notifications/read',
        tags: ['Notifications'],
        summary: 'Mark notices read',
        description:
          'Either `{ "ids": [...] }` (up to 100; ids that are not the caller\'s, or already read, are left alone) or `{ "all": true }`. Any valid key: reading notices changes no program data. Answers how many were marked and what stays unread.',
        'x-extension': true,
        request: { body: { content: { 'application/json': { schema: MarkReadBody } }, required: true } },
        responses: {
          200: {
            description: 'Marked',
            content: {
              'application/json': {
                schema: z.object({ data: z.object({ marked: z.number().int(), unreadCount: z.number().int() }) }),
                example: { data: { marked: 1, unreadCount: 0 } },
              },
            },
          },
        },
      }),
      async (c) => {
        const body = c.req.valid('json');
        // An id that is not a UUID names no notice: it is left alone like another merchant's.
        const which = 'all' in body ? ('all' as const) : { ids: body.ids.filter(isUuid).map((id) => id.toLowerCase()) };
        return sendData(c, await notifications.markRead(c.get('tenant'), which));
      },
    );
