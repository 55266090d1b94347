import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { SavePayoutDetails } from '../../../application/affiliates/save-payout-details.js';
import type { SignUpAffiliate } from '../../../application/affiliates/sign-up-affiliate.js';
import type { LoadExchangeRates } from '../../../application/exchange-rates/load-exchange-rates.js';
import type { ReadExchangeRates } from '../../../application/exchange-rates/read-exchange-rates.js';
import { MODES } from '../../../domain/index.js';
import type { AppEnv } from '../app-env.js';
import { ApiError } from '../api-error.js';
import { sendData } from '../envelope.js';
import { affiliateListItemJson, AffiliateListItemSchema } from '../routes/affiliate.json.js';
import { requireId } from '../routes/path-id.js';
import { SERVICE_TIME_MESSAGE, validationHook, withinServiceTime } from '../validation.js';

const IdParam = z.object({ id: z.string().openapi({ param: { name: 'id', in: 'path' } }) });
const json = <T extends z.ZodType>(schema: T) => ({ content: { 'application/json': { schema } }, required: true });
const dataOf = <T extends z.ZodType>(schema: T, description = 'OK') => ({
  description,
  content: { 'application/json': { schema: z.object({ data: schema }) } },
});

const SignupBody = z
  .object({
    email: z.email().max(320),
    campaignId: z.string(),
    name: z.string().trim().min(1).max(200).optional(),
    mode: z.enum(MODES).default('live'),
  })
  .strict()
  .openapi('AffiliateSignup');
const SignupSchema = z
  .object({ affiliateId: z.string(), campaignId: z.string(), status: z.enum(['pending', 'approved', 'rejected', 'suspended']) })
  .openapi('AffiliateSignupResult');

const PayoutDetailsBody = z
  .object({ method: z.enum(['connect', 'wallet_a', 'transfer_b']), email: z.email().max(320).nullable().optional() })
  .strict()
  .openapi('AffiliatePayoutDetails');
/** The list item of the affiliate's oldest membership; campaign fields are null for one with none. */
const PayoutDetailsResponse = AffiliateListItemSchema.extend({
  status: z.enum(['approved', 'pending', 'rejected', 'suspended']).nullable(),
  campaignId: z.string().nullable(),
  campaignName: z.string().nullable(),
  joinedAt: z.string().nullable(),
  trackingLink: z.string().nullable(),
});

const ExchangeRatesBody = z
  .object({
    date: z.iso.date().refine(withinServiceTime, SERVICE_TIME_MESSAGE).openapi({ example: '2026-11-23' }),
    rates: z.record(z.string(), z.number()).openapi({ description: 'US dollars per one unit, by currency code', example: { eur: 1.16 } }),
  })
  .strict()
  .openapi('ExchangeRates');

export interface AffiliateAdminUseCases {
  signUpAffiliate: SignUpAffiliate;
  savePayoutDetails: SavePayoutDetails;
  loadExchangeRates: LoadExchangeRates;
  readExchangeRates: ReadExchangeRates;
}

const RatesQuery = z.object({
  date: z.iso
    .date()
    .refine(withinServiceTime, SERVICE_TIME_MESSAGE)
    .optional()
    .openapi({ description: "The day (default the service clock's UTC day)", example: '2026-11-23' }),
});
const RatesInEffectSchema = z
  .object({
    date: z.string(),
    rates: z.array(
      z.object({
        currency: z.string(),
        usdPerUnit: z.string().openapi({ description: 'US dollars per one unit' }),
        rateDate: z.string().openapi({ description: 'The day the rate was published for: an earlier day when `date` has none' }),
      }),
    ),
  })
  .openapi('ExchangeRatesInEffect');

/** Operator stand-ins for what affiliates do in their portal, and the exchange-rate loader. */
export const affiliateAdminRoutes = (useCases: AffiliateAdminUseCases) =>
  new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
    .openapi(
      createRoute({
        method: 'post',
        path: '/merchants/{id}/affiliate-signups',
        tags: ['Operator'],
        summary: 'An affiliate with a login account joins a campaign by itself',
        request: { params: IdParam, body: json(SignupBody) },
        responses: { 201: dataOf(SignupSchema, 'Joined'), 200: dataOf(SignupSchema, 'Already on the campaign; nothing changed') },
      }),
      async (c) => {
        const merchantId = requireId(c.req.valid('param').id, 'Merchant');
        c.set('auditMerchantId', merchantId);
        const body = c.req.valid('json');
        const result = await useCases.signUpAffiliate.execute({
          merchantId,
          campaignId: requireId(body.campaignId, 'Campaign'),
          email: body.email,
          name: body.name,
          mode: body.mode,
        });
        if (result.isErr()) throw ApiError.from(result.error);
        const { affiliateId, campaignId, status, joined } = result.value;
        return joined
          ? sendData(c, { affiliateId, campaignId, status }, 201)
          : sendData(c, { affiliateId, campaignId, status }, 200);
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/affiliates/{id}/payout-details',
        tags: ['Operator'],
        summary: 'The affiliate saves its payout method (and email for wallet_a / transfer_b)',
        request: { params: IdParam, body: json(PayoutDetailsBody) },
        responses: { 200: dataOf(PayoutDetailsResponse, 'Saved') },
      }),
      async (c) => {
        const id = requireId(c.req.valid('param').id, 'Affiliate');
        const result = await useCases.savePayoutDetails.execute(id, c.req.valid('json'));
        if (result.isErr()) throw ApiError.from(result.error);
        const { affiliate, item } = result.value;
        if (item) {
          c.set('auditMerchantId', item.merchantId);
          return sendData(c, affiliateListItemJson(item));
        }
        return sendData(c, {
          ...affiliateListItemJson({
            affiliate,
            merchantId: '',
            campaignId: '',
            campaignName: '',
            campaignTrackingCode: '',
            status: 'pending',
            joinedAt: affiliate.createdAt,
            trackingLink: '',
          }),
          status: null,
          campaignId: null,
          campaignName: null,
          joinedAt: null,
          trackingLink: null,
        });
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/exchange-rates',
        tags: ['Operator'],
        summary: "Load one day's exchange rates (US dollars per unit); they rank revenue and convert for limits, winning over the daily feed's",
        request: { body: json(ExchangeRatesBody) },
        responses: {
          200: dataOf(z.object({ date: z.string(), currencies: z.array(z.string()) }).openapi('LoadedExchangeRates'), 'Stored'),
        },
      }),
      async (c) => {
        const result = await useCases.loadExchangeRates.execute(c.req.valid('json'));
        if (result.isErr()) throw ApiError.from(result.error);
        return sendData(c, result.value);
      },
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/exchange-rates',
        tags: ['Operator'],
        summary: 'The exchange rate each currency has on a day, and the day it was published for',
        description:
          "What limits and rankings use for `date`: each currency's latest rate on or before it (the operator's winning over the daily feed's), with `rateDate` saying which day it comes from.",
        request: { query: RatesQuery },
        responses: { 200: dataOf(RatesInEffectSchema, 'The rates in effect') },
      }),
      async (c) => sendData(c, await useCases.readExchangeRates.execute(c.req.valid('query').date ?? null)),
    );
