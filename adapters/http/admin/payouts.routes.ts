import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { OperatorPayoutActions } from '../../../application/payouts/operator-payout-actions.js';
import type { ConnectOnboarding } from '../../../application/payouts/connect-onboarding.js';
import { PAYOUT_METHODS } from '../../../domain/index.js';
import type { AppEnv } from '../app-env.js';
import { ApiError } from '../api-error.js';
import { sendData } from '../envelope.js';
import { requireId } from '../routes/path-id.js';
import { payoutJson, PayoutSchema } from '../routes/payout.json.js';
import { toFieldProblems, validationHook } from '../validation.js';

const IdParam = z.object({ id: z.string().openapi({ param: { name: 'id', in: 'path' } }) });
const MarkPaidBody = z
  .object({
    payoutMethod: z.enum(PAYOUT_METHODS).optional().openapi({ description: "Default: the affiliate's saved method" }),
    cardTransferId: z.string().trim().min(1).max(255).optional().openapi({ description: 'Required for connect' }),
    cardPaymentId: z.string().trim().min(1).max(255).optional(),
  })
  .strict()
  .openapi('MarkPayoutPaid');
const response = { 200: { description: 'The payout', content: { 'application/json': { schema: z.object({ data: PayoutSchema }) } } } };

/** Reads an optional JSON body (Hono caches it, so the route validator may have read it already): none is `{}`. */
const optionalBody = async (text: string): Promise<unknown> => {
  if (!text.trim()) return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiError('invalid_json', 'The request body is not valid JSON');
  }
};

export interface PayoutAdminUseCases {
  readonly actions: OperatorPayoutActions;
  readonly connectOnboarding: ConnectOnboarding;
}

const OnboardingBody = z
  .object({
    merchantId: z.string().uuid(),
    mode: z.enum(['live', 'test']).default('live'),
    returnUrl: z.string().url().max(2048),
    refreshUrl: z.string().url().max(2048),
  })
  .strict()
  .openapi('ConnectOnboardingRequest', {
    example: { merchantId: '0193…', mode: 'live', returnUrl: 'https://portal.example.com/payouts/connected', refreshUrl: 'https://portal.example.com/payouts/connect' },
  });

/** The merchant's manual payout actions (the dashboard's, through the operator), and connected-account onboarding (the same use case as the portal's Connect payouts). */
export const payoutAdminRoutes = ({ actions, connectOnboarding }: PayoutAdminUseCases) =>
  new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
    .openapi(
      createRoute({
        method: 'post',
        path: '/affiliates/{id}/connect-onboarding',
        tags: ['Operator'],
        summary: "Start or resume an affiliate's connected-account onboarding on a merchant's card-processor account",
        description:
          "Creates the affiliate's Express account the first time (with the merchant's `connect` credentials for the mode) and answers a one-time onboarding link. The processor's `account.updated` with payouts enabled completes the affiliate's payout details.",
        request: { params: IdParam, body: { content: { 'application/json': { schema: OnboardingBody } }, required: true } },
        responses: {
          200: {
            description: 'The onboarding link',
            content: { 'application/json': { schema: z.object({ data: z.object({ accountId: z.string(), url: z.string() }) }) } },
          },
        },
      }),
      async (c) => {
        const body = c.req.valid('json');
        const result = await connectOnboarding.start({ merchantId: body.merchantId, mode: body.mode }, requireId(c.req.valid('param').id, 'Affiliate'), {
          returnUrl: body.returnUrl,
          refreshUrl: body.refreshUrl,
        });
        if (result.isErr()) throw ApiError.from(result.error);
        c.set('auditMerchantId', body.merchantId);
        return sendData(c, result.value);
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/payouts/{id}/mark-paid',
        tags: ['Operator'],
        description:
          'The merchant paid the affiliate itself (how rows of headless affiliates complete): any open row becomes completed and its conversion paid.',
        request: { params: IdParam, body: { content: { 'application/json': { schema: MarkPaidBody } }, required: false } },
        responses: response,
      }),
      async (c) => {
        const id = requireId(c.req.valid('param').id, 'Payout');
        const parsed = MarkPaidBody.safeParse(await optionalBody(await c.req.text()));
        if (!parsed.success) {
          const details = toFieldProblems(parsed.error);
          throw new ApiError('validation_error', `Invalid request: ${details.map((d) => `${d.field} ${d.message}`).join('; ')}`, details);
        }
        const result = await actions.markPaid(id, {
          payoutMethod: parsed.data.payoutMethod ?? null,
          cardTransferId: parsed.data.cardTransferId ?? null,
          cardPaymentId: parsed.data.cardPaymentId ?? null,
        });
        if (result.isErr()) throw ApiError.from(result.error);
        c.set('auditMerchantId', result.value.merchantId);
        return sendData(c, payoutJson(result.value));
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/payouts/{id}/retry',
        tags: ['Operator'],
        description: 'A failed payout is scheduled again, due now, with a fresh failure budget.',
        request: { params: IdParam },
        responses: response,
      }),
      async (c) => {
        const result = await actions.retry(requireId(c.req.valid('param').id, 'Payout'));
        if (result.isErr()) throw ApiError.from(result.error);
        c.set('auditMerchantId', result.value.merchantId);
        return sendData(c, payoutJson(result.value));
      },
    );
