/** @jsxImportSource hono/jsx */
import { Hono } from 'hono';
import { COUPON_MATCH_ID_FIELDS, MATCH_ID_FIELD_OF, type CouponMatchIdField } from '../../../domain/index.js';
import { ApiError } from '../../http/api-error.js';
import { toCouponPatch, UpdateCouponBody } from '../../http/routes/coupon.input.js';
import { couponJson, type CouponJson } from '../../http/routes/coupon.json.js';
import type { CouponUseCases } from '../../http/routes/coupons.routes.js';
import type { DashboardEnv } from '../dashboard-env.js';
import { done, formOf, guardsRefuse, idOrNotFound, noticeOf, page, parseWith, refusal, throwIfNotFound, type DashboardContext, type Form, type Guard } from '../page-kit.js';
import { ErrorBox, Notice, shortDate, TextField, type Problem } from '../views/components.js';
import { CsrfField } from '../views/layout.js';
import { providerName } from '../../display/names.js';
import type { AffiliateName } from '../../../application/ports/affiliate-names.js';
import type { People } from '../affiliate-choices.js';
import { AffiliateCell } from '../views/people.js';
import { AskFirst } from '../ask-first.js';

/** The guards of `POST`, `PATCH` and `DELETE /coupons…`, in the routes' order. */
export const COUPON_WRITE_GUARDS: readonly Guard[] = ['write', { plan: 'ultimate', feature: 'Coupon writes' }];

const MATCH_ID_LABELS: Record<CouponMatchIdField, string> = {
  cardPromotionCodeId: 'Promotion code id on Stripe (promo_…)',
  merchantAdiscountId: 'Discount id on Paddle',
  morBDiscountId: 'Discount id on Lemon Squeezy',
  morCDiscountId: 'Discount id on Polar',
};

const Facts = ({ k, affiliates }: { k: CouponJson; affiliates: ReadonlyMap<string, AffiliateName> }) => (
  <dl>
    <dt>Provider</dt>
    <dd>{providerName(k.provider)}</dd>
    <dt>Campaign</dt>
    <dd>
      <a href={`/dashboard/campaigns/${k.campaignId}`}>{k.campaignName}</a>
    </dd>
    <dt>Affiliate</dt>
    <dd>
      <AffiliateCell id={k.affiliateId} names={affiliates} />
    </dd>
    {k.appleOfferType === null ? null : (
      <>
        <dt>Apple offer type</dt>
        <dd>{k.appleOfferType}</dd>
      </>
    )}
    <dt>Shown to affiliates</dt>
    <dd>{[k.percentOff === null ? null : `${k.percentOff}% off`, k.amountOff === null ? null : `${k.amountOff}${k.currency ? ` ${k.currency.toUpperCase()}` : ''} off`].filter(Boolean).join(' · ') || '—'}</dd>
    <dt>Registered</dt>
    <dd>{shortDate(k.createdAt)} UTC</dd>
    <dt>Last changed</dt>
    <dd>{shortDate(k.updatedAt)} UTC</dd>
  </dl>
);

/**
 * One coupon: its facts, the one field `PATCH /coupons/:id` lets change (the match id of the coupon's
 * own provider; code, provider and parties never change) and delete, over the API's use cases and guards.
 */
export const couponDetailRoutes = (useCases: CouponUseCases, people: People) => {
  const detail = async (c: DashboardContext, id: string, extra: { form?: Form; problem?: Problem | null } = {}, status: 200 | 400 | 403 | 409 = 200) => {
    const found = await useCases.couponQueries.get(c.get('tenant'), id);
    if (!found) throw new ApiError('not_found', 'Coupon not found');
    const k = couponJson(found);
    const affiliates = await people.names.directory(c.get('tenant'), [k.affiliateId]);
    const own = MATCH_ID_FIELD_OF[k.provider];
    const form: Form = extra.form ?? (own ? { [own]: k[own] ?? '' } : {});
    const csrf = c.get('webSession')!.csrfToken;
    return page(
      c,
      `Coupon ${k.code}`,
      '/dashboard/coupons',
      <>
        <p>
          <a href="/dashboard/coupons">← All coupons</a>
        </p>
        <Notice text={noticeOf(c)} />
        <ErrorBox problem={extra.problem} />
        <Facts k={k} affiliates={affiliates} />
        <section aria-labelledby="change-coupon">
          <h2 id="change-coupon">Change</h2>
          {own ? (
            <form method="post" action={`/dashboard/coupons/${k.id}/edit`} class="stack">
              <CsrfField token={csrf} />
              <TextField form={form} problem={extra.problem} name={own} label={MATCH_ID_LABELS[own]} hint="Sales that carry this id are credited to the coupon's affiliate. Empty removes it." />
              <button type="submit">Save</button>
            </form>
          ) : (
            <p>An app_store coupon has nothing to change: to change its code or offer, delete it and register a new one.</p>
          )}
          <p class="muted">The code, provider, campaign and affiliate never change: delete the coupon and register another.</p>
        </section>
        <section aria-labelledby="delete-coupon">
          <h2 id="delete-coupon">Delete</h2>
          <p>A deleted coupon credits no new sale; sales it already credited keep it.</p>
          <form method="post" action={`/dashboard/coupons/${k.id}/delete`}>
            <CsrfField token={csrf} />
            <AskFirst question={`Delete the coupon ${k.code}? Sales with it stop being attributed.`} yes="Yes, delete" />
            <button type="submit" class="danger" aria-label={`Delete coupon ${k.code}`}>
              Delete
            </button>
          </form>
        </section>
      </>,
      status,
    );
  };
  const fail = (c: DashboardContext, id: string, form: Form | undefined, error: Parameters<typeof refusal>[1]) => {
    throwIfNotFound(error);
    const r = refusal(c, error);
    return detail(c, id, { form, problem: r.problem }, r.status as 400);
  };

  return new Hono<DashboardEnv>()
    .get('/coupons/:id', (c) => detail(c, idOrNotFound(c.req.param('id'), 'Coupon')))
    .post('/coupons/:id/edit', async (c) => {
      const id = idOrNotFound(c.req.param('id'), 'Coupon');
      const form = await formOf(c);
      // As the API: the guards answer before the coupon is looked up.
      const refused = guardsRefuse(c, COUPON_WRITE_GUARDS);
      if (refused) throw refused;
      // The match-id fields the form sent; an empty one clears it (null), as in the API.
      const body = Object.fromEntries(COUPON_MATCH_ID_FIELDS.filter((f) => form[f] !== undefined).map((f) => [f, form[f] === '' ? null : form[f]]));
      const parsed = parseWith(UpdateCouponBody, body);
      if (!parsed.ok) return fail(c, id, form, parsed.error);
      const result = await useCases.updateCoupon.execute({ tenant: c.get('tenant'), id, patch: toCouponPatch(parsed.value) });
      if (result.isErr()) return fail(c, id, form, result.error);
      return done(c, `/dashboard/coupons/${id}`, 'Coupon saved.');
    })
    .post('/coupons/:id/delete', async (c) => {
      const id = idOrNotFound(c.req.param('id'), 'Coupon');
      await formOf(c);
      const refused = guardsRefuse(c, COUPON_WRITE_GUARDS);
      if (refused) throw refused;
      const result = await useCases.deleteCoupon.execute({ tenant: c.get('tenant'), id });
      if (result.isErr()) return fail(c, id, undefined, result.error);
      return done(c, '/dashboard/coupons', 'Coupon deleted.');
    });
};
