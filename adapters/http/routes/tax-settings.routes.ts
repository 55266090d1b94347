import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { TaxSettings, TaxSettingsView } from '../../../application/tax/tax-settings.js';
import type { AppEnv } from '../app-env.js';
import { ApiError } from '../api-error.js';
import { sendData } from '../envelope.js';
import { requireWriteKey } from '../middleware/guards.js';
import { validationHook } from '../validation.js';

const SettingsSchema = z
  .object({
    taxDetailsRequired: z.enum(['off', 'always', 'above_yearly_total']).openapi({
      description: '`off`: payouts never wait; `always`: an affiliate without tax details is not paid; `above_yearly_total`: not paid once its payments of the calendar year (this one included) reach the threshold',
    }),
    taxDetailsThreshold: z.string().nullable().openapi({ description: "The merchant's threshold in its reporting currency; null uses the IRS 1099-NEC figure of the payment's year (US dollars)" }),
    taxDetailsThresholdCurrency: z.string().nullable(),
    effectiveThreshold: z.object({ amount: z.string(), currency: z.string() }).openapi({ description: 'The threshold in force this year' }),
  })
  .openapi('TaxSettings', { 'x-extension': true });
const PatchBody = z
  .object({
    taxDetailsRequired: z.string(),
    taxDetailsThreshold: z.union([z.string(), z.number(), z.null()]).optional(),
  })
  .strict()
  .openapi('UpdateTaxSettings', { example: { taxDetailsRequired: 'above_yearly_total', taxDetailsThreshold: null } });

const settingsJson = (v: TaxSettingsView) => ({
  taxDetailsRequired: v.requirement.kind,
  taxDetailsThreshold: v.requirement.kind === 'above_yearly_total' ? (v.requirement.threshold?.amount.toString() ?? null) : null,
  taxDetailsThresholdCurrency: v.requirement.kind === 'above_yearly_total' ? (v.requirement.threshold?.currency ?? null) : null,
  effectiveThreshold: v.effectiveThreshold,
});
const response = (description: string) => ({ description, content: { 'application/json': { schema: z.object({ data: SettingsSchema }) } } });

/** `/tax/settings`: whether payouts wait for tax details, per mode. */
export const taxSettingsRoutes = (settings: TaxSettings) =>
  new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
    .openapi(
      createRoute({
        method: 'get',
        path: '/tax/settings',
        tags: ['Tax'],
        summary: 'Whether payouts wait for tax details, in the key mode',
        description: 'Any valid key. `effectiveThreshold` is the figure in force this year: the merchant\'s own, or the IRS 1099-NEC threshold of the year in US dollars ($600 through 2025, $2,000 from 2026).',
        responses: { 200: response('The setting (default: off)') },
      }),
      async (c) => sendData(c, settingsJson(await settings.get(c.get('tenant')))),
    )
    .openapi(
      createRoute({
        method: 'patch',
        path: '/tax/settings',
        tags: ['Tax'],
        summary: 'Set whether payouts wait for tax details',
        description:
          'Rows that must wait are held (`scheduled` with `failureReason` `tax_details_missing`) and become due as soon as the affiliate saves its tax details in the portal. See docs/tax.md for the threshold and its source.',
        middleware: [requireWriteKey] as const,
        request: { body: { content: { 'application/json': { schema: PatchBody } }, required: true } },
        responses: { 200: response('The setting after the change') },
      }),
      async (c) => {
        const body = c.req.valid('json');
        const result = await settings.change(c.get('tenant'), body.taxDetailsRequired, body.taxDetailsThreshold);
        if (result.isErr()) throw ApiError.from(result.error);
        return sendData(c, settingsJson(result.value));
      },
    );
