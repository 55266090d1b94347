/** @jsxImportSource hono/jsx */
import { Hono } from 'hono';
import type { ListCampaigns } from '../../../application/campaigns/list-campaigns.js';
import { APPLE_OFFER_TYPES, COUPON_PROVIDERS, isCouponProvider } from '../../../domain/index.js';
import { ApiError } from '../../http/api-error.js';
import { isUuid } from '../../ids/uuid-v7-generator.js';
import { CreateCouponBody, toRegisterCouponInput } from '../../http/routes/coupon.input.js';
import { couponJson } from '../../http/routes/coupon.json.js';
import type { CouponUseCases } from '../../http/routes/coupons.routes.js';
import { campaignChoices } from '../campaign-choices.js';
import type { DashboardEnv } from '../dashboard-env.js';
import { done, formOf, guardsRefuse, noticeOf, numberOrText, optional, page, pageParams, parseWith, refusal, type DashboardContext, type Form } from '../page-kit.js';
import { choicesOf, ErrorBox, FilterForm, Notice, Pager, SelectField, Table, TextField, type Problem } from '../views/components.js';
import { CsrfField } from '../views/layout.js';
import { couponDetailRoutes, COUPON_WRITE_GUARDS } from './coupon-detail.js';
import { providerName } from '../../display/names.js';
import { offeredAffiliates, type People } from '../affiliate-choices.js';
import { AffiliateCell, AffiliatePicker } from '../views/people.js';
import { AskFirst } from '../ask-first.js';
import { dateRangeOf, DateRangeFields } from '../date-range.js';

const APPLE_OFFER_LABELS: Record<(typeof APPLE_OFFER_TYPES)[number], string> = { 1: '1: introductory', 2: '2: promotional', 3: '3: offer code' };
const APPLE_OFFER_CHOICES = APPLE_OFFER_TYPES.map((t) => ({ value: String(t), label: APPLE_OFFER_LABELS[t] }));

/** The register form's values as `POST /coupons` would receive them: empty fields are absent, numbers are numbers. */
const createBodyOf = (form: Form, affiliateId: string) => ({
  campaignId: form.campaignId ?? '',
  affiliateId,
  code: form.code ?? '',
  provider: optional(form.provider),
  cardPromotionCodeId: optional(form.cardPromotionCodeId),
  merchantAdiscountId: optional(form.merchantAdiscountId),
  morBDiscountId: optional(form.morBDiscountId),
  morCDiscountId: optional(form.morCDiscountId),
  appleOfferType: numberOrText(form.appleOfferType),
  percentOff: numberOrText(form.percentOff),
  amountOff: numberOrText(form.amountOff),
  currency: optional(form.currency),
});

const RegisterForm = ({ csrf, form, problem, choices, offered }: { csrf: string; form: Form; problem: Problem | null | undefined; choices: readonly { id: string; name: string }[]; offered: readonly { name: string; email: string }[] }) => (
  <form method="post" action="/dashboard/coupons" class="stack">
    <CsrfField token={csrf} />
    <TextField form={form} problem={problem} name="code" label="Code (as customers enter it)" required />
    <SelectField label="Provider" name="provider" choices={PROVIDER_CHOICES} selected={form.provider} problem={problem} />
    <SelectField label="Campaign" name="campaignId" choices={choicesOf(choices)} selected={form.campaignId} required />
    <AffiliatePicker name="affiliateId" label="Affiliate" value={form.affiliateId} offered={offered} required invalid={problem?.details?.some((d) => d.field === 'affiliateId')} />
    <fieldset class="stack">
      <legend>The provider's id for this code (optional; only the field of the coupon's provider)</legend>
      <TextField form={form} problem={problem} name="cardPromotionCodeId" label="Stripe: promotion code id (promo_…)" />
      <TextField form={form} problem={problem} name="merchantAdiscountId" label="Paddle: discount id" />
      <TextField form={form} problem={problem} name="morBDiscountId" label="Lemon Squeezy: discount id" />
      <TextField form={form} problem={problem} name="morCDiscountId" label="Polar: discount id" />
      <SelectField label="App Store: offer type" name="appleOfferType" none="None" choices={APPLE_OFFER_CHOICES} selected={form.appleOfferType} problem={problem} />
    </fieldset>
    <fieldset class="stack">
      <legend>The discount, as affiliates are shown it (optional; the provider applies it)</legend>
      <TextField form={form} problem={problem} name="percentOff" label="Percent off" inputmode="decimal" />
      <TextField form={form} problem={problem} name="amountOff" label="Amount off" inputmode="decimal" />
      <TextField form={form} problem={problem} name="currency" label="Currency of the amount off" maxlength={3} />
    </fieldset>
    <button type="submit">Register coupon</button>
  </form>
);

const PROVIDER_CHOICES = COUPON_PROVIDERS.map((p) => ({ value: p, label: providerName(p) }));

