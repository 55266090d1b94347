/** @jsxImportSource hono/jsx */
import { Hono } from 'hono';
import { formatAmount, isRefundable, type Conversion } from '../../../domain/index.js';
import { ApiError } from '../../http/api-error.js';
import { refundAmountOf, RefundConversionBody } from '../../http/routes/conversion.input.js';
import type { ConversionUseCases } from '../../http/routes/conversions.routes.js';
import type { DashboardEnv } from '../dashboard-env.js';
import { done, formOf, guardsRefuse, idOrNotFound, numberOrText, page, parseWith, refusal, throwIfNotFound, type DashboardContext, type Form } from '../page-kit.js';
import { ErrorBox, FieldError, invalidIf, shortDate, type Problem } from '../views/components.js';
import { CsrfField } from '../views/layout.js';
import { statusLabel } from '../../display/status-labels.js';
import { AskFirst } from '../ask-first.js';

/** `POST /conversions/:id/refund`'s guards, in the route's order. */
const REFUND_GUARDS = ['write', { plan: 'ultimate', feature: 'Conversion writes' }] as const;

/** A refund recorded by hand (merchants without a payment-provider integration): all that remains, or a part. */
export const conversionRefundRoutes = (useCases: ConversionUseCases) => {
  const view = async (c: DashboardContext, id: string, extra: { form?: Form; problem?: Problem | null } = {}, status: 200 | 400 | 403 | 409 = 200) => {
    const found = await useCases.getConversion.execute(c.get('tenant'), id);
    if (found.isErr()) throw ApiError.from(found.error);
    const { conversion: v, campaignName } = found.value;
    const money = (value: Conversion['amount']) => `${formatAmount(value, v.currency)} ${v.currency.toUpperCase()}`;
    const remaining = v.refundedAmount === null ? v.amount : v.amount.minus(v.refundedAmount);
    return page(
      c,
      'Refund a conversion',
      '/dashboard/conversions',
      <>
        <p>
          <a href="/dashboard/conversions">← Conversions</a>
        </p>
        <dl>
          <dt>Sale</dt>
          <dd>
            {money(v.amount)} on {campaignName}, {shortDate(v.createdAt.toISOString())} UTC{v.orderId ? `, order ${v.orderId}` : ''}
          </dd>
          <dt>Status</dt>
          <dd>{statusLabel(v.status)}</dd>
          <dt>Commission</dt>
          <dd>{money(v.commission)}</dd>
          <dt>Refunded so far</dt>
          <dd>{v.refundedAmount === null ? 'nothing' : money(v.refundedAmount)}</dd>
        </dl>
        <ErrorBox problem={extra.problem} />
        {isRefundable(v.status) ? (
          <form method="post" action={`/dashboard/conversions/${id}/refund`} class="stack">
            <CsrfField token={c.get('webSession')!.csrfToken} />
            <label>
              Amount refunded to the customer ({v.currency.toUpperCase()}{v.taxAmount === null ? '' : ', net of tax'})
              <input name="amount" inputmode="decimal" value={extra.form?.amount ?? ''} {...invalidIf(extra.problem, 'amount')} />
              <span class="muted plain">
                Empty: all that remains ({money(remaining)}); the conversion then earns nothing. A part shrinks the commission in proportion.
              </span>
              <FieldError problem={extra.problem} field="amount" />
            </label>
            <AskFirst question="Record this refund? The commission is taken back from the affiliate." yes="Yes, record the refund" />
            <button type="submit" class="danger">
              Record the refund
            </button>
          </form>
        ) : (
          <p>A {statusLabel(v.status).toLowerCase()} conversion cannot be refunded.</p>
        )}
      </>,
      status,
    );
  };

  return new Hono<DashboardEnv>()
    .get('/conversions/:id/refund', (c) => view(c, idOrNotFound(c.req.param('id'), 'Conversion')))
    .post('/conversions/:id/refund', async (c) => {
      const id = idOrNotFound(c.req.param('id'), 'Conversion');
      const form = await formOf(c);
      const fail = (error: Parameters<typeof refusal>[1]) => {
        throwIfNotFound(error);
        const r = refusal(c, error);
        return view(c, id, { form, problem: r.problem }, r.status as 400);
      };
      const refused = guardsRefuse(c, REFUND_GUARDS);
      if (refused) return fail(refused);
      const parsed = parseWith(RefundConversionBody, form.amount ? { amount: numberOrText(form.amount) } : {});
      if (!parsed.ok) return fail(parsed.error);
      try {
        const result = await useCases.refundConversion.execute({ id, amount: refundAmountOf(parsed.value), tenant: c.get('tenant') });
        if (result.isErr()) return fail(result.error);
        return done(c, '/dashboard/conversions', result.value.status === 'refunded' ? 'Conversion refunded: it earns nothing now.' : 'Part refund recorded; the commission shrank in proportion.');
      } catch (error) {
        if (error instanceof ApiError) return fail(error);
        throw error;
      }
    });
};
