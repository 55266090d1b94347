import { err, ok, type Result } from 'neverthrow';
import { updateCampaign, type CampaignPatch, type DomainError } from '../../domain/index.js';
import { mayManagePayouts, type Actor } from '../shared/actor.js';
import type { CampaignDetailData, CampaignQueries } from '../ports/campaign-queries.js';
import type { CampaignRepository } from '../ports/campaign-repository.js';
import type { Clock } from '../ports/clock.js';
import type { EventOutbox } from '../ports/event-outbox.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import { insufficientPermissions, notFound } from '../shared/errors.js';
import type { Tenant } from '../shared/tenant.js';
import { transactionalResult } from '../shared/transactional-result.js';
import { toCampaignOutbox } from './campaign-events.js';
import type { RequestAudit } from '../shared/request-audit.js';
import type { RequestOrigin } from '../shared/request-origin.js';
import { RECENT_CONVERSIONS } from '../shared/recent-conversions.js';

export interface UpdateCampaignInput {
  readonly tenant: Tenant;
  /** Team-member keys and members without Manage payouts may not change automatic approval. */
  readonly actor: Actor;
  readonly id: string;
  readonly patch: CampaignPatch;
  /** The request whose audit row (for `actor`) the change records with it (absent: the caller audits otherwise). */
  readonly origin?: RequestOrigin;
}

/**
 * `PATCH /campaigns/:id` (plan, write-key and live-key gates are the HTTP adapter's): the campaign
 * machine and create's rules on the row locked, `campaign.updated` in the same transaction, then the
 * campaign as Get Campaign answers it. A new rate applies to sales made from then on.
 */
export class UpdateCampaign {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly campaigns: CampaignRepository,
    private readonly queries: CampaignQueries,
    private readonly outbox: EventOutbox,
    private readonly clock: Clock,
    private readonly audit: RequestAudit,
  ) {}

  async execute(input: UpdateCampaignInput): Promise<Result<CampaignDetailData, DomainError>> {
    const { tenant } = input;
    const updated = await transactionalResult(this.uow, async () => {
      const current = await this.campaigns.findByIdForUpdate(tenant, input.id);
      if (!current) return err(notFound('Campaign'));
      const now = this.clock.now();
      const change = updateCampaign(current, input.patch, now);
      if (change.isErr()) return err(change.error);
      const days = input.patch.autoApproveCommissionsAfterDays;
      if (days !== undefined && days !== current.autoApproveCommissionsAfterDays && !mayManagePayouts(input.actor)) {
        return err(insufficientPermissions('Changing autoApproveCommissionsAfterDays needs the Manage payouts permission'));
      }
      if (change.value.changed) {
        await this.campaigns.update(change.value.campaign);
        await this.outbox.record(toCampaignOutbox(change.value.campaign, change.value.events, now));
      }
      await this.audit.record(input.origin && { actor: input.actor, origin: input.origin }, tenant.merchantId, now);
      return ok(change.value.campaign);
    });
    if (updated.isErr()) return err(updated.error);
    const detail = await this.queries.detail(tenant, input.id, RECENT_CONVERSIONS);
    return detail ? ok(detail) : err(notFound('Campaign'));
  }
}