/** Coupon references (the codes live at the payment provider): filter, register, open one to change its provider id, delete. */
export const couponRoutes = (useCases: CouponUseCases, listCampaigns: ListCampaigns, people: People) => {
  const list = async (c: DashboardContext, form?: Form, problem?: Problem | null, status: 200 | 400 | 403 | 404 | 409 = 200) => {
    const tenant = c.get('tenant');
    const { page: pageNo, limit } = pageParams(c);
    const q = {
      campaignId: optional(c.req.query('campaignId')),
      provider: isCouponProvider(c.req.query('provider') ?? '') ? (c.req.query('provider') as (typeof COUPON_PROVIDERS)[number]) : undefined,
      code: optional(c.req.query('code')?.trim()),
    };
    const range = dateRangeOf((name) => c.req.query(name), people.clock.now());
    // As the API: a filter on an id that cannot exist matches nothing.
    const impossible = q.campaignId !== undefined && !isUuid(q.campaignId);
    const [result, choices, offered] = await Promise.all([
      impossible ? { items: [], total: 0, page: pageNo, limit } : useCases.couponQueries.list(tenant, { ...q, campaignId: q.campaignId?.toLowerCase(), createdFrom: range.from, createdBefore: range.to }, { page: pageNo, limit }),
      campaignChoices(listCampaigns, tenant),
      offeredAffiliates(people, tenant, c.get('principal').merchant),
    ]);
    const affiliates = await people.names.directory(tenant, result.items.map((k) => k.coupon.affiliateId));
    const csrf = c.get('webSession')!.csrfToken;
    const filtered = q.campaignId !== undefined || q.provider !== undefined || q.code !== undefined || range.from !== undefined || range.to !== undefined;
    return page(
      c,
      'Coupons',
      '/dashboard/coupons',
      <>
        <Notice text={noticeOf(c)} />
        <ErrorBox problem={problem} />
        <section class="panel compact" aria-labelledby="new-coupon">
          <h2 id="new-coupon">Register a coupon</h2>
          <RegisterForm csrf={csrf} form={form ?? {}} problem={problem} choices={choices} offered={offered} />
        </section>
        <FilterForm action="/dashboard/coupons">
          <SelectField label="Campaign" name="campaignId" none="All campaigns" choices={choicesOf(choices)} selected={q.campaignId} />
          <SelectField label="Provider" name="provider" none="Any provider" choices={PROVIDER_CHOICES} selected={q.provider} />
          <label>
            Code
            <input name="code" value={q.code ?? ''} />
          </label>
          <DateRangeFields range={range} legend="Registered" />
        </FilterForm>
        <div id="list">
          <Table caption="Coupons" head={['Code', 'Provider', 'Campaign', { label: 'Affiliate', narrow: true }, 'Actions']} empty={result.items.length === 0 && (filtered ? 'No coupons match these filters.' : true)}>
            {result.items.map(couponJson).map((k) => (
              <tr>
                <td>
                  <a href={`/dashboard/coupons/${k.id}`}>
                    <code>{k.code}</code>
                  </a>
                </td>
                <td>{providerName(k.provider)}</td>
                <td>
                  <a href={`/dashboard/campaigns/${k.campaignId}`}>{k.campaignName}</a>
                </td>
                <td class="hide-narrow">
                  <AffiliateCell id={k.affiliateId} names={affiliates} />
                </td>
                <td>
                  <div class="actions">
                    <a class="button secondary" href={`/dashboard/coupons/${k.id}`} aria-label={`Edit coupon ${k.code}`}>
                      Edit
                    </a>
                    <form method="post" action={`/dashboard/coupons/${k.id}/delete`} class="inline">
                      <CsrfField token={csrf} />
                      <AskFirst question={`Delete the coupon ${k.code}? Sales with it stop being attributed.`} yes="Yes, delete" />
                      <button type="submit" class="danger" aria-label={`Delete coupon ${k.code}`}>
                        Delete
                      </button>
                    </form>
                  </div>
                </td>
              </tr>
            ))}
          </Table>
          <Pager base="/dashboard/coupons" params={q} page={result.page} limit={result.limit} total={result.total} />
        </div>
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
      const refused = guardsRefuse(c, COUPON_WRITE_GUARDS);
      if (refused) return fail(c, form, refused);
      const affiliateId = (await people.names.resolve(c.get('tenant'), form.affiliateId ?? '')) ?? '';
      if (affiliateId === '') return fail(c, form, new ApiError('validation_error', 'Choose an affiliate', [{ field: 'affiliateId', message: 'type the name or the email of one of your affiliates and pick it' }]));
      const parsed = parseWith(CreateCouponBody, createBodyOf(form, affiliateId));
      if (!parsed.ok) return fail(c, form, parsed.error);
      try {
        const result = await useCases.registerCoupon.execute(toRegisterCouponInput(parsed.value, c.get('tenant')));
        if (result.isErr()) return fail(c, form, result.error);
        return done(c, `/dashboard/coupons/${result.value.coupon.id}`, 'Coupon registered.');
      } catch (error) {
        if (error instanceof ApiError) return fail(c, form, error);
        throw error;
      }
    })
    .route('/', couponDetailRoutes(useCases, people));
};
