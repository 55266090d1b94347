import { err, ok, type Result } from 'neverthrow';
import { irs1099NecThreshold, parseTaxDetailsRequirement, type DomainError, type TaxDetailsRequirement } from '../../domain/index.js';
import type { Clock } from '../ports/clock.js';
import type { MerchantRepository } from '../ports/merchant-repository.js';
import type { TaxPayoutHolds } from '../ports/tax-payout-holds.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import { notFound } from '../shared/errors.js';
import type { Tenant } from '../shared/tenant.js';
import { transactionalResult } from '../shared/transactional-result.js';

export interface TaxSettingsView {
  readonly requirement: TaxDetailsRequirement;
  /** The threshold in force this year: the merchant's, or the IRS 1099-NEC figure of the year. */
  readonly effectiveThreshold: { readonly amount: string; readonly currency: string };
}

/** The merchant's setting of whether payouts wait for tax details (per mode). */
export class TaxSettings {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly holds: TaxPayoutHolds,
    private readonly merchants: MerchantRepository,
    private readonly clock: Clock,
  ) {}

  private view(requirement: TaxDetailsRequirement): TaxSettingsView {
    const threshold = (requirement.kind === 'above_yearly_total' ? requirement.threshold : null) ?? irs1099NecThreshold(this.clock.now().getUTCFullYear());
    return { requirement, effectiveThreshold: { amount: threshold.amount.toString(), currency: threshold.currency } };
  }

  async get(tenant: Tenant): Promise<TaxSettingsView> {
    return this.view(await this.holds.requirement(tenant));
  }

  /** `threshold` is in the merchant's reporting currency; null or absent uses the IRS figure. */
  change(tenant: Tenant, kind: unknown, threshold: unknown): Promise<Result<TaxSettingsView, DomainError>> {
    return transactionalResult(this.uow, async () => {
      const merchant = await this.merchants.findById(tenant.merchantId);
      if (!merchant) return err(notFound('Merchant'));
      const requirement = parseTaxDetailsRequirement(kind, threshold, merchant.reportingCurrency);
      if (requirement.isErr()) return err(requirement.error);
      await this.holds.saveRequirement(tenant, requirement.value, this.clock.now());
      return ok(this.view(requirement.value));
    });
  }
}
