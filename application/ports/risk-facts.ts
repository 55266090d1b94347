import type { ClickFacts, Footprint, PayoutIdentity, RefundHistory } from '../../domain/index.js';
import type { Tenant } from '../shared/tenant.js';

/**
 * What the risk signals read about a sale's click and its visitor. A click's details may be written a
 * moment after the click is handed out (clicks are recorded in batches): a missing click is `null`,
 * and the signals that need it stay silent rather than fail the sale.
 */
export interface RiskFacts {
  click(tenant: Tenant, clickId: string): Promise<ClickFacts | null>;
  /** The fingerprints of the affiliate's own portal sessions. */
  footprints(tenant: Tenant, affiliateId: string): Promise<readonly Footprint[]>;
  /** Ids of the visitor's clicks (by fingerprint) since `since`, at most `limit`. */
  clicksFromVisitor(tenant: Tenant, visitorHash: string, since: Date, limit: number): Promise<readonly string[]>;
  /** Ids of sales whose click came from the visitor (by fingerprint) since `since`, at most `limit`. */
  salesFromVisitor(tenant: Tenant, visitorHash: string, since: Date, limit: number): Promise<readonly string[]>;
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
