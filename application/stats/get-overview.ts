import { convertedTotal, DEFAULT_CURRENCY, dayOf, type CurrencyCode, type Decimal, type ExchangeRateTable } from '../../domain/index.js';
import { calendarMonthOf } from '../conversions/calendar-month.js';
import type { Clock } from '../ports/clock.js';
import type { ExchangeRates } from '../ports/exchange-rates.js';
import type { LatestConversion, Period, SalesFigures, StatsQueries } from '../ports/stats-queries.js';
import { RECENT_CONVERSIONS } from '../shared/recent-conversions.js';
import type { Tenant } from '../shared/tenant.js';
import { totalsOf } from './get-stats.js';
import { topAffiliates, type TopAffiliate } from './top-affiliates.js';

export const TOP_AFFILIATES = 5;

export interface Overview {
  /** The current UTC calendar month, from its first instant to now. */
  readonly period: Period;
  /** The currency with the largest revenue at the day's rates (`usd` when the month has no sales). */
  readonly currency: CurrencyCode;
  /** All currencies added as recorded. */
  readonly revenue: Decimal;
  readonly commissions: Decimal;
  readonly conversionsCount: number;
  readonly byCurrency: readonly SalesFigures[];
  readonly topAffiliates: readonly TopAffiliate[];
  readonly recentConversions: readonly LatestConversion[];
}

/** The currency carrying most of the month's revenue when currencies are compared at `rates`. */
export const leadingCurrency = (byCurrency: readonly SalesFigures[], rates: ExchangeRateTable): CurrencyCode => {
  let best: { currency: CurrencyCode; value: Decimal; revenue: Decimal } | null = null;
  for (const c of byCurrency) {
    const value = convertedTotal([{ currency: c.currency, amount: c.revenue }], rates);
    if (!best || value.gt(best.value) || (value.eq(best.value) && c.revenue.gt(best.revenue))) {
      best = { currency: c.currency, value, revenue: c.revenue };
    }
  }
  return best?.currency ?? DEFAULT_CURRENCY;
};

/** `GET /stats/overview`: the current calendar month at a glance, in the key's mode. */
export class GetOverview {
  constructor(
    private readonly queries: StatsQueries,
    private readonly rates: ExchangeRates,
    private readonly clock: Clock,
  ) {}

  async execute(tenant: Tenant): Promise<Overview> {
    const now = this.clock.now();
    const period = { from: calendarMonthOf(now).from, to: now };
    const [byCurrency, rates, recentConversions] = await Promise.all([
      this.queries.salesByCurrency(tenant, period, now),
      this.rates.tableFor(dayOf(now)),
      this.queries.latestConversions(tenant, RECENT_CONVERSIONS),
    ]);
    const top = await topAffiliates(
      this.queries,
      tenant,
      dayOf(period.from),
      byCurrency.map((c) => c.currency),
      rates,
      TOP_AFFILIATES,
    );
    const totals = totalsOf(byCurrency);
    return {
      period,
      currency: leadingCurrency(byCurrency, rates),
      revenue: totals.revenue,
      commissions: totals.commissions,
      conversionsCount: totals.conversions,
      byCurrency,
      topAffiliates: top,
      recentConversions,
    };
  }
}
