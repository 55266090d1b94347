import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { ManualPayouts } from '../../../application/payouts/manual-payouts.js';
import { parseCurrency } from '../../../domain/index.js';
import { isUuid } from '../../ids/uuid-v7-generator.js';
import type { AppEnv } from '../app-env.js';
import { ApiError } from '../api-error.js';
import { sendData } from '../envelope.js';
import { requirePlan, requireWriteKey } from '../middleware/guards.js';
import { validationHook } from '../validation.js';
import { batchFileOf } from './payout-batch-files.js';
import { requirePayoutManagement } from './payout-configuration.guards.js';
import { DEMO_IDS } from '../openapi/demo-ids.js';

export const ExportQuery = z.object({
  method: z.enum(['wallet_a', 'transfer_b']).openapi({ param: { name: 'method', in: 'query' }, example: 'wallet_a' }),
  currency: z.string().openapi({ param: { name: 'currency', in: 'query' }, example: 'usd' }),
});

export const MarkPaidBody = z
  .object({
    ids: z.array(z.string()).min(1).max(1000).openapi({ description: 'Payout queue row ids and team bonus award ids (the `X-Payout-Ids` of an export, or from GET /payouts and GET /awards)' }),
    payoutMethod: z.enum(['wallet_a', 'transfer_b']).optional().openapi({ description: "Default: each affiliate's saved method" }),
  })
  .strict()
  .openapi('MarkPayoutsPaid', { example: { ids: [DEMO_IDS.payout], payoutMethod: 'wallet_a' } });

export type MarkPaidBody = z.infer<typeof MarkPaidBody>;

/** The ids as the use case takes them; one that is not a UUID names no payout: 404, like an unknown one. */
export const markPaidIds = (ids: readonly string[]): string[] => {
  const unknown = ids.find((id) => !isUuid(id));
  if (unknown !== undefined) throw new ApiError('not_found', `Payout ${unknown} not found`);
  return ids.map((id) => id.toLowerCase());
};

const tags = ['Payouts'];

/** The manual path: a batch file of what is due, and marking rows paid by hand. */
export const manualPayoutRoutes = (manual: ManualPayouts) =>
  new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
    .openapi(
      createRoute({
        method: 'get',
        path: '/payouts/export',
        tags,
        summary: "Due payouts as a batch file in the wallet's or the bank-transfer service's upload format",
        description:
          "Ultimate and Scale. One line per affiliate (whose payout method is `method`) with the sum of its due rows (`scheduled`, `awaiting_funds`, `failed`) and due team bonus awards (`approved`, `failed`) in `currency`, net of clawbacks. `wallet_a`: PayPal Payouts Web's payment file (no header: email, amount, currency, reference, note, `PAYPAL`); `transfer_b`: Wise's send-by-email batch template. `X-Payout-Ids` lists the rows and award ids the file pays, for `POST /payouts/mark-paid`.",
        middleware: [requirePlan('ultimate', 'Payout exports')] as const,
        request: { query: ExportQuery },
        responses: {
          200: {
            description: 'The CSV file',
            content: { 'text/csv': { schema: z.string().openapi({ example: 'pay@example.com,12.50,USD,aff-0123456789ab-usd,Affiliate commissions,PAYPAL\r\n' }) } },
          },
        },
      }),
      async (c) => {
        const { method, currency: raw } = c.req.valid('query');
        const currency = parseCurrency(raw);
        if (currency.isErr()) throw ApiError.from(currency.error);
        const lines = await manual.exportDue(c.get('tenant'), method, currency.value);
        const { name, body } = batchFileOf(method, currency.value, lines);
        return c.body(body, 200, {
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': `attachment; filename="${name}"`,
          'x-payout-ids': lines.flatMap((l) => [...l.payoutIds, ...l.awardIds]).join(','),
        });
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/payouts/mark-paid',
        tags,
        summary: 'Record payouts the merchant paid by hand',
        description:
          "Ultimate and Scale write keys; team-member keys need Manage payouts. Every row becomes `completed` and its conversion `paid` (`conversion.paid`, `payout.completed`), every team bonus award `paid` (`bonus.paid`), one payment per affiliate and currency, all or nothing: an unknown id answers 404, a row in flight 409 `payout_in_progress`, a completed one 409 `invalid_transition`. Connected-account payouts are marked paid with their transfer id through the operator API.",
        middleware: [requirePlan('ultimate', 'Payout actions'), requireWriteKey, requirePayoutManagement] as const,
        request: { body: { content: { 'application/json': { schema: MarkPaidBody } }, required: true } },
        responses: {
          200: { description: 'Rows marked paid', content: { 'application/json': { schema: z.object({ data: z.object({ markedPaid: z.number().int() }) }) } } },
        },
      }),
      async (c) => {
        const body = c.req.valid('json');
        const result = await manual.markPaid(c.get('tenant'), markPaidIds(body.ids), body.payoutMethod ?? null);
        if (result.isErr()) throw ApiError.from(result.error);
        return sendData(c, { markedPaid: result.value });
      },
    );
