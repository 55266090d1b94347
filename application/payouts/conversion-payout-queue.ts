import { err, ok, type Result } from 'neverthrow';
import { cancelPayout, queuePayout, resizePayout, type Conversion, type DomainError, type Merchant } from '../../domain/index.js';
import type { IdGenerator } from '../ports/id-generator.js';
import type { PayoutQueue } from '../ports/payout-queue.js';
import type { PayoutRepository } from '../ports/payout-repository.js';

const tenantOf = (conversion: Conversion) => ({ merchantId: conversion.merchantId, mode: conversion.mode });

/**
 * The payout queue behind the conversion use cases, through the payout state machine. Runs in the
 * caller's transaction, after the caller locked the conversion (so the lock order is always
 * conversion, then payout row, as in the payout job).
 */
export class ConversionPayoutQueue implements PayoutQueue {
  constructor(
    private readonly payouts: PayoutRepository,
    private readonly ids: IdGenerator,
  ) {}

  /** One row per conversion: an existing row stays as it is. A zero commission queues nothing. */
  async queueFor(conversion: Conversion, merchant: Merchant, now: Date): Promise<void> {
    const queued = queuePayout({ id: this.ids.next(), conversion, holdingDays: merchant.payoutHoldingDays, now });
    if (queued.isErr()) return;
    await this.payouts.insert(queued.value);
  }

  async cancelFor(conversion: Conversion): Promise<Result<void, DomainError>> {
    const row = await this.payouts.findByConversionForUpdate(tenantOf(conversion), conversion.id);
    if (!row) return ok(undefined);
    const cancelled = cancelPayout(row);
    if (cancelled.isErr()) return err(cancelled.error);
    await this.payouts.delete(cancelled.value);
    return ok(undefined);
  }

  /** A partial refund: the row follows the commission; a commission rounded down to zero cancels it. */
  async resizeFor(conversion: Conversion, now: Date): Promise<Result<void, DomainError>> {
    const row = await this.payouts.findByConversionForUpdate(tenantOf(conversion), conversion.id);
    if (!row) return ok(undefined);
    if (!conversion.commission.gt(0)) return this.cancelFor(conversion);
    const resized = resizePayout(row, conversion.commission, now);
    if (resized.isErr()) return err(resized.error);
    if (resized.value.payout !== row) await this.payouts.update(resized.value.payout);
    return ok(undefined);
  }
}
