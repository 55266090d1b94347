import { z } from '@hono/zod-openapi';
import type { CreateConversion } from '../../../application/conversions/create-conversion.js';
import type { UpdateConversionStatus } from '../../../application/conversions/update-conversion-status.js';
import { ApiError } from '../../http/api-error.js';
import { planRefusal, writeKeyRefusal } from '../../http/middleware/guards.js';
import { CreateConversionBody, toCreateConversionInput, toUpdateConversionInput, UpdateConversionBody } from '../../http/routes/conversion.input.js';
import { conversionJson, ConversionSchema, conversionUpdateJson, ConversionUpdateSchema } from '../../http/routes/conversion.json.js';
import { defineTool, type ToolContext } from '../tool.js';
import { risksOf } from '../../http/routes/risk.json.js';
import type { RiskFlagStore } from '../../../application/ports/risk-flag-store.js';

export interface ConversionToolDependencies {
  readonly createConversion: CreateConversion;
  readonly updateConversionStatus: UpdateConversionStatus;
  readonly riskFlags: RiskFlagStore;
}

/** The guards of `POST`/`PATCH /conversions`, in the same order: a write key, then Ultimate or Scale. */
const conversionWriteGuard = (ctx: ToolContext) => writeKeyRefusal(ctx.principal) ?? planRefusal(ctx.principal, 'ultimate', 'Conversion writes');

export const ASK_USER_BEFORE_CONFIRMING =
  'Nothing was changed. Do not resend on your own: tell the user the commission and the sale amount, ask whether to approve it anyway, ' +
  'and only if the user explicitly agrees call update_conversion again with the same id, status "approved" and confirmAboveSale: true';

export const createConversionTool = (deps: ConversionToolDependencies) =>
  defineTool({
    name: 'create_conversion',
    title: 'Record a sale (conversion)',
    description:
      'Records a sale that an affiliate referred on a campaign, exactly as POST /api/v1/conversions: the commission is computed from the ' +
      'campaign (tiers and team rates included) and the conversion starts `pending`. amount is in major units (dollars, not cents), net of ' +
      'tax when taxAmount is given; currency defaults to usd. orderId deduplicates (409 duplicate when reused). Both the campaign and the ' +
      "affiliate must be active, the affiliate approved on the campaign. Needs a write key on the Ultimate or Scale plan; the key's mode " +
      '(live or test) decides whether the sale is live or test data.',
    input: CreateConversionBody,
    output: ConversionSchema,
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    write: { successStatus: 201, target: () => ({ method: 'POST', path: '/api/v1/conversions' }) },
    guard: conversionWriteGuard,
    async run(args, ctx) {
      // The sale records the call's audit row in its own transaction, as `POST /conversions` does.
      const result = await deps.createConversion.execute(toCreateConversionInput(args, ctx.tenant, ctx.principal.actor), ctx.requestOrigin());
      if (result.isErr()) throw ApiError.from(result.error);
      const risk = await risksOf(deps.riskFlags, ctx.tenant, 'conversion', [result.value.id]);
      return { ...conversionJson(result.value), risk: risk(result.value.id) };
    },
  });

/** `PATCH /conversions/:id` takes the id in the path; the tool takes it beside the same body fields. */
export const UpdateConversionToolInput = z.object({
  id: z.string().min(1).describe('The conversion id (as returned by create_conversion, search or fetch without the "conversion:" prefix)'),
  ...UpdateConversionBody.shape,
});

export const updateConversionTool = (deps: ConversionToolDependencies) =>
  defineTool({
    name: 'update_conversion',
    title: 'Approve, reject, hold, release or reopen a conversion',
    description:
      'Changes a conversion exactly as PATCH /api/v1/conversions/{id}: approved or rejected (from pending; approved → rejected too), held ' +
      '(from pending or approved), released (a held conversion back to the status before the hold), pending (reopens a rejected one). ' +
      "Approving moves money: the commission is queued for payout under the merchant's payout settings; moving an approved conversion away " +
      'cancels its queued payout. Paid and refunded conversions cannot change (409 invalid_transition). On every way back to approved, a ' +
      'commission above 5 times its sale (sale plus tax), or any commission on a zero sale, is refused with commission_above_sale: then ask ' +
      'the user, and resend with confirmAboveSale: true only if the user agrees. Sending the status the conversion already has changes nothing. ' +
      'Needs a write key on Ultimate or Scale.',
    input: UpdateConversionToolInput,
    output: ConversionUpdateSchema,
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
    write: {
      successStatus: 200,
      target: (args) => ({ method: 'PATCH', path: `/api/v1/conversions/${typeof args.id === 'string' ? encodeURIComponent(args.id) : ''}` }),
    },
    guard: conversionWriteGuard,
    async run({ id, ...body }, ctx) {
      const input = toUpdateConversionInput(id, body, ctx.tenant);
      // The change records the call's audit row with it, as `PATCH /conversions/:id` does.
      const result = await deps.updateConversionStatus.execute({ ...input, request: { actor: ctx.principal.actor, origin: ctx.requestOrigin() } });
      if (result.isErr()) throw ApiError.from(result.error);
      return conversionUpdateJson(result.value);
    },
    advise: (error) => (error.code === 'commission_above_sale' ? ASK_USER_BEFORE_CONFIRMING : undefined),
  });
