import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import type { Clock } from '../../../application/ports/clock.js';
import type { RateLimiter } from '../../../application/ports/rate-limiter.js';
import { publicAddressBucket, type PublicLimits } from '../../../application/rate-limiting/public-limits.js';
import type { VisitorFingerprint } from '../../../application/ports/visitor-fingerprint.js';
import type { KeptClick, TrackingScript } from '../../../application/tracking-script/tracking-script.js';
import type { Tenant } from '../../../application/shared/tenant.js';
import { COUPON_PROVIDERS, DEFAULT_CURRENCY, parseAmount, parseCurrency } from '../../../domain/index.js';
import type { AppEnv } from '../app-env.js';
import { ApiError } from '../api-error.js';
import { sendData } from '../envelope.js';
import { clientAddress } from '../middleware/client-address.js';
import { validationHook } from '../validation.js';
import { requireId } from './path-id.js';
import { trackingScriptAsset } from './tracking-script.asset.js';

const MAX_AMOUNT = 1_000_000_000;

export interface TrackingScriptDependencies {
  readonly script: TrackingScript;
  readonly limiter: RateLimiter;
  readonly fingerprint: VisitorFingerprint;
  readonly clock: Clock;
  readonly limits: Pick<PublicLimits, 'scriptCallsPerVisitor' | 'scriptCallsPerAddress' | 'scriptSalesPerAddress'>;
}

const tenantFields = {
  merchantId: z.string().min(1).openapi({ description: "The merchant's id (the snippet's `data-merchant`)" }),
  mode: z.enum(['live', 'test']).optional().openapi({ description: "The snippet's `data-mode`; default `live`" }),
};
const tenantOf = (body: { merchantId: string; mode?: 'live' | 'test' | undefined }): Tenant => ({
  merchantId: requireId(body.merchantId, 'Merchant'),
  mode: body.mode ?? 'live',
});
const EXAMPLE_MERCHANT = '01900000-0000-7000-8000-0000000000a1';
const EXAMPLE_CLICK = '0193a5b0-7e1c-7c3a-9f00-3d2f8c1b2a10_CzBVep_E6Q4zWH2ix-wRNluApcrvFDleg6jN8hc8YYar0PUaP2SJrtP4HUJnjLHW-yBFao-02f4jSG2St9wBJktwlbrfBClO';
const clickIdField = z.string().min(1).max(255).openapi({ description: 'A live click id of the merchant (from `click_id` or `POST /t/v1/clicks`; a signed id is 133 characters)' });

const KeptClickSchema = z
  .object({
    clickId: z.string(),
    attributionWindowDays: z.number().int().openapi({ description: "The campaign's attribution window" }),
    expiresAt: z.string().openapi({ description: 'When the click stops attributing: keep it (a first-party cookie) until then' }),
  })
  .openapi('TrackingScriptClick', { 'x-extension': true });
const keptClickJson = (k: KeptClick) => ({ clickId: k.clickId, attributionWindowDays: k.attributionWindowDays, expiresAt: k.expiresAt.toISOString() });

const ClickBody = z
  .object({
    ...tenantFields,
    trackingCode: z.string().min(1).max(32).openapi({ description: "The campaign's trackingCode (the snippet's `data-campaign`)" }),
    refCode: z.string().min(1).max(64).openapi({ description: 'The referral code the visitor landed with (`ref`, or an imported affiliate\'s old `via`, `fpr`, `tolt_referral`, `sid`)' }),
    landingUrl: z.string().max(2048).optional().openapi({ description: 'The page URL the visitor landed on (risk signals read ad click ids such as `gclid`)' }),
    referrer: z.string().max(2048).optional().openapi({ description: "The page that sent the visitor (`document.referrer`)" }),
  })
  .strict()
  .openapi('TrackingScriptClickBody', { 'x-extension': true, example: { merchantId: EXAMPLE_MERCHANT, trackingCode: 'spring26', refCode: 'robin7' } });

const ClickQuery = z.object(tenantFields);

const LeadBody = z
  .object({
    ...tenantFields,
    clickId: clickIdField,
    email: z.email().max(320).optional(),
    customerId: z.string().trim().min(1).max(255).optional().openapi({ description: "The payment provider's customer id (e.g. `cus_…`)" }),
    provider: z.enum(COUPON_PROVIDERS).optional().openapi({ description: 'Whose customer id `customerId` is; default `card`' }),
  })
  .strict()
  .openapi('TrackingScriptLead', { 'x-extension': true, example: { merchantId: EXAMPLE_MERCHANT, clickId: EXAMPLE_CLICK, email: 'ada@example.com', customerId: 'cus_Q1w2E3r4' } });

