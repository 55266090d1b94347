/** @jsxImportSource hono/jsx */
import { Hono } from 'hono';
import type { ListCampaigns } from '../../../application/campaigns/list-campaigns.js';
import { COUPON_PROVIDERS, type CouponProvider } from '../../../domain/index.js';
import { ApiError } from '../../http/api-error.js';
import { couponJson } from '../../http/routes/coupon.json.js';
import type { CouponUseCases } from '../../http/routes/coupons.routes.js';
import { campaignChoices } from '../campaign-choices.js';
import type { DashboardEnv } from '../dashboard-env.js';
import { done, formOf, guardsRefuse, idOrNotFound, noticeOf, optional, page, pageParams, refusal, type DashboardContext, type Form } from '../page-kit.js';
import { ErrorBox, Notice, Pager, Table, type Problem } from '../views/components.js';
import { CsrfField } from '../views/layout.js';

const WRITE = ['write', { plan: 'ultimate', feature: 'Coupon writes' }] as const;

/** Coupon references (the codes live at the payment provider): list, register, delete. */
export const couponRoutes = (useCases: CouponUseCases, listCampaigns: ListCampaigns) => {
  const list = async (c: DashboardContext, form?: Form, problem?: Problem | null, status: 200 | 400 | 403 | 404 | 409 = 200) => {
    const tenant = c.get('tenant');
    const { page: pageNo, limit } = pageParams(c);
    const [result, choices] = await Promise.all([useCases.couponQueries.list(tenant, {}, { page: pageNo, limit }), campaignChoices(listCampaigns, tenant)]);
    const csrf = c.get('webSession')!.csrfToken;
    return page(
      c,
      'Coupons',
      '/dashboard/coupons',
      <>
        <Notice text={noticeOf(c)} />
        <ErrorBox problem={problem} />
        <div id="list">
          <Table caption="Coupons" head={['Code', 'Provider', 'Campaign', { label: 'Affiliate', narrow: true }, 'Actions']} empty={result.items.length === 0}>
            {result.items.map(couponJson).map((k) => (
              <tr>
                <td>
                  <code>{k.code}</code>
                </td>
                <td>{k.provider}</td>
                <td>{k.campaignName}</td>
                <td class="hide-narrow">
                  <a href={`/dashboard/affiliates/${k.affiliateId}`}>{k.affiliateId.slice(0, 8)}</a>
                </td>
                <td>
                  <form method="post" action={`/dashboard/coupons/${k.id}/delete`} class="inline">
                    <CsrfField token={csrf} />
                    <button type="submit" class="danger" aria-label={`Delete coupon ${k.code}`}>
                      Delete
                    </button>
                  </form>
                </td>
              </tr>
            ))}
          </Table>
          <Pager base="/dashboard/coupons" params={{}} page={result.page} limit={result.limit} total={result.total} />
        </div>
        <section aria-labelledby="new-coupon">
          <h2 id="new-coupon">Register a coupon</h2>
          <form method="post" action="/dashboard/coupons" class="stack">
            <CsrfField token={csrf} />
            <label>
              Code (as customers enter it)
              <input name="code" required value={form?.code ?? ''} />
            </label>
            <label>
              Provider
              <select name="provider">
                {COUPON_PROVIDERS.map((p) => (
                  <option value={p} selected={p === form?.provider}>
                    {p}
                  </option>
                ))}
              </select>
            </label>
            <label>
              Campaign
              <select name="campaignId" required>
                {choices.map((ch) => (
                  <option value={ch.id} selected={ch.id === form?.campaignId}>
                    {ch.name}
                  </option>
                ))}
              </select>
            </label>
            <label>
              Affiliate id
              <input name="affiliateId" required value={form?.affiliateId ?? ''} />
            </label>
            <label>
              Card promotion code id (card only, promo_…)
              <input name="cardPromotionCodeId" value={form?.cardPromotionCodeId ?? ''} />
            </label>
            <button type="submit">Register coupon</button>
          </form>
        </section>
      </>,
      status,
    );
  };
  const fail = (c: DashboardContext, form: Form, error: Parameters<typeof refusal>[1]) => {
    const r = refusal(c, error);
    return list(c, form, r.problem, r.status as 400);
  };

  return new Hono<DashboardEnv>()
    .get('/coupons', (c) => list(c))
    .post('/coupons', async (c) => {
      const form = await formOf(c);
      const refused = guardsRefuse(c, WRITE);
      if (refused) return fail(c, form, refused);
      const provider = (COUPON_PROVIDERS as readonly string[]).includes(form.provider ?? '') ? (form.provider as CouponProvider) : undefined;
      try {
        const result = await useCases.registerCoupon.execute({
          tenant: c.get('tenant'),
          campaignId: idOrNotFound(form.campaignId, 'Campaign'),
          affiliateId: idOrNotFound(form.affiliateId, 'Affiliate'),
          coupon: { code: form.code ?? '', provider, cardPromotionCodeId: optional(form.cardPromotionCodeId) },
        });
        if (result.isErr()) return fail(c, form, result.error);
      } catch (error) {
        if (error instanceof ApiError) return fail(c, form, error);
        throw error;
      }
      return done(c, '/dashboard/coupons', 'Coupon registered.');
    })
    .post('/coupons/:id/delete', async (c) => {
      const id = idOrNotFound(c.req.param('id'), 'Coupon');
      const refused = guardsRefuse(c, WRITE);
      if (refused) return fail(c, {}, refused);
      const result = await useCases.deleteCoupon.execute({ tenant: c.get('tenant'), id });
      if (result.isErr()) throw ApiError.from(result.error);
      return done(c, '/dashboard/coupons', 'Coupon deleted.');
    });
};
