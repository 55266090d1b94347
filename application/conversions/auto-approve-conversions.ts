import { changeConversionStatus, isDueForAutoApproval, type Merchant } from '../../domain/index.js';
import { drainDueRows } from '../jobs/drain-in-batches.js';
import type { DueJob } from '../ports/jobs.js';
import type { MerchantRepository } from '../ports/merchant-repository.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import { applyConversionChange, runConversionHooks, type ConversionChangeHook, type ConversionChangeSinks } from './apply-conversion-change.js';

const BATCH = 200;

/**
 * Approves pending conversions whose campaign's automatic-approval period has passed, in batches,
 * through the same state machine and consequences as a manual approval. Sales the rule excludes
 * (5x guard, tracking script, affiliate no longer approved) stay pending for the merchant to decide.
 * The hooks of every approval run too (the affiliate's "commission approved" mail, team goals).
 */
export class AutoApproveConversions implements DueJob {
  readonly name = 'auto-approve-conversions';

  constructor(
    private readonly uow: UnitOfWork,
    private readonly merchants: MerchantRepository,
    private readonly sinks: ConversionChangeSinks,
    private readonly hooks: readonly ConversionChangeHook[] = [],
  ) {}

  runDue(now: Date): Promise<number> {
    // Keyset position: sales the rule leaves pending are not claimed again in the same run.
    let after: { createdAt: Date; id: string } | null = null;
    // One merchant lookup per merchant in a batch, not one per sale.
    const merchants = new Map<string, Merchant | null>();
    return drainDueRows(
      this.uow,
      BATCH,
      async () => {
        const due = await this.sinks.conversions.claimDueForAutoApproval(now, BATCH, after);
        const last = due.at(-1);
        if (last) after = { createdAt: last.conversion.createdAt, id: last.conversion.id };
        merchants.clear();
        return due;
      },
      async ({ conversion, campaignAutoApproveDays, affiliateApproved, flagged }) => {
        if (!isDueForAutoApproval(conversion, { campaignAutoApproveDays, affiliateApproved, flagged, now })) return 0;
        const change = changeConversionStatus(conversion, { to: 'approved', confirmAboveSale: false, now });
        if (change.isErr()) return 0;
        if (!merchants.has(conversion.merchantId)) merchants.set(conversion.merchantId, await this.merchants.findById(conversion.merchantId));
        const merchant = merchants.get(conversion.merchantId);
        if (!merchant) return 0;
        // Approving a pending sale touches no payout in flight, so this cannot be refused; if it were, nothing was written.
        const applied = await applyConversionChange(this.sinks, change.value, merchant, now, conversion.status);
        if (applied.isErr()) return 0;
        await runConversionHooks(this.hooks, change.value, now);
        return 1;
      },
    );
  }
}
