import { err, ok, type Result } from 'neverthrow';
import { money, sumAsRecorded, validationError, type Decimal, type DomainError } from '../../domain/index.js';
import { calendarMonthOf } from '../conversions/calendar-month.js';
import type { Clock } from '../ports/clock.js';
import type { CustomerLeads } from '../ports/customer-leads.js';
import type { SalesFigures, StatsQueries } from '../ports/stats-queries.js';
import type { Tenant } from '../shared/tenant.js';

export interface StatsRequest {
  /** Start of the period; default: the first instant of the current UTC month. */
  readonly from?: Date | undefined;
  /** Exclusive end of the period; default: now. */
  readonly to?: Date | undefined;
}

export interface Stats {
  /** The single totals add the amounts of all currencies as recorded (spec rule 5). */
  readonly totalRevenue: Decimal;
  readonly totalTax: Decimal;
  readonly totalCommissions: Decimal;
  readonly totalConversions: number;
  readonly totalClicks: number;
  readonly totalAffiliates: number;
  /** Leads: customers linked to an affiliate in the period. */
  readonly totalLeads: number;
  /** Never converted; ordered by currency code. */
  readonly byCurrency: readonly SalesFigures[];
  readonly periodStart: Date;
  /** Exclusive. */
  readonly periodEnd: Date;
}

/** Single totals of per-currency figures, added as recorded. */
export const totalsOf = (byCurrency: readonly SalesFigures[]) => ({
  revenue: sumAsRecorded(byCurrency.map((c) => money(c.revenue, c.currency))),
  tax: sumAsRecorded(byCurrency.map((c) => money(c.tax, c.currency))),
  commissions: sumAsRecorded(byCurrency.map((c) => money(c.commissions, c.currency))),
  conversions: byCurrency.reduce((n, c) => n + c.conversions, 0),
});

/**
 * `GET /stats`: the tenant's counted sales (every status but rejected and refunded) created in the
 * period, its clicks and leads in the period, and its affiliates approved today. Live keys see live figures,
 * test keys test figures.
 */
export class GetStats {
  constructor(
    private readonly queries: StatsQueries,
    private readonly clock: Clock,
    private readonly leads: Pick<CustomerLeads, 'count'>,
  ) {}

  async execute(tenant: Tenant, request: StatsRequest): Promise<Result<Stats, DomainError>> {
    const now = this.clock.now();
    const from = request.from ?? calendarMonthOf(now).from;
    const to = request.to ?? now;
    if (from.getTime() > to.getTime() || (request.to !== undefined && from.getTime() === to.getTime())) {
      return err(validationError('from', 'must be before to'));
    }
    const period = { from, to };
    const [byCurrency, totalClicks, totalAffiliates, totalLeads] = await Promise.all([
      this.queries.salesByCurrency(tenant, period, now),
      this.queries.clicks(tenant, period, now),
      this.queries.approvedAffiliates(tenant),
      this.leads.count(tenant, period),
    ]);
    const totals = totalsOf(byCurrency);
    return ok({
      totalRevenue: totals.revenue,
      totalTax: totals.tax,
      totalCommissions: totals.commissions,
      totalConversions: totals.conversions,
      totalClicks,
      totalAffiliates,
      totalLeads,
      byCurrency,
      periodStart: from,
      periodEnd: to,
    });
  }
}
