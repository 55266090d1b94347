import type { IdGenerator } from '../../application/ports/id-generator.js';
import type { PayoutQueue } from '../../application/ports/payout-queue.js';
import type { Conversion, Merchant } from '../../domain/index.js';
import { currentEm, type Orm } from '../persistence/orm.js';

/** Rows a payout run has not taken yet; once processing or completed, a row is the payout system's. */
const OPEN = `('pending', 'awaiting_funds', 'scheduled', 'failed')`;

/**
 * Queue rows for approved conversions. One row per conversion (unique constraint): a second approval
 * after a cancellation re-opens the same row. Cancelling removes a row that no payout run has taken.
 */
export class SqlPayoutQueue implements PayoutQueue {
  constructor(
    private readonly orm: Orm,
    private readonly ids: IdGenerator,
  ) {}

  async queueFor(conversion: Conversion, _merchant: Merchant, now: Date): Promise<void> {
    await currentEm(this.orm).execute(
      `insert into payouts (id, merchant_id, mode, conversion_id, campaign_id, affiliate_id, amount, currency, status,
                            scheduled_date, attempts, created_at, updated_at)
       values (?, ?, ?, ?, ?, ?, ?, ?, 'pending', null, 0, ?, ?)
       on conflict (conversion_id) do update set amount = excluded.amount, status = 'pending', failure_reason = null,
         updated_at = excluded.updated_at, version = payouts.version + 1
       where payouts.status in ${OPEN}`,
      [
        this.ids.next(),
        conversion.merchantId,
        conversion.mode,
        conversion.id,
        conversion.campaignId,
        conversion.affiliateId,
        conversion.commission.toFixed(),
        conversion.currency,
        now,
        now,
      ],
    );
  }

  async cancelFor(conversion: Conversion): Promise<void> {
    await currentEm(this.orm).execute(`delete from payouts where conversion_id = ? and status in ${OPEN}`, [conversion.id]);
  }

  async resizeFor(conversion: Conversion, now: Date): Promise<void> {
    await currentEm(this.orm).execute(
      `update payouts set amount = ?, updated_at = ?, version = version + 1 where conversion_id = ? and status in ${OPEN}`,
      [conversion.commission.toFixed(), now, conversion.id],
    );
  }
}
