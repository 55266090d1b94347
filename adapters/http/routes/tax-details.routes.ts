import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { TaxDetailsRecord } from '../../../application/ports/tax-details-store.js';
import type { TaxDetailsReads } from '../../../application/tax/tax-details-reads.js';
import type { TaxSettings } from '../../../application/tax/tax-settings.js';
import type { TaxSummaries } from '../../../application/tax/tax-summaries.js';
import type { Form1099NecExport } from '../../../application/tax/form-1099-nec-export.js';
import type { InvoiceReads } from '../../../application/invoices/invoice-reads.js';
import type { InvoiceSettingsUseCase } from '../../../application/invoices/invoice-settings.js';
import type { AppEnv } from '../app-env.js';
import { ApiError } from '../api-error.js';
import { sendData } from '../envelope.js';
import { requestOriginOf } from '../middleware/audit.js';
import { requireWriteKey } from '../middleware/guards.js';
import { validationHook } from '../validation.js';
import { requireId } from './path-id.js';

const IdParam = z.object({ id: z.string().openapi({ param: { name: 'id', in: 'path' } }) });
const FormFields = z.record(z.string(), z.unknown()).openapi({
  description:
    'The form\'s fields (docs/tax.md): `form` (`w9`, `w8ben`, `w8bene`) and its fields. In the masked view TINs show their last four only and the signature only its date and capacity.',
});
const VersionSchema = z
  .object({
    version: z.number().int(),
    savedAt: z.string(),
    country: z.string(),
    vatId: z.string().nullable(),
    form: FormFields,
  })
  .openapi('TaxDetailsVersion', { 'x-extension': true });
const MaskedSchema = z
  .object({
    affiliateId: z.string(),
    current: VersionSchema.nullable().openapi({ description: 'The latest version; null when the affiliate has given none' }),
    history: z.array(VersionSchema).openapi({ description: 'Every version, newest first (a change never overwrites)' }),
  })
  .openapi('TaxDetails', { 'x-extension': true });

const versionJson = (r: TaxDetailsRecord) => ({
  version: r.version,
  savedAt: r.savedAt.toISOString(),
  country: r.details.country,
  vatId: r.details.vatId?.value ?? null,
  form: r.details.form as unknown as Record<string, unknown>,
});
const dataOf = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { 'application/json': { schema: z.object({ data: schema }) } },
});

export interface TaxDetailsRouteDependencies {
  readonly taxDetails: TaxDetailsReads;
  readonly taxSettings: TaxSettings;
  readonly taxSummaries: TaxSummaries;
  readonly invoices: InvoiceReads;
  readonly invoiceSettings: InvoiceSettingsUseCase;
  readonly form1099Nec: Form1099NecExport;
}

/** `/affiliates/{id}/tax-details`: the masked view for any key, the full form audited for a full-access key. */
export const taxDetailsRoutes = (deps: TaxDetailsRouteDependencies) =>
  new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
    .openapi(
      createRoute({
        method: 'get',
        path: '/affiliates/{id}/tax-details',
        tags: ['Tax'],
        summary: "An affiliate's tax details, masked, with their history",
        description: 'TINs show their last four characters only; the typed signature is never shown. The full form is `GET /affiliates/{id}/tax-details/form` (audited).',
        request: { params: IdParam },
        responses: { 200: dataOf(MaskedSchema, 'The masked tax details') },
      }),
      async (c) => {
        const result = await deps.taxDetails.masked(c.get('tenant'), requireId(c.req.valid('param').id, 'Affiliate'));
        if (result.isErr()) throw ApiError.from(result.error);
        const view = result.value;
        return sendData(c, { affiliateId: view.affiliateId, current: view.current && versionJson(view.current), history: view.history.map(versionJson) });
      },
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/affiliates/{id}/tax-details/form',
        tags: ['Tax'],
        summary: "Download an affiliate's latest tax form in full (audited)",
        description:
          'The latest W-9, W-8BEN or W-8BEN-E with the TIN and the typed signature in the clear, for the merchant\'s records. Needs a full-access key; every download writes an audit row (with the same transaction that reads the form). `404 not_found` when no details were given.',
        middleware: [requireWriteKey] as const,
        request: { params: IdParam },
        responses: { 200: dataOf(VersionSchema, 'The full form') },
      }),
      async (c) => {
        const result = await deps.taxDetails.fullForm(c.get('tenant'), c.get('principal').actor, requireId(c.req.valid('param').id, 'Affiliate'), requestOriginOf(c, 200));
        if (result.isErr()) throw ApiError.from(result.error);
        c.header('Cache-Control', 'no-store');
        const r = result.value;
        return sendData(c, { version: r.version, savedAt: r.savedAt.toISOString(), country: r.details.country, vatId: r.details.vatId?.value ?? null, form: r.details.form as unknown as Record<string, unknown> });
      },
    );
