import { err, ok, type Result } from 'neverthrow';
import type { DomainError } from '../../domain/index.js';
import type { AffiliateRepository } from '../ports/affiliate-repository.js';
import type { AuditLog } from '../ports/audit-log.js';
import type { Actor } from '../shared/actor.js';
import { auditEntryFor, type RequestOrigin } from '../shared/request-origin.js';
import type { IdGenerator } from '../ports/id-generator.js';
import type { Clock } from '../ports/clock.js';
import type { FullTaxDetailsRecord, TaxDetailsRecord, TaxDetailsStore } from '../ports/tax-details-store.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import { notFound } from '../shared/errors.js';
import type { Tenant } from '../shared/tenant.js';
import { transactionalResult } from '../shared/transactional-result.js';

/** An affiliate's tax details as the merchant sees them: the latest version masked, and its history. */
export interface MerchantTaxDetailsView {
  readonly affiliateId: string;
  readonly current: TaxDetailsRecord | null;
  readonly history: readonly TaxDetailsRecord[];
}

/**
 * The merchant's reads of its affiliates' tax details. The masked view is for any key; the full form
 * opens only with its audit row written in the same transaction, so no form leaves unrecorded.
 */
export class TaxDetailsReads {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly affiliates: AffiliateRepository,
    private readonly store: TaxDetailsStore,
    private readonly auditLog: AuditLog,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
  ) {}

  async masked(tenant: Tenant, affiliateId: string): Promise<Result<MerchantTaxDetailsView, DomainError>> {
    const affiliate = await this.affiliates.findById(tenant, affiliateId);
    if (!affiliate) return err(notFound('Affiliate'));
    const history = await this.store.history(tenant.merchantId, affiliate.id);
    return ok({ affiliateId: affiliate.id, current: history[0] ?? null, history });
  }

  /** The affiliate's own latest version (the portal), masked like every view. */
  own(merchantId: string, affiliateId: string): Promise<TaxDetailsRecord | null> {
    return this.store.latest(merchantId, affiliateId);
  }

  /** The latest form in the clear, for `actor` on the request `origin`: its audit row is appended before the form is read. */
  fullForm(tenant: Tenant, actor: Actor, affiliateId: string, origin: RequestOrigin): Promise<Result<FullTaxDetailsRecord, DomainError>> {
    return transactionalResult(this.uow, async () => {
      const affiliate = await this.affiliates.findById(tenant, affiliateId);
      if (!affiliate) return err(notFound('Affiliate'));
      const form = await this.store.latestFull(tenant.merchantId, affiliate.id);
      if (!form) return err(notFound('Tax details'));
      await this.auditLog.append(auditEntryFor(actor, origin, tenant.merchantId, this.ids.next(), this.clock.now()));
      return ok(form);
    });
  }
}
