import { err, ok, type Result } from 'neverthrow';
import { clawbackForRefund, refundConversion, type CommissionAdjustment, type Conversion, type Decimal, type DomainError } from '../../domain/index.js';
import type { Clock } from '../ports/clock.js';
import type { CommissionAdjustments } from '../ports/commission-adjustments.js';
import type { IdGenerator } from '../ports/id-generator.js';
import type { MerchantRepository } from '../ports/merchant-repository.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import { notFound } from '../shared/errors.js';
import type { Tenant } from '../shared/tenant.js';
import { transactionalResult } from '../shared/transactional-result.js';
import { applyConversionChangeWithHooks, type ConversionChangeHook, type ConversionChangeSinks } from './apply-conversion-change.js';

export type { ConversionChangeHook } from './apply-conversion-change.js';

export interface RefundConversionInput {
  readonly id: string;
  /** Part of the sale, in the terms of `amount` (net when tax is set); null refunds all that remains. */
  readonly amount: Decimal | null;
  /** The merchant's own conversion in its mode; null for the operator, who reaches any conversion. */
  readonly tenant: Tenant | null;
}

export interface RefundResult {
  /** The conversion after the refund (a paid one is unchanged). */
  readonly conversion: Conversion;
  /** For a paid conversion: the commission taken back, netted by the affiliate's next payments. */
  readonly clawback: CommissionAdjustment | null;
}

/**
 * The one refund, whoever reports it: the merchant (`POST /conversions/:id/refund`), the operator, a
 * payment provider's notification. Whole or partial, through the conversion machine: the commission
 * is recomputed from the figures the conversion was created with (never today's rates), a whole
 * refund cancels the queued payout, a partial one resizes it, hooks run in the same transaction.
 * After payout the paid row stays as paid: the refund records a `CommissionAdjustment` (clawback),
 * which the affiliate's next payment in that currency nets.
 */
export class RefundConversion {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly merchants: MerchantRepository,
    private readonly sinks: ConversionChangeSinks,
    private readonly adjustments: CommissionAdjustments,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
    private readonly hooks: readonly ConversionChangeHook[] = [],
  ) {}

  async execute(input: RefundConversionInput): Promise<Result<Conversion, DomainError>> {
    const refunded = await transactionalResult(this.uow, async () => {
      const current = input.tenant
        ? await this.sinks.conversions.findByIdForUpdate(input.tenant, input.id)
        : await this.sinks.conversions.findByIdForUpdateAcrossTenants(input.id);
      if (!current) return err(notFound('Conversion'));
      return this.refundLocked(current, input.amount ?? undefined);
    });
    return refunded.map((r) => r.conversion);
  }

  /** The refund inside the caller's transaction, which holds `current`'s row lock. */
  async refundLocked(current: Conversion, amount?: Decimal): Promise<Result<RefundResult, DomainError>> {
    const now = this.clock.now();
    if (current.status === 'paid') return this.clawBack(current, amount, now);
    const change = refundConversion(current, { ...(amount ? { amount } : {}), now });
    if (change.isErr()) return err(change.error);
    const applied = await applyConversionChangeWithHooks({ merchants: this.merchants, sinks: this.sinks, hooks: this.hooks }, change.value, current.merchantId, now, current.status);
    if (applied.isErr()) return err(applied.error);
    return ok({ conversion: change.value.conversion, clawback: null });
  }

  private async clawBack(current: Conversion, amount: Decimal | undefined, now: Date): Promise<Result<RefundResult, DomainError>> {
    const before = (await this.adjustments.refundedAfterPayout(current.id)).plus(current.refundedAmount ?? 0);
    const clawback = clawbackForRefund(current, before, amount);
    if (clawback.isErr()) return err(clawback.error);
    const adjustment: CommissionAdjustment = {
      id: this.ids.next(),
      merchantId: current.merchantId,
      mode: current.mode,
      affiliateId: current.affiliateId,
      conversionId: current.id,
      currency: current.currency,
      amount: clawback.value.amount,
      refundedSale: clawback.value.refundedSale,
      createdAt: now,
    };
    await this.adjustments.insert(adjustment);
    return ok({ conversion: current, clawback: adjustment });
  }
}
