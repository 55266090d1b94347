import type { ManualAwardRow, ManualPaymentQueries, ManualPayoutRow } from '../../application/ports/manual-payment-queries.js';
import type { Tenant } from '../../application/shared/tenant.js';
import { MANUALLY_PAYABLE_PAYOUT_STATUSES, type AwardStatus, type CurrencyCode, type PayoutMethod } from '../../domain/index.js';
import type { InMemoryPayoutRepository } from './in-memory-payout-repository.js';
import type { InMemoryPrograms } from './in-memory-programs.js';
import type { InMemoryTeamAwardRepository } from './in-memory-team-award-repository.js';

/** The stores the manual path's reads join: payout rows (with payout emails), affiliates and memberships, bonus awards. */
export interface ManualPaymentSources {
  readonly payouts: InMemoryPayoutRepository;
  readonly programs: InMemoryPrograms;
  readonly awards: InMemoryTeamAwardRepository;
}

/** Awards the merchant may pay by hand: approved, or failed at the provider (one in flight is the provider's). */
const DUE_AWARD_STATUSES: readonly AwardStatus[] = ['approved', 'failed'];

const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const inTenant = (tenant: Tenant, merchantId: string, mode: string) => merchantId === tenant.merchantId && mode === tenant.mode;

type Payee = Pick<ManualPayoutRow, 'affiliateName' | 'affiliateEmail' | 'payoutEmail'>;

/** As `SqlPayoutQueries` orders them: by affiliate name, then affiliate, then line. */
const byPayee = <T extends Payee>(line: (row: T) => { readonly affiliateId: string; readonly id: string }) => (a: T, b: T) =>
  compareText(a.affiliateName, b.affiliateName) || compareText(line(a).affiliateId, line(b).affiliateId) || compareText(line(a).id, line(b).id);

/** The manual path's reads over the in-memory stores, as `SqlPayoutQueries` joins payout rows and awards to affiliates. */
export class InMemoryManualPaymentQueries implements ManualPaymentQueries {
  constructor(private readonly sources: ManualPaymentSources) {}

  async dueForManualPayment(tenant: Tenant, method: PayoutMethod, currency: CurrencyCode): Promise<readonly ManualPayoutRow[]> {
    const due: ManualPayoutRow[] = [];
    for (const payout of this.sources.payouts.all()) {
      if (!inTenant(tenant, payout.merchantId, payout.mode) || payout.currency !== currency || !MANUALLY_PAYABLE_PAYOUT_STATUSES.includes(payout.status)) continue;
      const payee = this.payee(payout.affiliateId, method);
      if (payee) due.push({ payout, ...payee });
    }
    return due.sort(byPayee((row) => row.payout));
  }

  async dueAwardsForManualPayment(tenant: Tenant, method: PayoutMethod, currency: CurrencyCode): Promise<readonly ManualAwardRow[]> {
    const due: ManualAwardRow[] = [];
    for (const { tenant: owner, award } of this.sources.awards.records()) {
      if (!inTenant(tenant, owner.merchantId, owner.mode) || award.currency !== currency || !DUE_AWARD_STATUSES.includes(award.status)) continue;
      const payee = this.payee(award.affiliateId, method);
      if (payee) due.push({ award, ...payee });
    }
    return due.sort(byPayee((row) => row.award));
  }

  async payoutMethodOf(tenant: Tenant, affiliateId: string): Promise<PayoutMethod | null> {
    const member = this.sources.programs.memberships().some((m) => m.affiliateId === affiliateId && inTenant(tenant, m.merchantId, m.mode));
    return member ? (this.sources.programs.affiliate(affiliateId)?.payoutMethod ?? null) : null;
  }

  /** The affiliate as a batch file names it, when its payout method is `method`. */
  private payee(affiliateId: string, method: PayoutMethod): Payee | null {
    const affiliate = this.sources.programs.affiliate(affiliateId);
    if (!affiliate || affiliate.payoutMethod !== method) return null;
    return { affiliateName: affiliate.name, affiliateEmail: affiliate.email, payoutEmail: this.sources.payouts.payoutEmailOf(affiliateId) };
  }
}
