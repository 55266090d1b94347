import { err, ok, type Result } from 'neverthrow';
import { duplicateAffiliateEmail, editAffiliate, emailChanged, validationError, type Affiliate, type AffiliateEdit, type DomainError } from '../../domain/index.js';
import type { AffiliateRepository } from '../ports/affiliate-repository.js';
import type { Clock } from '../ports/clock.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import { notFound } from '../shared/errors.js';
import type { Tenant } from '../shared/tenant.js';
import { transactionalResult } from '../shared/transactional-result.js';

export interface EditAffiliateInput extends AffiliateEdit {
  readonly tenant: Tenant;
  readonly affiliateId: string;
}

/**
 * `PATCH /affiliates/:id` with profile fields, and the dashboard's affiliate page: the merchant edits
 * its record's name, email, notes and tags. The email stays unique at the merchant in the mode; an
 * affiliate who signed up keeps the email it signs in with (changing it would hand its portal
 * sign-in, and so its payout details, to another address), so only a headless record's email moves.
 * No event: the record's name and email are the merchant's own bookkeeping, notes and tags private.
 */
export class EditAffiliate {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly affiliates: AffiliateRepository,
    private readonly clock: Clock,
  ) {}

  execute(input: EditAffiliateInput): Promise<Result<Affiliate, DomainError>> {
    const { tenant } = input;
    return transactionalResult(this.uow, async () => {
      const before = await this.affiliates.findByIdForUpdate(tenant, input.affiliateId);
      if (!before) return err(notFound('Affiliate'));
      const edited = editAffiliate(before, input, this.clock.now());
      if (edited.isErr()) return err(edited.error);
      const after = edited.value;
      if (emailChanged(before, after)) {
        if (!before.headless) return err(validationError('email', "is the address the affiliate signs in with; only the affiliate can change it"));
        const holder = await this.affiliates.findByEmail(tenant, after.email);
        if (holder && holder.id !== before.id) return err(duplicateAffiliateEmail());
      }
      if ((await this.affiliates.update(after)) === 'duplicate_email') return err(duplicateAffiliateEmail());
      return ok(after);
    });
  }
}
