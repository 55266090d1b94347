import { err, ok, type Result } from 'neverthrow';
import { createCampaign, setsAutoApproval, type DomainError, type NewCampaign } from '../../domain/index.js';
import { mayManagePayouts, type Actor } from '../shared/actor.js';
import type { CampaignView } from '../ports/campaign-queries.js';
import type { CampaignRepository } from '../ports/campaign-repository.js';
import type { Clock } from '../ports/clock.js';
import type { IdGenerator } from '../ports/id-generator.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import { insufficientPermissions } from '../shared/errors.js';
import { CODE_ATTEMPTS, randomCode } from '../shared/random-code.js';
import { transactionalResult } from '../shared/transactional-result.js';
import { emptyCampaignStats } from './campaign-stats.js';

export interface CreateCampaignInput {
  readonly merchantId: string;
  /** Who creates it: team-member keys and members without Manage payouts may not set automatic approval. */
  readonly actor: Actor;
  readonly campaign: NewCampaign;
}

/** `POST /campaigns`: plan, write-key and live-key gates are the HTTP adapter's; the rest is here. */
export class CreateCampaign {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly campaigns: CampaignRepository,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
  ) {}

  execute(input: CreateCampaignInput): Promise<Result<CampaignView, DomainError>> {
    return transactionalResult(this.uow, async () => {
      const created = createCampaign(input.campaign, {
        id: this.ids.next(),
        merchantId: input.merchantId,
        trackingCode: randomCode(),
        now: this.clock.now(),
      });
      if (created.isErr()) return err(created.error);
      if (setsAutoApproval(input.campaign) && !mayManagePayouts(input.actor)) {
        return err(insufficientPermissions('Setting autoApproveCommissionsAfterDays needs the Manage payouts permission'));
      }
      let campaign = created.value;
      for (let attempt = 0; attempt < CODE_ATTEMPTS; attempt += 1) {
        if ((await this.campaigns.insert(campaign)) === 'inserted') return ok({ campaign, stats: emptyCampaignStats() });
        campaign = { ...campaign, trackingCode: randomCode() };
      }
      throw new Error(`no free tracking code after ${CODE_ATTEMPTS} attempts`);
    });
  }
}
