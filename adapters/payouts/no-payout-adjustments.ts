import type { PayoutAdjustments } from '../../application/ports/payout-adjustments.js';
import { Decimal } from '../../domain/index.js';

/**
 * No clawback source yet: affiliates owe nothing. The refund side records negative adjustments after
 * payout; its adapter replaces this one (owed = adjustments − what non-failed payments netted).
 */
export class NoPayoutAdjustments implements PayoutAdjustments {
  async owed(): Promise<Decimal> {
    return new Decimal(0);
  }
}
