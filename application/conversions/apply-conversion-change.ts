import type { ConversionChange, Merchant } from '../../domain/index.js';
import type { ConversionRepository } from '../ports/conversion-repository.js';
import type { EventOutbox } from '../ports/event-outbox.js';
import type { PayoutQueue } from '../ports/payout-queue.js';
import { toOutbox } from './conversion-events.js';

export interface ConversionChangeSinks {
  readonly conversions: ConversionRepository;
  readonly outbox: EventOutbox;
  readonly payouts: PayoutQueue;
}

/**
 * Persists a state-machine step and its consequences, inside the caller's transaction: the row, its
 * events, and the payout queue (queued on approval when the merchant pays automatically, cancelled
 * when the conversion leaves approved, resized by a partial refund of an approved sale).
 */
export const applyConversionChange = async (
  sinks: ConversionChangeSinks,
  change: ConversionChange,
  merchant: Merchant,
  now: Date,
  previousStatus: string,
): Promise<void> => {
  if (!change.changed) return;
  const { conversion } = change;
  await sinks.conversions.update(conversion);
  await sinks.outbox.record(toOutbox(conversion, change.events, now));
  if (change.cancelsQueuedPayout) await sinks.payouts.cancelFor(conversion, now);
  else if (conversion.status === 'approved' && previousStatus !== 'approved' && merchant.automaticPayouts) {
    await sinks.payouts.queueFor(conversion, merchant, now);
  } else if (conversion.status === 'approved' && previousStatus === 'approved') {
    await sinks.payouts.resizeFor(conversion, now);
  }
};
