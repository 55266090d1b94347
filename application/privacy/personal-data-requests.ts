import { err, ok, type Result } from 'neverthrow';
import type { DomainError } from '../../domain/index.js';
import type { Clock } from '../ports/clock.js';
import type { EventOutbox } from '../ports/event-outbox.js';
import type { AffiliateDataExport, CustomerErasure, PersonalData } from '../ports/personal-data.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import { notFound } from '../shared/errors.js';
import type { Tenant } from '../shared/tenant.js';

/**
 * Requests about personal data (docs/privacy.md): an affiliate's copy of what is held about them,
 * and erasure of an affiliate or a customer. Each erasure and its internal event (ids only) commit
 * together; the request's audit row is written by the API as for every write.
 */
export class PersonalDataRequests {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly data: PersonalData,
    private readonly outbox: EventOutbox,
    private readonly clock: Clock,
  ) {}

  async exportAffiliate(tenant: Tenant, affiliateId: string): Promise<Result<AffiliateDataExport & { readonly exportedAt: string }, DomainError>> {
    const found = await this.data.affiliateExport(tenant, affiliateId);
    if (!found) return err(notFound('Affiliate'));
    return ok({ exportedAt: this.clock.now().toISOString(), ...found });
  }

  async eraseAffiliate(tenant: Tenant, affiliateId: string): Promise<Result<{ readonly affiliateId: string; readonly erasedAt: Date }, DomainError>> {
    const now = this.clock.now();
    const erased = await this.uow.transaction(async () => {
      if (!(await this.data.eraseAffiliate(tenant, affiliateId, now))) return false;
      await this.outbox.record([{ merchantId: tenant.merchantId, mode: tenant.mode, type: 'affiliate.erased', payload: { affiliateId }, occurredAt: now }]);
      return true;
    });
    return erased ? ok({ affiliateId, erasedAt: now }) : err(notFound('Affiliate'));
  }

  async eraseCustomer(tenant: Tenant, email: string): Promise<Result<CustomerErasure & { readonly erasedAt: Date }, DomainError>> {
    const now = this.clock.now();
    const counts = await this.uow.transaction(async () => {
      const done = await this.data.eraseCustomer(tenant, email.trim(), now);
      if (done.customers + done.commissions > 0) {
        // The email is what was erased: the event names only how many records changed.
        await this.outbox.record([{ merchantId: tenant.merchantId, mode: tenant.mode, type: 'customer.erased', payload: { ...done }, occurredAt: now }]);
      }
      return done;
    });
    return ok({ ...counts, erasedAt: now });
  }
}
