import type { ClickCandidate, LinkedCustomer, CouponProvider, SaleFact } from '../../domain/index.js';
import type { Page, PageRequest, Slice } from '../shared/page.js';
import type { Tenant } from '../shared/tenant.js';

/** What became of one delivery, as the merchant's events log shows it. */
export const DELIVERY_OUTCOMES = [
  'received',
  'created',
  'renewed',
  'refunded',
  'held',
  'released',
  'restored',
  'customer_linked',
  'duplicate',
  'unattributed',
  'rejected',
  'ignored',
] as const;
export type DeliveryOutcome = (typeof DELIVERY_OUTCOMES)[number];

export interface DeliveryResult {
  readonly outcome: DeliveryOutcome;
  /** Why, in words a merchant can act on (unattributed, ignored, rejected). */
  readonly reason: string | null;
  /** The create check's error code, for `rejected`. */
  readonly code: string | null;
  readonly conversionId: string | null;
}

export interface DeliveryRecord extends DeliveryResult {
  readonly id: string;
  readonly integrationId: string;
  readonly providerEventId: string;
  readonly type: string;
  readonly receivedAt: Date;
  /** A refused sale kept for a replay that has not made its conversion yet. */
  readonly replayable: boolean;
}

/** A sale or renewal a provider reported, in neutral terms. */
export type ProviderSaleFact = Extract<SaleFact, { kind: 'sale' | 'renewal' }>;

/** A delivery with the refused sale it kept, if any: what a replay runs again. */
export interface ReplayableDelivery extends DeliveryRecord {
  readonly sale: ProviderSaleFact | null;
}

export interface NewDelivery {
  readonly id: string;
  readonly integrationId: string;
  readonly tenant: Tenant;
  readonly providerEventId: string;
  readonly type: string;
  readonly receivedAt: Date;
  /** The notification's raw JSON body, kept for the merchant's inspection. */
  readonly payload: string;
  /**
   * The payment references its sale (or payment link) names, remembered with the delivery when it is
   * the first of its event, as `ProviderPayments.remember` would; null when it names none to keep.
   */
  readonly payments: PaymentLink | null;
}

/** Payment ids a provider names an order with (`ProviderPayments.remember`'s arguments). */
export interface PaymentLink {
  readonly provider: CouponProvider;
  readonly references: readonly string[];
  readonly orderId: string;
}

export interface DeliveryKey {
  readonly id: string;
  readonly receivedAt: Date;
}

/** The log of what each integration received; the first delivery of an event id holds its effect. */
export interface IntegrationEvents {
  /**
   * Records the delivery inside the caller's transaction. `first` when no delivery of this event id
   * holds an effect yet (a concurrent one waits for the other's transaction), and then its
   * `payments` are remembered with it; `duplicate` otherwise, and then the duplicate is logged as
   * such and its payments are not remembered.
   */
  record(delivery: NewDelivery): Promise<'first' | 'duplicate'>;
  /**
   * Logs the first delivery of its event with what it did (inside the caller's transaction, after
   * `record` answered `first`), keeping a sale a check refused for a replay (`keep`).
   */
  settle(delivery: NewDelivery, result: DeliveryResult, keep: ProviderSaleFact | null): Promise<void>;
  /** A replayed delivery's new outcome, in place of the refusal; named by its id and when it was received (the log is kept by month of receipt). */
  resettle(delivery: DeliveryKey, result: DeliveryResult): Promise<void>;
  /**
   * One delivery of the tenant's integration with its kept sale, locked until the caller's transaction
   * ends, so two replays of it run one after the other; null when it is not the tenant's.
   */
  findForReplay(tenant: Tenant, integrationId: string, id: string): Promise<ReplayableDelivery | null>;
  list(tenant: Tenant, integrationId: string, page: PageRequest): Promise<Page<DeliveryRecord>>;
  /** The same rows without counting the whole log: for screens that page with previous / next. */
  browse(tenant: Tenant, integrationId: string, page: PageRequest): Promise<Slice<DeliveryRecord>>;
}

/** Customers of a provider attributed to an affiliate, and the payment ids that name a conversion. */
export interface ProviderCustomers {
  find(tenant: Tenant, provider: CouponProvider, providerCustomerId: string): Promise<LinkedCustomer | null>;
  /** Links the customer unless it is linked already (the first link stays); answers whether it linked. */
  link(tenant: Tenant, provider: CouponProvider, providerCustomerId: string, link: LinkedCustomer & { readonly email: string | null }, now: Date): Promise<boolean>;
  /** Sets the customer's first sale when it has none yet. */
  setFirstConversion(tenant: Tenant, provider: CouponProvider, providerCustomerId: string, conversionId: string): Promise<void>;
  /** The stored click (its row) a click id names, in any merchant and mode (the attribution checks both), with its campaign's window. */
  findClick(clickId: string): Promise<ClickCandidate | null>;
}

export interface ProviderPayments {
  /** Remembers that `references` name the order `orderId` (its conversion may not exist yet). */
  remember(tenant: Tenant, provider: CouponProvider, references: readonly string[], orderId: string): Promise<void>;
  /** The conversion whose order any of `references` names, or null. */
  find(tenant: Tenant, provider: CouponProvider, references: readonly string[]): Promise<string | null>;
}
