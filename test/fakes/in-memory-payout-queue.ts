import { err, ok, type Result } from 'neverthrow';
import type { PayoutQueue } from '../../application/ports/payout-queue.js';
import { payoutInProgress, queuePayout, type Conversion, type DomainError, type Merchant } from '../../domain/index.js';
import type { InMemoryTransactions } from './in-memory-transactions.js';

export interface QueuedPayout {
  readonly conversionId: string;
  readonly amount: string;
  readonly queuedAt: Date;
}

/**
 * The payout queue as conversion changes see it: one row per conversion queued, dropped when it is
 * cancelled, resized with its conversion's commission. A conversion whose payout the test put "with
 * the provider" refuses cancelling and resizing with `payout_in_progress`, as the real queue does.
 */
export class InMemoryPayoutQueue implements PayoutQueue {
  private readonly rows = new Map<string, QueuedPayout>();
  private readonly inProgress = new Set<string>();
  /** Every call, in order: `queue:<id>`, `cancel:<id>`, `resize:<id>`. */
  readonly calls: string[] = [];

  constructor(private readonly transactions: InMemoryTransactions) {}

  queued(conversionId: string): QueuedPayout | undefined {
    return this.rows.get(conversionId);
  }

  /** Whether a payout row exists for the conversion, queued or with the provider. */
  hasRow(conversionId: string): boolean {
    return this.rows.has(conversionId) || this.inProgress.has(conversionId);
  }

  /** The conversion's payout is being paid: the provider has the money. */
  markInProgress(conversionId: string): void {
    this.inProgress.add(conversionId);
  }

  async queueFor(conversion: Conversion, merchant: Merchant, now: Date): Promise<void> {
    this.calls.push(`queue:${conversion.id}`);
    // The machine decides what is queued (an approved conversion with a commission); one row per conversion.
    if (this.rows.has(conversion.id)) return;
    if (queuePayout({ id: conversion.id, conversion, holdingDays: merchant.payoutHoldingDays, now }).isErr()) return;
    this.write(conversion.id, { conversionId: conversion.id, amount: conversion.commission.toFixed(), queuedAt: now });
  }

  async cancelFor(conversion: Conversion): Promise<Result<void, DomainError>> {
    this.calls.push(`cancel:${conversion.id}`);
    if (this.inProgress.has(conversion.id)) return err(payoutInProgress());
    this.write(conversion.id, undefined);
    return ok(undefined);
  }

  async resizeFor(conversion: Conversion): Promise<Result<void, DomainError>> {
    this.calls.push(`resize:${conversion.id}`);
    if (this.inProgress.has(conversion.id)) return err(payoutInProgress());
    const row = this.rows.get(conversion.id);
    // A commission rounded down to zero cancels the row, as the real queue does.
    if (row && !conversion.commission.gt(0)) this.write(conversion.id, undefined);
    else if (row) this.write(conversion.id, { ...row, amount: conversion.commission.toFixed() });
    return ok(undefined);
  }

  private write(conversionId: string, row: QueuedPayout | undefined): void {
    const before = this.rows.get(conversionId);
    if (row) this.rows.set(conversionId, row);
    else this.rows.delete(conversionId);
    this.transactions.onRollback(() => (before ? this.rows.set(conversionId, before) : this.rows.delete(conversionId)));
  }
}
