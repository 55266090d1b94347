import { Decimal, type CurrencyCode } from '../../domain/index.js';
import type { Clock } from '../ports/clock.js';
import type { DailyFigures } from '../ports/daily-figures.js';
import type { Tenant } from '../shared/tenant.js';

export const SERIES_SPANS = [30, 90, 365] as const;
export type SeriesSpan = (typeof SERIES_SPANS)[number];

/** One value per day of the span, oldest first; money per currency, never converted. */
export interface DailySeries {
  readonly days: readonly string[];
  readonly clicks: readonly number[];
  readonly conversions: readonly number[];
  readonly byCurrency: ReadonlyMap<CurrencyCode, { readonly revenue: readonly Decimal[]; readonly commissions: readonly Decimal[] }>;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const dayOf = (d: Date) => d.toISOString().slice(0, 10);

/** The last `span` UTC days up to today: revenue, commissions, clicks and conversions per day. */
export class GetDailySeries {
  constructor(
    private readonly figures: DailyFigures,
    private readonly clock: Clock,
  ) {}

  async execute(tenant: Tenant, span: SeriesSpan): Promise<DailySeries> {
    const today = this.clock.now();
    const days = Array.from({ length: span }, (_, i) => dayOf(new Date(today.getTime() - (span - 1 - i) * DAY_MS)));
    const from = days[0]!;
    const to = days[days.length - 1]!;
    const [sales, clicks] = await Promise.all([this.figures.salesByDay(tenant, from, to), this.figures.clicksByDay(tenant, from, to)]);
    const index = new Map(days.map((d, i) => [d, i]));
    const clickSeries = days.map(() => 0);
    for (const c of clicks) {
      const i = index.get(c.day);
      if (i !== undefined) clickSeries[i] = c.clicks;
    }
    const conversions = days.map(() => 0);
    const byCurrency = new Map<CurrencyCode, { revenue: Decimal[]; commissions: Decimal[] }>();
    for (const s of sales) {
      const i = index.get(s.day);
      if (i === undefined) continue;
      conversions[i]! += s.conversions;
      let series = byCurrency.get(s.currency);
      if (!series) {
        series = { revenue: days.map(() => new Decimal(0)), commissions: days.map(() => new Decimal(0)) };
        byCurrency.set(s.currency, series);
      }
      series.revenue[i] = series.revenue[i]!.plus(s.revenue);
      series.commissions[i] = series.commissions[i]!.plus(s.commissions);
    }
    return { days, clicks: clickSeries, conversions, byCurrency };
  }

  /** Clicks and conversions of the `span` days before the series' first day (the overview's comparison). */
  async previousTotals(tenant: Tenant, span: SeriesSpan): Promise<{ readonly clicks: number; readonly conversions: number }> {
    const today = this.clock.now().getTime();
    const from = dayOf(new Date(today - (2 * span - 1) * DAY_MS));
    const to = dayOf(new Date(today - span * DAY_MS));
    const [sales, clicks] = await Promise.all([this.figures.salesByDay(tenant, from, to), this.figures.clicksByDay(tenant, from, to)]);
    return { clicks: clicks.reduce((n, c) => n + c.clicks, 0), conversions: sales.reduce((n, s) => n + s.conversions, 0) };
  }
}
