import type { CurrencyCode, Decimal } from '../../domain/index.js';
import type { Tenant } from '../shared/tenant.js';

/** Counted sales of one UTC day in one currency (never converted). */
export interface DaySales {
  /** `YYYY-MM-DD` (UTC). */
  readonly day: string;
  readonly currency: CurrencyCode;
  readonly conversions: number;
  readonly revenue: Decimal;
  readonly commissions: Decimal;
}

/** Day-by-day figures read from the daily roll-ups, so a year costs 365 rows whatever the sales. */
export interface DailyFigures {
  salesByDay(tenant: Tenant, fromDay: string, toDay: string): Promise<readonly DaySales[]>;
  clicksByDay(tenant: Tenant, fromDay: string, toDay: string): Promise<readonly { readonly day: string; readonly clicks: number }[]>;
}
