import type { Award, AwardPayoutSchedule, Conversion, Mode, Payout, PayoutMethod } from '../../domain/index.js';
import type { Tenant } from '../shared/tenant.js';

/** A keyset position in a job's scan, so one run never takes a row twice. */
export interface ScanCursor {
  readonly at: Date;
  readonly id: string;
}

/** One affiliate's rows of one currency in one merchant and mode: what one payment pays. */
export interface PaymentGroupCursor {
  readonly merchantId: string;
  readonly mode: string;
  readonly affiliateId: string;
  readonly currency: string;
}

/** What an attempt needs to know about the affiliate (read with the row; never exposed). */
export interface PayoutDestination {
  readonly payoutMethod: PayoutMethod;
  /** For `wallet_a` and `transfer_b`. */
  readonly payoutEmail: string | null;
  /** `connect`: the affiliate's connected account on this merchant's card-processor account, if onboarded. */
  readonly connectedAccountId: string | null;
  /** Where the service writes to the affiliate (paid, details needed). */
  readonly affiliateEmail: string;
}

/** A `pending` row whose holding period is over, with its merchant's payout day. */
export interface ReleasablePayout {
  readonly payout: Payout;
  readonly payoutDay: number | null;
}

/** A row the payout job has locked together with its conversion (`FOR UPDATE OF p, c SKIP LOCKED`). */
export interface ClaimedPayout {
  readonly payout: Payout;
  readonly conversion: Conversion;
}

export interface ClaimedAttempt extends ClaimedPayout {
  readonly destination: PayoutDestination;
}

/**
 * A team bonus award the payout job pays in the same payment as the affiliate's commissions (one
 * transfer per affiliate and currency), locked, with its bookkeeping. The destination's method is the
 * affiliate's while the award is due, the attempt's once it is processing.
 */
export interface ClaimedAward {
  readonly award: Award;
  readonly mode: Mode;
  readonly schedule: AwardPayoutSchedule;
  readonly destination: PayoutDestination;
}

/** What a claim locked: payout rows (with their conversions) and bonus awards. */
export interface ClaimedLines {
  readonly payouts: readonly ClaimedAttempt[];
  readonly awards: readonly ClaimedAward[];
}

/** The attempt step's claim: whole payment groups, in order, and their lines. */
export interface ClaimedGroups extends ClaimedLines {
  readonly groups: readonly PaymentGroupCursor[];
}

/**
 * Payout queue rows. Tenant methods take the tenant; the job's claims and the operator's lookups
 * cross tenants and say so. Claims must run inside a transaction: they lock what they return and
 * skip rows another process holds.
 */
export interface PayoutRepository {
  /** `exists` when the conversion already has a row (one per conversion, by a unique constraint). */
  insert(payout: Payout): Promise<'inserted' | 'exists'>;
  update(payout: Payout): Promise<void>;
  delete(payout: Payout): Promise<void>;
  /** The conversion's row, locked. */
  findByConversionForUpdate(tenant: Tenant, conversionId: string): Promise<Payout | null>;
  /** The operator's lookup: any merchant, any mode; not locked. */
  findByIdAcrossTenants(id: string): Promise<Payout | null>;
  /** The operator's action: the row with its conversion, both locked (conversion first, as every writer locks them). */
  findByIdForUpdateAcrossTenants(id: string): Promise<ClaimedPayout | null>;
  /**
   * `pending` rows whose holding period has ended and whose affiliate can be paid: headless ones (the
   * merchant pays them) or those with payout details. Oldest due first, after `after`.
   */
  claimReleasable(now: Date, limit: number, after: ScanCursor | null): Promise<readonly ReleasablePayout[]>;
  /**
   * What the service pays itself (merchant with automatic payouts on, affiliate not headless and with
   * a payout method), for up to `groups` whole payment groups (affiliate and currency) after `after`,
   * ordered by group: due `scheduled` and `awaiting_funds` rows of approved conversions, and due
   * `approved` team bonus awards. A group may hold rows, awards or both.
   */
  claimAttemptable(now: Date, groups: number, after: PaymentGroupCursor | null): Promise<ClaimedGroups>;
  /**
   * The `processing` rows and awards of up to `payments` payments with a line due for a look (a
   * transfer in flight, or an attempt whose answer was never saved), every line of those payments.
   * The destination's method is the attempt's, the email the affiliate's.
   */
  claimProcessing(now: Date, payments: number, afterPaymentId: string | null): Promise<ClaimedLines>;
  /** The given rows and awards that are still `processing`, locked (rows with their conversions, `SKIP LOCKED`). */
  lockProcessing(payoutIds: readonly string[], awardIds: readonly string[]): Promise<ClaimedLines>;
}
