import { ok, type Result } from 'neverthrow';
import type { ConversionChange, DomainError, Merchant } from '../../domain/index.js';
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
 * Persists a state-machine step and its consequences, inside the caller's transaction: the payout
 * queue first (queued on approval when the merchant pays automatically, cancelled when the conversion
 * leaves approved, resized by a partial refund of an approved sale), then the row and its events.
 * A payout whose money is with the provider refuses the change (`payout_in_progress`) before anything
 * is written.
 */
export const applyConversionChange = async (
  sinks: ConversionChangeSinks,
  change: ConversionChange,
  merchant: Merchant,
  now: Date,
  previousStatus: string,
): Promise<Result<void, DomainError>> => {
  if (!change.changed) return ok(undefined);
  const { conversion } = change;
  if (change.cancelsQueuedPayout) {
    const cancelled = await sinks.payouts.cancelFor(conversion, now);
    if (cancelled.isErr()) return cancelled;
  } else if (conversion.status === 'approved' && previousStatus === 'approved') {
    const resized = await sinks.payouts.resizeFor(conversion, now);
    if (resized.isErr()) return resized;
  }
  await sinks.conversions.update(conversion);
  await sinks.outbox.record(toOutbox(conversion, change.events, now));
  if (conversion.status === 'approved' && previousStatus !== 'approved' && merchant.automaticPayouts) {
    await sinks.payouts.queueFor(conversion, merchant, now);
  }
  return ok(undefined);
};
