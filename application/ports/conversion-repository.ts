import type { Conversion, DatedAmount, MonthSales } from '../../domain/index.js';
import type { Tenant } from '../shared/tenant.js';
import type { OutboxEvent } from './event-outbox.js';

/** Write side of conversions. Every method takes the tenant, except the operator's and the jobs' lookups, which say so. */
export interface ConversionRepository {
  /**
   * A new sale: the conversion and its outbox events, written together in the current transaction.
   * `duplicate_order` when the tenant already has a sale with the conversion's `orderId` (safe under
   * concurrency): no conversion and no event is written then.
   */
  recordSale(conversion: Conversion, events: readonly OutboxEvent[]): Promise<'inserted' | 'duplicate_order'>;
  update(conversion: Conversion): Promise<void>;
  findById(tenant: Tenant, id: string): Promise<Conversion | null>;
  /** Loads with a row lock held to the end of the transaction: two concurrent changes cannot both act. */
  findByIdForUpdate(tenant: Tenant, id: string): Promise<Conversion | null>;
  /** The tenant's sale with this order id, locked to the end of the transaction (order ids are unique per tenant). */
  findByOrderIdForUpdate(tenant: Tenant, orderId: string): Promise<Conversion | null>;
  /** The operator's lookup (refund, hold): any merchant, any mode, locked. */
  findByIdForUpdateAcrossTenants(id: string): Promise<Conversion | null>;
  /** Sale amounts of counted sales created in [from, to), summed per UTC day and currency, never across currencies. */
  sumSales(tenant: Tenant, from: Date, to: Date): Promise<readonly DatedAmount[]>;
  /** The affiliate's counted sales on the campaign in [from, to), amounts per UTC day and currency: what volume tiers read. */
  monthToDate(tenant: Tenant, affiliateId: string, campaignId: string, from: Date, to: Date): Promise<MonthSales>;
  /**
   * Pending conversions on campaigns with automatic approval whose period has ended at `now`, oldest
   * first after `after`, locked with SKIP LOCKED (other processes skip them). Must run in a transaction.
   */
  claimDueForAutoApproval(now: Date, limit: number, after: { createdAt: Date; id: string } | null): Promise<readonly DueConversion[]>;
}

export interface DueConversion {
  readonly conversion: Conversion;
  readonly campaignAutoApproveDays: number | null;
  readonly affiliateApproved: boolean;
  /** A risk signal flagged the sale (a person reviews it; never approved automatically). */
  readonly flagged: boolean;
}
