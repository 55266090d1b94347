import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { PayoutConfiguration } from '../../../application/payouts/payout-configuration.js';
import { formatAmount, type Mode, type PayoutSettings } from '../../../domain/index.js';
import type { AppEnv } from '../app-env.js';
import { ApiError } from '../api-error.js';
import { sendData } from '../envelope.js';
import { requirePlan, requireWriteKey } from '../middleware/guards.js';
import { validationHook } from '../validation.js';
import { requirePayoutManagement } from './payout-configuration.guards.js';

const SettingsSchema = z
  .object({
    mode: z.enum(['live', 'test']),
    payoutDay: z.number().int().nullable().openapi({ description: 'Day of the month (1-28, UTC) on which due payouts are sent; null sends them as soon as they are due' }),
    minimumPayout: z.record(z.string(), z.string()).openapi({ description: 'Per lowercase currency: the smallest sum sent to one affiliate; smaller sums wait and accumulate' }),
    updatedAt: z.string().nullable(),
  })
  .openapi('PayoutSettings', {
    'x-extension': true,
    example: { mode: 'live', payoutDay: 15, minimumPayout: { usd: '50.00', jpy: '5000' }, updatedAt: '2026-11-26T10:00:00.000Z' },
  });

const PatchBody = z
  .object({
    payoutDay: z.number().int().nullable().optional(),
    minimumPayout: z.record(z.string(), z.union([z.number(), z.string(), z.null()])).optional().openapi({ description: 'Currency → amount (number or decimal string); null removes that currency' }),
  })
  .strict()
  .openapi('UpdatePayoutSettings', { example: { payoutDay: 15, minimumPayout: { usd: 50, eur: null } } });

const settingsJson = (s: PayoutSettings, mode: Mode) => ({
  mode,
  payoutDay: s.payoutDay,
  minimumPayout: Object.fromEntries([...s.minimumPayout].sort(([a], [b]) => a.localeCompare(b)).map(([c, v]) => [c, formatAmount(v, c)])),
  updatedAt: s.updatedAt?.toISOString() ?? null,
});
const response = (description: string) => ({ description, content: { 'application/json': { schema: z.object({ data: SettingsSchema }) } } });
const tags = ['Payouts'];

/** `/payout-settings`: the minimum per currency and the payout day, per mode. */
export const payoutSettingsRoutes = (configuration: PayoutConfiguration) =>
  new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
    .openapi(
      createRoute({
        method: 'get',
        path: '/payout-settings',
        tags,
        summary: 'The payout minimums and payout day of the key mode',
        description: 'Any valid key (Pro and up).',
        middleware: [requirePlan('professional', 'Payout settings')] as const,
        responses: { 200: response('The settings (defaults: no minimum, no payout day)') },
      }),
      async (c) => {
        const tenant = c.get('tenant');
        return sendData(c, settingsJson(await configuration.getSettings(tenant), tenant.mode));
      },
    )
    .openapi(
      createRoute({
        method: 'patch',
        path: '/payout-settings',
        tags,
        summary: 'Change the payout minimums or the payout day of the key mode',
        description: 'Ultimate and Scale write keys; team-member keys need Manage payouts. Minimums apply to the next payout run; rows below them wait and accumulate.',
        middleware: [requirePlan('ultimate', 'Payout settings'), requireWriteKey, requirePayoutManagement] as const,
        request: { body: { content: { 'application/json': { schema: PatchBody } }, required: true } },
        responses: { 200: response('The changed settings') },
      }),
      async (c) => {
        const tenant = c.get('tenant');
        const result = await configuration.changeSettings(tenant, c.req.valid('json'));
        if (result.isErr()) throw ApiError.from(result.error);
        return sendData(c, settingsJson(result.value, tenant.mode));
      },
    );
