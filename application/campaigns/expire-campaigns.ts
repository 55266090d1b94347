import { expireCampaign } from '../../domain/index.js';
import { drainInBatches } from '../jobs/drain-in-batches.js';
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
    return drainInBatches(this.uow, BATCH, async () => {
      const due = await this.campaigns.claimDueToExpire(now, BATCH);
      let expired = 0;
      for (const campaign of due) {
        const change = expireCampaign(campaign, now);
        if (!change.changed) continue;
        await this.campaigns.update(change.campaign);
        await this.outbox.record(toCampaignOutbox(change.campaign, change.events, now));
        expired += 1;
      }
      return { processed: expired, claimed: due.length };
    });
  }
}
