import { err, ok, type Result } from 'neverthrow';
import { changeCouponMatchId, type CouponPatch, type DomainError } from '../../domain/index.js';
import type { CampaignRepository } from '../ports/campaign-repository.js';
import type { Clock } from '../ports/clock.js';
import type { CouponRepository, CouponView } from '../ports/coupon-repository.js';
import type { EventOutbox } from '../ports/event-outbox.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import { notFound } from '../shared/errors.js';
import type { Tenant } from '../shared/tenant.js';
import { transactionalResult } from '../shared/transactional-result.js';
import { couponEventsToOutbox } from './coupon-events.js';

export interface UpdateCouponInput {
  readonly tenant: Tenant;
  readonly id: string;
  readonly patch: CouponPatch;
}

/** `PATCH /coupons/:id`: only the match id of the coupon's own provider changes; the row is locked meanwhile. */
export class UpdateCoupon {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly coupons: CouponRepository,
    private readonly campaigns: CampaignRepository,
    private readonly outbox: EventOutbox,
    private readonly clock: Clock,
  ) {}

  execute(input: UpdateCouponInput): Promise<Result<CouponView, DomainError>> {
    return transactionalResult(this.uow, async () => {
      const current = await this.coupons.findByIdForUpdate(input.tenant, input.id);
      if (!current) return err(notFound('Coupon'));
      const now = this.clock.now();
      const change = changeCouponMatchId(current, input.patch, now);
      if (change.isErr()) return err(change.error);
      const { coupon, events, changed } = change.value;
      if (changed) {
        await this.coupons.update(coupon);
        await this.outbox.record(couponEventsToOutbox(coupon, events, now));
      }
      const campaign = await this.campaigns.findById(input.tenant, coupon.campaignId);
      if (!campaign) return err(notFound('Campaign'));
      return ok({ coupon, campaignName: campaign.name });
    });
  }
}
