import type { ClickFacts, Footprint, PayoutIdentity, RefundHistory } from '../../domain/index.js';
import type { Tenant } from '../shared/tenant.js';

/** What a sale's click signals ask of its click, each part only when an enabled signal needs it. */
export interface SaleClickQuery {
  readonly clickId: string;
  readonly affiliateId: string;
  /** The fingerprints of the affiliate's own portal sessions. */
  readonly footprints: boolean;
  /** Ids of the click's visitor's clicks (by fingerprint) since `since`, at most `limit`. */
  readonly visitorClicks: { readonly since: Date; readonly limit: number } | null;
  /** Ids of sales whose click came from the click's visitor since `since`, at most `limit`. */
  readonly visitorSales: { readonly since: Date; readonly limit: number } | null;
}

/** The click and what was asked about its visitor; parts not asked for are empty. */
export interface SaleClickFacts {
  readonly click: ClickFacts;
  readonly footprints: readonly Footprint[];
  readonly visitorClicks: readonly string[];
  readonly visitorSales: readonly string[];
}

/**
 * What the risk signals read about a sale's click and its visitor. A click's details may be written a
 * moment after the click is handed out (clicks are recorded in batches): a missing click is `null`,
 * and the signals that need it stay silent rather than fail the sale.
 */
export interface RiskFacts {
  /** The click with everything the query asks about it, in one look-up; null when the click is not (yet) known. */
  saleClick(tenant: Tenant, query: SaleClickQuery): Promise<SaleClickFacts | null>;
  /** The id of the sale the tracking script reported with this click, if any (a click reports at most one). */
  scriptSaleOfClick(tenant: Tenant, clickId: string): Promise<string | null>;
  /** The affiliate's payout identity at the merchant, and those of other affiliates of the merchant that share its email or account. */
  payoutIdentities(tenant: Tenant, affiliateId: string): Promise<{ readonly own: PayoutIdentity; readonly sharing: readonly PayoutIdentity[] }>;
  /** The affiliate's sales at the tenant since `since`: how many, and the refunded ones' ids. */
  refundHistory(tenant: Tenant, affiliateId: string, since: Date): Promise<RefundHistory>;
}

/** The maintained list of throwaway mail domains (a domain or any of its parents listed). */
export interface DisposableEmailDomains {
  isDisposable(domain: string): boolean;
}
