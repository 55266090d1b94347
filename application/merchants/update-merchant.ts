import { err, ok, type Result } from 'neverthrow';
import type { DomainError, Merchant } from '../../domain/index.js';
import type { Clock } from '../ports/clock.js';
import type { MerchantRepository } from '../ports/merchant-repository.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import { notFound } from '../shared/errors.js';
import type { MerchantFields } from './merchant-input.js';

/**
 * Reacts to a plan change inside the same transaction (teams cancel unpaid awards on a downgrade
 * from Scale, which alone has teams). Registered by bootstrap; none by default.
 */
export interface PlanChangeHandler {
  onPlanChanged(before: Merchant, after: Merchant, now: Date): Promise<void>;
}

export class UpdateMerchant {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly merchants: MerchantRepository,
    private readonly clock: Clock,
    private readonly planChangeHandlers: readonly PlanChangeHandler[] = [],
  ) {}

  execute(id: string, changes: Partial<MerchantFields>): Promise<Result<Merchant, DomainError>> {
    return this.uow.transaction(async () => {
      const before = await this.merchants.findByIdForUpdate(id);
      if (!before) return err(notFound('Merchant'));
      const now = this.clock.now();
      const after: Merchant = { ...before, ...changes, updatedAt: now };
      await this.merchants.update(after);
      if (after.plan !== before.plan) {
        for (const handler of this.planChangeHandlers) await handler.onPlanChanged(before, after, now);
      }
      return ok(after);
    });
  }
}
