import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { OperatorConversionActions } from '../../../application/conversions/operator-conversion-actions.js';
import { parseAmount } from '../../../domain/index.js';
import type { AppEnv } from '../app-env.js';
import { ApiError } from '../api-error.js';
import { sendData } from '../envelope.js';
import { requireId } from '../routes/path-id.js';
import { conversionJson, ConversionSchema } from '../routes/conversion.json.js';
import { validationHook } from '../validation.js';

const IdParam = z.object({ id: z.string().openapi({ param: { name: 'id', in: 'path' } }) });
const RefundBody = z.object({ amount: z.number().gt(0).optional() }).strict();
const response = { 200: { description: 'The conversion', content: { 'application/json': { schema: z.object({ data: ConversionSchema }) } } } };

export const conversionAdminRoutes = (actions: OperatorConversionActions) =>
  new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
    .openapi(
      createRoute({
        method: 'post',
        path: '/conversions/{id}/refund',
        tags: ['Operator'],
        summary: 'Refund a conversion, whole or in part',
        description: 'A refund reported by the payment side: whole (default) or part of the sale.',
        request: { params: IdParam, body: { content: { 'application/json': { schema: RefundBody } }, required: false } },
        responses: response,
      }),
      async (c) => {
        const id = requireId(c.req.valid('param').id, 'Conversion');
        const raw = c.req.header('content-type')?.includes('json') ? await c.req.json().catch(() => ({})) : {};
        const body = RefundBody.safeParse(raw ?? {});
        if (!body.success) throw new ApiError('validation_error', 'amount must be a number greater than 0', [{ field: 'amount', message: 'must be greater than 0' }]);
        let amount = null;
        if (body.data.amount !== undefined) {
          const parsed = parseAmount(body.data.amount, { field: 'amount', min: 0, minExclusive: true });
          if (parsed.isErr()) throw ApiError.from(parsed.error);
          amount = parsed.value;
        }
        const result = await actions.refund(id, amount);
        if (result.isErr()) throw ApiError.from(result.error);
        c.set('auditMerchantId', result.value.merchantId);
        return sendData(c, conversionJson(result.value));
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/conversions/{id}/hold',
        tags: ['Operator'],
        summary: 'Put a conversion on hold',
        request: { params: IdParam },
        responses: response,
      }),
      async (c) => {
        const result = await actions.hold(requireId(c.req.valid('param').id, 'Conversion'));
        if (result.isErr()) throw ApiError.from(result.error);
        c.set('auditMerchantId', result.value.merchantId);
        return sendData(c, conversionJson(result.value));
      },
    );
