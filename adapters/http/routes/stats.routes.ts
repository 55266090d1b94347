import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { recentConversionJson } from './recent-conversion.json.js';
import type { SalesFigures } from '../../../application/ports/stats-queries.js';
import type { GetOverview, Overview } from '../../../application/stats/get-overview.js';
import type { GetStats } from '../../../application/stats/get-stats.js';
import { CONVERSION_STATUSES } from '../../../domain/index.js';
import type { AppEnv } from '../app-env.js';
import { ApiError } from '../api-error.js';
import { sendData } from '../envelope.js';
import { validationHook } from '../validation.js';
import { dateRangeQuery, toDateRange } from './date-range.js';
import { moneyNumber } from '../money.json.js';

const ByCurrencySchema = z
  .object({ currency: z.string(), revenue: z.number(), tax: z.number(), commissions: z.number(), conversions: z.number().int() })
  .openapi('StatsByCurrency');

export const StatsSchema = z
  .object({
    totalRevenue: z.number().openapi({ description: 'Counted sales (net of tax), all currencies added as recorded, not converted' }),
    totalTax: z.number(),
    totalCommissions: z.number(),
    totalConversions: z.number().int().openapi({ description: 'Sales in every status but rejected and refunded' }),
    totalClicks: z.number().int(),
    totalAffiliates: z.number().int().openapi({ description: "Distinct affiliates approved on at least one campaign, in the key's mode (now)" }),
    totalLeads: z.number().int().openapi({ description: "Customers linked to an affiliate in the period (leads: the tracking script's `lead()`, `POST /customers`, a provider's customer notification)", 'x-extension': true }),
    byCurrency: z.array(ByCurrencySchema),
    periodStart: z.string(),
    periodEnd: z.string().openapi({ description: 'Exclusive end of the period' }),
  })
  .openapi('Stats');

export const OverviewSchema = z
  .object({
    period: z.object({ from: z.string(), to: z.string() }),
    currency: z.string().openapi({ description: "The month's leading currency (largest revenue at the day's rates); usd without sales" }),
    revenue: z.number(),
    commissions: z.number(),
    conversionsCount: z.number().int(),
    byCurrency: z.array(ByCurrencySchema),
    topAffiliates: z.array(
      z.object({
        affiliateId: z.string(),
        name: z.string(),
        commission: z.number(),
        commissionByCurrency: z.array(z.object({ currency: z.string(), amount: z.number() })),
        conversions: z.number().int(),
      }),
    ),
    recentConversions: z.array(
      z.object({
        id: z.string(),
        orderId: z.string().nullable(),
        customerName: z.string().nullable(),
        amount: z.number(),
        commission: z.number(),
        currency: z.string(),
        status: z.enum(CONVERSION_STATUSES),
        createdAt: z.string(),
      }),
    ),
  })
  .openapi('StatsOverview');

const byCurrencyJson = (c: SalesFigures) => ({
  currency: c.currency,
  revenue: moneyNumber(c.revenue),
  tax: moneyNumber(c.tax),
  commissions: moneyNumber(c.commissions),
  conversions: c.conversions,
});

/** The `data` of `GET /stats/overview` (and of the assistant tool `get_program_overview`). */
export const overviewJson = (o: Overview): z.infer<typeof OverviewSchema> => ({
  period: { from: o.period.from.toISOString(), to: o.period.to.toISOString() },
  currency: o.currency,
  revenue: moneyNumber(o.revenue),
  commissions: moneyNumber(o.commissions),
  conversionsCount: o.conversionsCount,
  byCurrency: o.byCurrency.map(byCurrencyJson),
  topAffiliates: o.topAffiliates.map((a) => ({
    affiliateId: a.affiliateId,
    name: a.name,
    commission: moneyNumber(a.commission),
    commissionByCurrency: a.commissionByCurrency.map((x) => ({ currency: x.currency, amount: moneyNumber(x.amount) })),
    conversions: a.conversions,
  })),
  recentConversions: o.recentConversions.map(recentConversionJson),
});

export interface StatsUseCases {
  getStats: GetStats;
  getOverview: GetOverview;
}

/** `/stats` and `/stats/overview`: any valid key; figures in the key's mode. */
export const statsRoutes = (useCases: StatsUseCases) =>
  new OpenAPIHono<AppEnv>({ defaultHook: validationHook })
    .openapi(
      createRoute({
        method: 'get',
        path: '/stats',
        tags: ['Statistics'],
        summary: "Totals of the key's mode over a period (default: this month so far)",
        request: { query: z.object(dateRangeQuery) },
        responses: { 200: { description: 'Statistics', content: { 'application/json': { schema: z.object({ data: StatsSchema }) } } } },
      }),
      async (c) => {
        const range = toDateRange(c.req.valid('query'));
        const result = await useCases.getStats.execute(c.get('tenant'), range);
        if (result.isErr()) throw ApiError.from(result.error);
        const s = result.value;
        return sendData(c, {
          totalRevenue: moneyNumber(s.totalRevenue),
          totalTax: moneyNumber(s.totalTax),
          totalCommissions: moneyNumber(s.totalCommissions),
          totalConversions: s.totalConversions,
          totalClicks: s.totalClicks,
          totalAffiliates: s.totalAffiliates,
          totalLeads: s.totalLeads,
          byCurrency: s.byCurrency.map(byCurrencyJson),
          periodStart: s.periodStart.toISOString(),
          periodEnd: s.periodEnd.toISOString(),
        });
      },
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/stats/overview',
        tags: ['Statistics'],
        summary: 'The current calendar month at a glance',
        responses: { 200: { description: 'Overview', content: { 'application/json': { schema: z.object({ data: OverviewSchema }) } } } },
      }),
      async (c) => {
        return sendData(c, overviewJson(await useCases.getOverview.execute(c.get('tenant'))));
      },
    );
