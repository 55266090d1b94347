import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { RiskFlagStore } from '../../../application/ports/risk-flag-store.js';
import type { RiskRules } from '../../../application/risk/risk-rules.js';
import type { ListRiskReviews } from '../../../application/risk/list-risk-reviews.js';
import { RISK_REVIEW_STATUSES } from '../../../application/ports/risk-review-queries.js';
import { riskReviewJson, RiskReviewSchema } from './risk-review.json.js';
import { formatAmount, PAID_ADS_POLICIES, RISK_SIGNALS, SIGNAL_ACTIONS, type Mode, type RiskSettings } from '../../../domain/index.js';
import type { AppEnv } from '../app-env.js';
import { ApiError } from '../api-error.js';
import { sendData, sendPage } from '../envelope.js';
import { requireWriteKey } from '../middleware/guards.js';
import { PaginationSchema, pageQuery, validationHook } from '../validation.js';

const actionsShape = Object.fromEntries(RISK_SIGNALS.map((s) => [s, z.enum(SIGNAL_ACTIONS)])) as Record<(typeof RISK_SIGNALS)[number], z.ZodEnum<{ [K in (typeof SIGNAL_ACTIONS)[number]]: K }>>;
const Velocity = z.object({
  max: z.number().int().openapi({ description: 'More than this many in the window fires the signal' }),
  windowMinutes: z.number().int(),
});

export const RiskSettingsSchema = z
  .object({
    mode: z.enum(['live', 'test']),
    actions: z.object(actionsShape).openapi({ description: 'Per signal: `off`, `flag` (for review), `hold` (flag and hold the sale); `refuse` for `self_referral` only' }),
    fastConversionSeconds: z.number().int().openapi({ description: '`fast_conversion`: a sale less than this many seconds after its click' }),
    clickVelocity: Velocity.openapi({ description: '`click_velocity`: clicks of one visitor (fingerprint or address) in the window' }),
    conversionVelocity: Velocity.openapi({ description: '`conversion_velocity`: sales from one visitor in the window' }),
    refundRatePercent: z.number().int().openapi({ description: '`high_refund_rate`: refunded share over 90 days above this percent' }),
    refundRateMinConversions: z.number().int().openapi({ description: '`high_refund_rate`: only once the affiliate has this many sales in 90 days' }),
    bannedReferrerDomains: z.array(z.string()).openapi({ description: '`banned_referrer`: these domains and their subdomains' }),
    paidAds: z.enum(PAID_ADS_POLICIES).openapi({ description: '`forbidden`: clicks from paid ads (gclid, fbclid, msclkid, …) fire `paid_ads_click`' }),
    scriptSales: z.enum(['on', 'off']).openapi({ description: '`off`: `POST /t/v1/sales` answers `403 script_sales_disabled`' }),
    scriptSaleMaxAmount: z.record(z.string(), z.string()).openapi({ description: 'Per lowercase currency: the largest amount one script-reported sale may carry; with any set, other currencies are refused' }),
    updatedAt: z.string().nullable(),
  })
  .openapi('RiskSettings', {
    'x-extension': true,
    example: {
      mode: 'live',
      actions: {
        self_referral: 'refuse',
        customer_matches_affiliate: 'flag',
        disposable_email: 'flag',
        fast_conversion: 'hold',
        paid_ads_click: 'flag',
        banned_referrer: 'flag',
        click_velocity: 'flag',
        conversion_velocity: 'flag',
        shared_payout_details: 'flag',
        high_refund_rate: 'flag',
        unconfirmed_script_sale: 'hold',
      },
      fastConversionSeconds: 10,
      clickVelocity: { max: 30, windowMinutes: 60 },
      conversionVelocity: { max: 3, windowMinutes: 1440 },
      refundRatePercent: 30,
      refundRateMinConversions: 5,
      bannedReferrerDomains: ['coupon-spam.example'],
      paidAds: 'forbidden',
      scriptSales: 'on',
      scriptSaleMaxAmount: { usd: '500.00' },
      updatedAt: '2026-11-28T10:00:00.000Z',
    },
  });

const PartialVelocity = z.object({ max: z.number().int().optional(), windowMinutes: z.number().int().optional() }).strict();
export const RiskSettingsPatchBody = z
  .object({
    actions: z.object(Object.fromEntries(RISK_SIGNALS.map((s) => [s, z.enum(SIGNAL_ACTIONS).optional()]))).strict().optional(),
    fastConversionSeconds: z.number().int().optional(),
    clickVelocity: PartialVelocity.optional(),
    conversionVelocity: PartialVelocity.optional(),
    refundRatePercent: z.number().int().optional(),
    refundRateMinConversions: z.number().int().optional(),
    bannedReferrerDomains: z.array(z.string().max(253)).max(500).optional().openapi({ description: 'Replaces the list; each entry a domain or a URL (its host is kept)' }),
    paidAds: z.enum(PAID_ADS_POLICIES).optional(),
    scriptSales: z.enum(['on', 'off']).optional(),
    scriptSaleMaxAmount: z.record(z.string(), z.union([z.number(), z.string(), z.null()])).optional().openapi({ description: 'Currency → amount (number or decimal string); null removes that currency' }),
  })
  .strict()
  .openapi('UpdateRiskSettings', { example: { actions: { fast_conversion: 'hold' }, paidAds: 'forbidden', bannedReferrerDomains: ['coupon-spam.example'], scriptSaleMaxAmount: { usd: 500 } } });