const SaleBody = z
  .object({
    ...tenantFields,
    clickId: clickIdField,
    orderId: z.string().trim().min(1).max(255).openapi({ description: 'Your order id: a payment provider reporting the same order later replaces this report' }),
    amount: z.number().min(0).max(MAX_AMOUNT).openapi({ description: 'Sale amount in major units (dollars, not cents)' }),
    currency: z.string().regex(/^[A-Za-z]{3}$/, 'must be a 3-letter currency code').optional().openapi({ description: 'Default `usd`' }),
  })
  .strict()
  .openapi('TrackingScriptSale', { 'x-extension': true, example: { merchantId: EXAMPLE_MERCHANT, clickId: EXAMPLE_CLICK, orderId: 'cs_live_a1B2c3', amount: 49.5, currency: 'usd' } });

const LeadReceipt = z.object({ id: z.string(), linked: z.boolean().openapi({ description: 'False: the customer was linked already (the first link stays)' }) }).openapi('TrackingScriptLeadReceipt', { 'x-extension': true });
const SaleReceipt = z.object({ conversionId: z.string(), status: z.string() }).openapi('TrackingScriptSaleReceipt', { 'x-extension': true });

const json = <T extends z.ZodType>(schema: T, description: string) => ({ description, content: { 'application/json': { schema: z.object({ data: schema }) } } });
const jsonBody = <T extends z.ZodType>(schema: T) => ({ body: { content: { 'application/json': { schema } }, required: true } });

const PUBLIC =
  'No API key: a live click id of the merchant authorises the report. Rate limited per visitor (address and browser) and per client address (every visitor behind it together): `429` with `Retry-After` past either limit, other addresses unaffected. CORS open to any origin.';

const tooMany = (message: string, retryAfterSeconds: number) =>
  new ApiError('rate_limit_exceeded', message, undefined, { 'Retry-After': String(Math.max(1, retryAfterSeconds)) });

/**
 * Per visitor (the salted fingerprint of address and user agent, as clicks use) and per client
 * address, so a new browser name buys nothing; a sale also counts in the address's sales budget.
 * Refused past any of them.
 */
const perVisitorAndAddress =
  (deps: TrackingScriptDependencies, kind: 'call' | 'sale'): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    const address = clientAddress(c);
    const now = deps.clock.now();
    const byAddress = await deps.limiter.consume(publicAddressBucket('script', address), deps.limits.scriptCallsPerAddress, now);
    if (!byAddress.allowed) throw tooMany(`More than ${deps.limits.scriptCallsPerAddress} tracking calls a minute from this address`, byAddress.retryAfterSeconds);
    const fingerprint = await deps.fingerprint.of(address, c.req.header('user-agent')?.slice(0, 512) ?? null);
    const byVisitor = await deps.limiter.consume(`script:${fingerprint.slice(0, 32)}`, deps.limits.scriptCallsPerVisitor, now);
    if (!byVisitor.allowed) throw tooMany(`More than ${deps.limits.scriptCallsPerVisitor} tracking calls a minute from this visitor`, byVisitor.retryAfterSeconds);
    if (kind === 'sale') {
      const sales = await deps.limiter.consume(publicAddressBucket('script-sales', address), deps.limits.scriptSalesPerAddress, now);
      if (!sales.allowed) throw tooMany(`More than ${deps.limits.scriptSalesPerAddress} script sales a minute from this address`, sales.retryAfterSeconds);
    }
    await next();
  };

/**
 * The tracking script (`GET /t.js`) and its public endpoints (`/t/v1/…`), outside `/api`: the page
 * has no API key, so each report must name a live click of the merchant and mode it claims.
 */
