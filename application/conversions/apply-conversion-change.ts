import { err, ok, type Result } from 'neverthrow';
import type { Conversion, ConversionChange, DomainError, Merchant } from '../../domain/index.js';
import type { ConversionRepository } from '../ports/conversion-repository.js';
import type { EventOutbox } from '../ports/event-outbox.js';
import type { MerchantRepository } from '../ports/merchant-repository.js';
import type { PayoutQueue } from '../ports/payout-queue.js';
import { notFound } from '../shared/errors.js';
import { toOutbox } from './conversion-events.js';

export interface ConversionChangeSinks {
  readonly conversions: ConversionRepository;
  readonly outbox: EventOutbox;
  readonly payouts: PayoutQueue;
}

/** Runs after a conversion changed, in the same transaction (the teams module recomputes goal progress there). */
export interface ConversionChangeHook {
  afterConversionChanged(conversion: Conversion, now: Date): Promise<void>;
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

/**
 * A merchant's or the operator's step on one conversion: `applyConversionChange` with the
 * conversion's merchant, then, when the conversion changed, the change hooks.
 */
export const applyConversionChangeWithHooks = async (
  deps: { readonly merchants: MerchantRepository; readonly sinks: ConversionChangeSinks; readonly hooks: readonly ConversionChangeHook[] },
  change: ConversionChange,
  merchantId: string,
  now: Date,
  previousStatus: string,
): Promise<Result<void, DomainError>> => {
  const merchant = await deps.merchants.findById(merchantId);
  if (!merchant) return err(notFound('Merchant'));
  const applied = await applyConversionChange(deps.sinks, change, merchant, now, previousStatus);
  if (applied.isErr()) return applied;
  await runConversionHooks(deps.hooks, change, now);
  return ok(undefined);
};

/** The change hooks (the commission mail, team goals) of an applied change, when the conversion changed. */
export const runConversionHooks = async (hooks: readonly ConversionChangeHook[], change: ConversionChange, now: Date): Promise<void> => {
  if (change.changed) for (const hook of hooks) await hook.afterConversionChanged(change.conversion, now);
};
