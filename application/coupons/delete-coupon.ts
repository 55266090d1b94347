import { err, ok, type Result } from 'neverthrow';
import { deleteCoupon, type Coupon, type DomainError } from '../../domain/index.js';
import type { Clock } from '../ports/clock.js';
import type { CouponRepository } from '../ports/coupon-repository.js';
import type { EventOutbox } from '../ports/event-outbox.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import { notFound } from '../shared/errors.js';
import type { Tenant } from '../shared/tenant.js';
import { transactionalResult } from '../shared/transactional-result.js';
import { couponEventsToOutbox } from './coupon-events.js';

export interface DeleteCouponInput {
  readonly tenant: Tenant;
  readonly id: string;
}

/**
 * `DELETE /coupons/:id`: marks the row deleted (it is kept, so past sales still resolve it). From then
 * on the coupon is not listed, not found by id, attributes no new sale, and its code may be registered
 * again. Deleting it again is `404 not_found`.
 */
export class DeleteCoupon {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly coupons: CouponRepository,
    private readonly outbox: EventOutbox,
    private readonly clock: Clock,
  ) {}

  execute(input: DeleteCouponInput): Promise<Result<Coupon, DomainError>> {
    return transactionalResult(this.uow, async () => {
      const current = await this.coupons.findByIdForUpdate(input.tenant, input.id);
      if (!current) return err(notFound('Coupon'));
      const now = this.clock.now();
      const change = deleteCoupon(current, now);
      if (change.isErr()) return err(change.error);
      await this.coupons.update(change.value.coupon);
      await this.outbox.record(couponEventsToOutbox(change.value.coupon, change.value.events, now));
      return ok(change.value.coupon);
    });
  }
}
