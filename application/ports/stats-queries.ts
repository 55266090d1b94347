import type { ConversionStatus, CurrencyCode, Decimal, ExchangeRateTable } from '../../domain/index.js';
import type { Tenant } from '../shared/tenant.js';

/** A half-open span of time: `[from, to)`. */
export interface Period {
  readonly from: Date;
  readonly to: Date;
}

/** Counted sales in one currency (counted: every status but rejected and refunded). Never converted. */
export interface SalesFigures {
  readonly currency: CurrencyCode;
  /** Sum of `amount` (net of tax when tax is set). */
  readonly revenue: Decimal;
  readonly tax: Decimal;
  readonly commissions: Decimal;
  readonly conversions: number;
}

export interface RankedCommission {
  readonly affiliateId: string;
  readonly commission: Decimal;
}

/** One affiliate's counted sales in one calendar month. */
export interface AffiliateMonth {
  readonly affiliateId: string;
  readonly name: string;
  /** Ordered by currency code. */
  readonly byCurrency: readonly { readonly currency: CurrencyCode; readonly commission: Decimal; readonly conversions: number }[];
}

export interface LatestConversion {
  readonly id: string;
  readonly affiliateId: string;
  readonly orderId: string | null;
  readonly customerName: string | null;
  readonly amount: Decimal;
  readonly commission: Decimal;
  readonly currency: CurrencyCode;
  readonly status: ConversionStatus;
  readonly createdAt: Date;
}

/**
 * The read side of statistics, scoped to one tenant. Implementations read maintained roll-ups, so the
 * cost follows the span asked for, not the number of sales recorded.
 */
export interface StatsQueries {
  /**
   * Counted sales created in `period`, per currency, ordered by currency code. `now` is the service
   * clock's now: no sale is dated after it, which lets a period ending at or after now read whole days.
   */
  salesByCurrency(tenant: Tenant, period: Period, now: Date): Promise<readonly SalesFigures[]>;
  /** Clicks recorded in `period` (same `now` rule). */
  clicks(tenant: Tenant, period: Period, now: Date): Promise<number>;
  /** Distinct affiliates with at least one approved campaign membership with the merchant, in the tenant's mode. */
  approvedAffiliates(tenant: Tenant): Promise<number>;
  /**
   * The month's (`YYYY-MM-01`, UTC) counted commissions in one currency, per affiliate, highest first
   * (ties by affiliate id), at most `limit`.
   */
  topCommissions(tenant: Tenant, month: string, currency: CurrencyCode, limit: number): Promise<readonly RankedCommission[]>;
  /**
   * Fixed positive US-dollar rates per currency (not necessarily current): the yardstick of
   * `topReferenceCommissions`. Currencies without one are ranked through `topCommissions`.
   */
  referenceRates(): Promise<ReadonlyMap<CurrencyCode, Decimal>>;
  /**
   * The month's affiliates by counted commission converted at the reference rates (currencies without
   * a reference rate count zero), highest first (ties by affiliate id), at most `limit`.
   */
  topReferenceCommissions(tenant: Tenant, month: string, limit: number): Promise<readonly RankedCommission[]>;
  /**
   * The month's `limit` affiliates with the highest counted commission, currencies compared at `rates`
   * (a currency without a rate counts as zero, as `convertedTotal`), ties by affiliate id. Reads every
   * affiliate with sales in the month: the fallback of the threshold ranking.
   */
  rankByConvertedCommission(tenant: Tenant, month: string, rates: ExchangeRateTable, limit: number): Promise<readonly string[]>;
  /** The month's counted figures of the given affiliates (those with none are left out). */
  affiliateMonths(tenant: Tenant, month: string, affiliateIds: readonly string[]): Promise<readonly AffiliateMonth[]>;
  /** The newest conversions of any status, newest first. */
  latestConversions(tenant: Tenant, limit: number): Promise<readonly LatestConversion[]>;
}
