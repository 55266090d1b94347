import { expireCampaign } from '../../domain/index.js';
import { drainDueRows } from '../jobs/drain-in-batches.js';
import type { CampaignRepository } from '../ports/campaign-repository.js';
import type { EventOutbox } from '../ports/event-outbox.js';
import type { DueJob } from '../ports/jobs.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import { toCampaignOutbox } from './campaign-events.js';

const BATCH = 200;

/** Ends campaigns whose `endsAt` has passed on the service clock: `expired`, with `campaign.updated`. */
export class ExpireCampaigns implements DueJob {
  readonly name = 'expire-campaigns';

  constructor(
    private readonly uow: UnitOfWork,
    private readonly campaigns: CampaignRepository,
    private readonly outbox: EventOutbox,
  ) {}

  runDue(now: Date): Promise<number> {
    return drainDueRows(
      this.uow,
      BATCH,
      () => this.campaigns.claimDueToExpire(now, BATCH),
      async (campaign) => {
        const change = expireCampaign(campaign, now);
        if (!change.changed) return 0;
        await this.campaigns.update(change.campaign);
        await this.outbox.record(toCampaignOutbox(change.campaign, change.events, now));
        return 1;
      },
    );
  }
}
