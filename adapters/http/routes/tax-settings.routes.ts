import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { TaxSettings, TaxSettingsView } from '../../../application/tax/tax-settings.js';
import type { InvoiceSettings } from '../../../application/ports/invoice-store.js';
import type { InvoiceSettingsUseCase } from '../../../application/invoices/invoice-settings.js';
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
    invoiceVatRule: z.enum(['none', 'reverse_charge', 'charge']).openapi({
      description: "VAT on the self-billing invoices issued from now on: `none` (none shown), `reverse_charge` (none charged, the reverse-charge note printed), `charge` (at `invoiceVatRate` percent)",
    }),
    invoiceVatRate: z.string().nullable().openapi({ description: 'Percent, with `charge` only' }),
    issuerName: z.string().nullable().openapi({ description: "The merchant's legal name on invoices; null prints the business name" }),
    issuerAddress: z.array(z.string()).openapi({ description: "The merchant's address on invoices, one line each" }),
    issuerVatId: z.string().nullable().openapi({ description: "The merchant's VAT id on invoices" }),
  })
  .openapi('TaxSettings', { 'x-extension': true });
const PatchBody = z
  .object({
    taxDetailsRequired: z.string().optional(),
    taxDetailsThreshold: z.union([z.string(), z.number(), z.null()]).optional(),
    invoiceVatRule: z.string().optional(),
    invoiceVatRate: z.union([z.string(), z.number(), z.null()]).optional(),
    issuerName: z.string().nullable().optional(),
    issuerAddress: z.string().nullable().optional().openapi({ description: 'Lines separated by newlines' }),
    issuerVatId: z.string().nullable().optional(),
  })
  .strict()
  .openapi('UpdateTaxSettings', { example: { taxDetailsRequired: 'above_yearly_total', taxDetailsThreshold: null } });

const settingsJson = (v: TaxSettingsView, invoices: InvoiceSettings) => ({
  taxDetailsRequired: v.requirement.kind,
  taxDetailsThreshold: v.requirement.kind === 'above_yearly_total' ? (v.requirement.threshold?.amount.toString() ?? null) : null,
  taxDetailsThresholdCurrency: v.requirement.kind === 'above_yearly_total' ? (v.requirement.threshold?.currency ?? null) : null,
  effectiveThreshold: v.effectiveThreshold,
  invoiceVatRule: invoices.rule.kind,
  invoiceVatRate: invoices.rule.kind === 'charge' ? invoices.rule.rate.toString() : null,
  issuerName: invoices.issuer.name,
  issuerAddress: [...invoices.issuer.address],
  issuerVatId: invoices.issuer.vatId,
});
const response = (description: string) => ({ description, content: { 'application/json': { schema: z.object({ data: SettingsSchema }) } } });

/** `/tax/settings`: whether payouts wait for tax details, per mode. */
export const taxSettingsRoutes = (settings: TaxSettings, invoices: InvoiceSettingsUseCase) =>
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
      async (c) => sendData(c, settingsJson(await settings.get(c.get('tenant')), await invoices.get(c.get('tenant')))),
    )
    .openapi(
      createRoute({
        method: 'patch',
        path: '/tax/settings',
        tags: ['Tax'],
        summary: 'Set whether payouts wait for tax details, and the VAT rule and issuer details of invoices',
        description:
          'Rows that must wait are held (`scheduled` with `failureReason` `tax_details_missing`) and become due as soon as the affiliate saves its tax details in the portal. See docs/tax.md for the threshold and its source.',
        middleware: [requireWriteKey] as const,
        request: { body: { content: { 'application/json': { schema: PatchBody } }, required: true } },
        responses: { 200: response('The setting after the change') },
      }),
      async (c) => {
        const body = c.req.valid('json');
        const tenant = c.get('tenant');
        // The invoice part is checked first and saved last: a refused request changes nothing.
        const prepared = await invoices.prepare(tenant, body);
        if (prepared.isErr()) throw ApiError.from(prepared.error);
        const result = body.taxDetailsRequired === undefined ? null : await settings.change(tenant, body.taxDetailsRequired, body.taxDetailsThreshold);
        if (result?.isErr()) throw ApiError.from(result.error);
        await invoices.save(tenant, prepared.value);
        return sendData(c, settingsJson(result?.isOk() ? result.value : await settings.get(tenant), prepared.value));
      },
    );