export const trackingScriptRoutes = (deps: TrackingScriptDependencies) => {
  const limited = perVisitorAndAddress(deps, 'call');
  const limitedSale = perVisitorAndAddress(deps, 'sale');
  const routes = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  routes.get('/t.js', (c) => trackingScriptAsset(c));
  return routes
    .openapi(
      createRoute({
        method: 'get',
        path: '/t/v1/clicks/{clickId}',
        tags: ['Tracking'],
        summary: 'Whether a landing\'s `click_id` still attributes, and until when',
        description: `${PUBLIC} Another merchant's or mode's click, an unknown one or one past its campaign's attribution window answers \`404 not_found\`.`,
        security: [],
        middleware: [limited] as const,
        request: { params: z.object({ clickId: z.string().openapi({ param: { name: 'clickId', in: 'path' } }) }), query: ClickQuery },
        responses: { 200: json(KeptClickSchema, 'The click attributes until `expiresAt`') },
      }),
      async (c) => {
        const result = await deps.script.checkClick(tenantOf(c.req.valid('query')), c.req.valid('param').clickId);
        if (result.isErr()) throw ApiError.from(result.error);
        return sendData(c, keptClickJson(result.value));
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/t/v1/clicks',
        tags: ['Tracking'],
        summary: 'Register the click of a visitor who landed with `?ref=<refCode>`',
        description: `${PUBLIC} Records the click the affiliate's tracking link would have recorded (active campaign, affiliate approved on it, the merchant's and mode's); otherwise \`404 not_found\`.`,
        security: [],
        middleware: [limited] as const,
        request: jsonBody(ClickBody),
        responses: { 201: json(KeptClickSchema, 'Recorded') },
      }),
      async (c) => {
        const body = c.req.valid('json');
        const result = await deps.script.registerClick(tenantOf(body), { trackingCode: body.trackingCode, refCode: body.refCode }, {
          address: clientAddress(c),
          userAgent: c.req.header('user-agent')?.slice(0, 512) ?? null,
          landingUrl: body.landingUrl ?? null,
          referrer: body.referrer ?? null,
        });
        if (result.isErr()) throw ApiError.from(result.error);
        return sendData(c, keptClickJson(result.value), 201);
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/t/v1/leads',
        tags: ['Tracking'],
        summary: "The page's `lead({ email, customerId })`: link a customer to the click's affiliate",
        description: `${PUBLIC} \`email\` or \`customerId\` is required. A customer linked already keeps its first link (\`200\`, \`linked: false\`). Listed by \`GET /api/v1/customers\`.`,
        security: [],
        middleware: [limited] as const,
        request: jsonBody(LeadBody),
        responses: { 200: json(LeadReceipt, 'Already linked'), 201: json(LeadReceipt, 'Linked') },
      }),
      async (c) => {
        const body = c.req.valid('json');
        const result = await deps.script.lead(tenantOf(body), {
          clickId: body.clickId,
          email: body.email ?? null,
          customerId: body.customerId ?? null,
          provider: body.provider ?? 'card',
        });
        if (result.isErr()) throw ApiError.from(result.error);
        const receipt = { id: result.value.lead.id, linked: result.value.linked };
        return result.value.linked ? sendData(c, receipt, 201) : sendData(c, receipt, 200);
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/t/v1/sales',
        tags: ['Tracking'],
        summary: "The page's `sale({ orderId, amount, currency })`: a sale attributed to the click's affiliate",
        description: `${PUBLIC} Recorded through the same checks as \`POST /api/v1/conversions\`, with \`source: tracking_script\`; never approved automatically. A payment provider's later notification of the same \`orderId\` replaces it (its figures and source, \`conversion.updated\`); an order a provider reported already answers \`409 duplicate\`. Such a sale moves no money on its own: it stays out of the monthly earnings cap, volume tiers, team goals and payouts (held by default) until a provider confirms it or the merchant approves it. One sale per click (a second answers \`409 duplicate\`); the merchant's ceiling per currency (\`400 validation_error\`); \`403 script_sales_disabled\` while the merchant's \`scriptSales\` is off.`,
        security: [],
        middleware: [limitedSale] as const,
        request: jsonBody(SaleBody),
        responses: { 201: json(SaleReceipt, 'Recorded, pending') },
      }),
      async (c) => {
        const body = c.req.valid('json');
        const currency = parseCurrency(body.currency ?? DEFAULT_CURRENCY);
        if (currency.isErr()) throw ApiError.from(currency.error);
        const amount = parseAmount(body.amount, { field: 'amount', min: 0 });
        if (amount.isErr()) throw ApiError.from(amount.error);
        const result = await deps.script.sale(tenantOf(body), { clickId: body.clickId, orderId: body.orderId, amount: amount.value, currency: currency.value });
        if (result.isErr()) throw ApiError.from(result.error);
        return sendData(c, { conversionId: result.value.id, status: result.value.status }, 201);
      },
    );
};