export const riskSettingsJson = (s: RiskSettings, mode: Mode): z.infer<typeof RiskSettingsSchema> => ({
  mode,
  actions: { ...s.actions },
  fastConversionSeconds: s.fastConversionSeconds,
  clickVelocity: { ...s.clickVelocity },
  conversionVelocity: { ...s.conversionVelocity },
  refundRatePercent: s.refundRatePercent,
  refundRateMinConversions: s.refundRateMinConversions,
  bannedReferrerDomains: [...s.bannedReferrerDomains],
  paidAds: s.paidAds,
  scriptSales: s.scriptSales,
  scriptSaleMaxAmount: Object.fromEntries([...s.scriptSaleMaxAmount].sort(([a], [b]) => a.localeCompare(b)).map(([c, v]) => [c, formatAmount(v, c)])),
  updatedAt: s.updatedAt?.toISOString() ?? null,
});

const response = (description: string) => ({ description, content: { 'application/json': { schema: z.object({ data: RiskSettingsSchema }) } } });
const tags = ['Risk'];

/** `/risk/settings`: what each risk signal does and its thresholds, per mode. */
export interface RiskRouteDependencies {
  readonly rules: RiskRules;
  readonly flags: RiskFlagStore;
  readonly reviews: ListRiskReviews;
}

const ReviewQuery = z.object({
  ...pageQuery,
  kind: z.enum(['conversion', 'affiliate']).optional().openapi({ description: 'Only conversions or only affiliates' }),
  signal: z.enum(RISK_SIGNALS).optional().openapi({ description: 'Only subjects with a current flag of this signal' }),
  status: z
    .enum(RISK_REVIEW_STATUSES)
    .optional()
    .openapi({ description: "A conversion's status, or an affiliate's standing: `flagged` or `banned`" }),
});

export const riskRoutes = ({ rules, reviews }: RiskRouteDependencies) =>
  new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
    .openapi(
      createRoute({
        method: 'get',
        path: '/risk/reviews',
        tags,
        summary: 'The review queue: flagged or held conversions, flagged or banned affiliates',
        description:
          'Any valid key. Newest first (by the newest flag; a sale held by hand by its hold, a banned affiliate without flags by its ban). Each item lists its flags with the message in words and the evidence (ids of clicks, conversions, affiliates, portal sessions, or values) the signal read. Decide with the existing moves: `PATCH /conversions/:id` (approve, reject, release), `PATCH /affiliates/:id` (suspend), `POST /affiliates/:id/ban`. Test keys skip risk checks, so test mode lists only sales held by hand.',
        request: { query: ReviewQuery },
        responses: {
          200: {
            description: 'A page of subjects to review',
            content: { 'application/json': { schema: z.object({ data: z.array(RiskReviewSchema), pagination: PaginationSchema }) } },
          },
        },
      }),
      async (c) => {
        const { page, limit, ...filter } = c.req.valid('query');
        return sendPage(c, await reviews.execute(c.get('tenant'), filter, { page, limit }), riskReviewJson);
      },
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/risk/settings',
        tags,
        summary: 'The risk rules of the key mode',
        description: 'Any valid key. Defaults: `self_referral` refuses the sale, `unconfirmed_script_sale` holds, every other signal flags. Test keys skip risk checks (script-sale rules still apply).',
        responses: { 200: response('The rules (the defaults when none were saved)') },
      }),
      async (c) => {
        const tenant = c.get('tenant');
        return sendData(c, riskSettingsJson(await rules.get(tenant), tenant.mode));
      },
    )
    .openapi(
      createRoute({
        method: 'patch',
        path: '/risk/settings',
        tags,
        summary: 'Change the risk rules of the key mode',
        description: 'Write keys. A partial change: fields left out keep their value; an invalid field answers `400 validation_error` and changes nothing. Applies to sales and affiliates checked from now on.',
        middleware: [requireWriteKey] as const,
        request: { body: { content: { 'application/json': { schema: RiskSettingsPatchBody } }, required: true } },
        responses: { 200: response('The changed rules') },
      }),
      async (c) => {
        const tenant = c.get('tenant');
        const result = await rules.change(tenant, c.req.valid('json'));
        if (result.isErr()) throw ApiError.from(result.error);
        return sendData(c, riskSettingsJson(result.value, tenant.mode));
      },
    );
