import type { AffiliateBanStore } from '../../application/ports/affiliate-ban-store.js';
import type { AffiliateLocks, MembershipUpdates } from '../../application/ports/affiliate-repository.js';
import type { AuditLog } from '../../application/ports/audit-log.js';
import type { CampaignRepository } from '../../application/ports/campaign-repository.js';
import type { ConversionRepository } from '../../application/ports/conversion-repository.js';
import type { CouponRepository } from '../../application/ports/coupon-repository.js';
import type { EventOutbox } from '../../application/ports/event-outbox.js';
import type { Clock } from '../../application/ports/clock.js';
import type { IdGenerator } from '../../application/ports/id-generator.js';
import type { ManualPaymentQueries } from '../../application/ports/manual-payment-queries.js';
import type { MerchantRepository } from '../../application/ports/merchant-repository.js';
import type { PayoutAdjustments } from '../../application/ports/payout-adjustments.js';
import type { PayoutPaymentRepository } from '../../application/ports/payout-payment-repository.js';
import type { PayoutProviders } from '../../application/ports/payout-provider.js';
import type { PayoutQueue } from '../../application/ports/payout-queue.js';
import type { PayoutRepository } from '../../application/ports/payout-repository.js';
import type { PayoutSettingsRepository } from '../../application/ports/payout-settings-repository.js';
import type { TeamAwardRepository } from '../../application/ports/team-award-repository.js';
import type { TeamConversionFacts } from '../../application/ports/team-conversion-facts.js';
import type { TeamGoalRepository } from '../../application/ports/team-goal-repository.js';
import type { TeamRepository } from '../../application/ports/team-repository.js';
import type { UnitOfWork } from '../../application/ports/unit-of-work.js';
import type { RiskFlagStore } from '../../application/ports/risk-flag-store.js';
import type { RiskSettingsRepository } from '../../application/ports/risk-settings-repository.js';
import type { RiskFacts } from '../../application/ports/risk-facts.js';
import type { SaleContexts } from '../../application/ports/sale-context.js';
import type { ProviderCustomers, ProviderPayments } from '../../application/ports/provider-sales-ledger.js';
import type { PortalSessionRow } from '../fakes/in-memory-risk.js';
import type { Tenant } from '../../application/shared/tenant.js';
import type { ClickFacts, CurrencyCode, Decimal, MembershipStatus, Mode, PayoutMethod } from '../../domain/index.js';

/** A merchant on Scale with one campaign and one approved affiliate in each mode. */
export interface ProgramRefs {
  readonly merchantId: string;
  readonly live: Tenant;
  readonly test: Tenant;
  readonly campaignId: string;
  readonly liveAffiliateId: string;
  readonly testAffiliateId: string;
}

export interface RecordedEvent {
  readonly merchantId: string;
  readonly mode: Mode;
  readonly payload: unknown;
}

/** Rows no port here writes that the reads under contract read, written as the click endpoint, the portal's sign-in and the payout settings write them. */
export interface RowsWrittenElsewhere {
  /** A click of the program's campaign (by its affiliate in the tenant's mode). */
  click(program: ProgramRefs, tenant: Tenant, facts: ClickFacts): Promise<void>;
  portalSession(session: PortalSessionRow): Promise<void>;
  /** The affiliate's payout email (any merchant's) and, per tenant, its connected account; null clears, absent keeps. */
  payoutDetails(tenant: Tenant, affiliateId: string, details: { readonly payoutEmail?: string | null; readonly connectedAccountId?: string | null }): Promise<void>;
  /** A membership of the affiliate on another campaign of the tenant's merchant, as joining it writes it. */
  membership(tenant: Tenant, membership: { readonly id: string; readonly affiliateId: string; readonly campaignId: string; readonly status: MembershipStatus; readonly joinedAt: Date }): Promise<void>;
  /** A clawback (a refund of a paid sale), as the refund use case writes it. */
  clawback(tenant: Tenant, clawback: { readonly affiliateId: string; readonly conversionId: string; readonly currency: CurrencyCode; readonly amount: Decimal }): Promise<void>;
}

export interface AffiliateRefs {
  readonly id: string;
  readonly name: string;
  readonly email: string;
}

export interface AffiliateOptions {
  /** Its name (default one of the world's making). */
  readonly name?: string;
  readonly mode?: Mode;
  /** The campaign it joins (default the program's). */
  readonly campaignId?: string;
  readonly membership?: MembershipStatus;
  readonly headless?: boolean;
  readonly payoutMethod?: PayoutMethod | null;
}

/**
 * What a port contract runs against: the ports under test over one store (in memory, or PostgreSQL),
 * and a way to create the rows they refer to (merchants, campaigns, affiliates) as the API would.
 */
export interface ContractWorld {
  readonly uow: UnitOfWork;
  /** Runs `work` as a request or a job does: the SQL stores need a scope, the fakes do not. */
  run<T>(work: () => Promise<T>): Promise<T>;
  readonly ids: IdGenerator;
  readonly clock: Clock;
  readonly conversions: ConversionRepository;
  readonly campaigns: CampaignRepository;
  readonly outbox: EventOutbox;
  readonly merchants: MerchantRepository;
  readonly payouts: PayoutQueue;
  /** The amount queued for the conversion's payout (as the store writes it), or null when none is. */
  queuedPayout(conversionId: string): Promise<string | null>;
  /** Puts the conversion's queued payout with its provider (`processing`), as the payout job would. */
  payoutWithProvider(conversionId: string): Promise<void>;
  readonly auditLog: AuditLog;
  /** Writes the refusals the audit log grouped so far (the SQL log does it once their minute is over). */
  writeAuditRefusals(): Promise<void>;
  /** The payout job's ports: rows and claims, payments, settings, clawbacks owed, providers. */
  readonly payoutRows: PayoutRepository;
  readonly payoutPayments: PayoutPaymentRepository;
  readonly payoutSettings: PayoutSettingsRepository;
  readonly payoutAdjustments: PayoutAdjustments;
  readonly payoutProviders: PayoutProviders;
  /** The manual path's reads: due rows and awards by payout method and currency, an affiliate's saved method. */
  readonly manualPayments: ManualPaymentQueries;
  readonly teams: TeamRepository;
  readonly goals: TeamGoalRepository;
  readonly awards: TeamAwardRepository;
  readonly facts: TeamConversionFacts;
  readonly riskSettings: RiskSettingsRepository;
  readonly riskFlags: RiskFlagStore;
  readonly riskFacts: RiskFacts;
  readonly saleContexts: SaleContexts;
  readonly rows: RowsWrittenElsewhere;
  /** What a ban reads and writes: the affiliate locked by id, its memberships, the bans and the sweep's reads. */
  readonly affiliateLocks: AffiliateLocks;
  readonly membershipUpdates: MembershipUpdates;
  readonly bans: AffiliateBanStore;
  readonly coupons: CouponRepository;
  readonly providerCustomers: ProviderCustomers;
  readonly providerPayments: ProviderPayments;
  program(): Promise<ProgramRefs>;
  /** Outbox events of a type, as written (the contracts record types nothing else uses). */
  eventsOfType(type: string): Promise<readonly RecordedEvent[]>;
  campaign(program: ProgramRefs, options?: { readonly autoApproveDays?: 7 | 14 | 30 | 60 | 90 }): Promise<string>;
  affiliate(program: ProgramRefs, options?: AffiliateOptions): Promise<AffiliateRefs>;
}

/** `run` and `uow.transaction` together: one transaction in a scope. */
export const inTransaction = <T>(world: ContractWorld, work: () => Promise<T>): Promise<T> =>
  world.run(() => world.uow.transaction(work));
