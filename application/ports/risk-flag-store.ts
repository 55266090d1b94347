import type { RiskFlag, RiskSubject } from '../../domain/index.js';
import type { Tenant } from '../shared/tenant.js';

/** A flag as kept: what it said, and whether its rule held the subject. */
export interface StoredRiskFlag extends RiskFlag {
  readonly action: 'flag' | 'hold';
  readonly createdAt: Date;
}

/** The flags risk signals left on conversions and affiliates, per tenant. */
export interface RiskFlagStore {
  /**
   * The subject's current flags become `flags` (in the caller's transaction): a signal that fires
   * again keeps its first time, one that no longer fires is dropped.
   */
  replace(tenant: Tenant, kind: RiskSubject, subjectId: string, flags: readonly (RiskFlag & { readonly action: 'flag' | 'hold' })[], now: Date): Promise<void>;
  /** The flags of these subjects, by subject id (subjects without flags are absent). */
  forSubjects(tenant: Tenant, kind: RiskSubject, subjectIds: readonly string[]): Promise<ReadonlyMap<string, readonly StoredRiskFlag[]>>;
}
