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
import { applyConversionChange, type ConversionChangeSinks } from './apply-conversion-change.js';
import type { ConversionChangeHook } from './operator-conversion-actions.js';

export interface RefundResult {
  /** The conversion after the refund (a paid one is unchanged). */
  readonly conversion: Conversion;
  /** For a paid conversion: the commission taken back, netted by the affiliate's next payouts. */
  readonly clawback: CommissionAdjustment | null;
}

/**
 * A customer refund, whoever reports it (the operator, the merchant, a payment provider): the one
 * place the refund rules run. Before payout the conversion's own state machine refunds it (whole →
 * `refunded`, part → commission scaled down; its queued payout cancelled or resized). After payout
 * the paid row stays as paid and the refund records a `CommissionAdjustment` instead.
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

  /** Refunds `amount` of the sale (default: all that remains); `tenant` null is the operator's cross-tenant lookup. */
  execute(tenant: Tenant | null, id: string, amount?: Decimal): Promise<Result<RefundResult, DomainError>> {
    return transactionalResult(this.uow, async () => {
      const current = tenant ? await this.sinks.conversions.findByIdForUpdate(tenant, id) : await this.sinks.conversions.findByIdForUpdateAcrossTenants(id);
      if (!current) return err(notFound('Conversion'));
      return this.refundLocked(current, amount);
    });
  }

  /** The refund inside the caller's transaction, which holds `current`'s row lock. */
  async refundLocked(current: Conversion, amount?: Decimal): Promise<Result<RefundResult, DomainError>> {
    const now = this.clock.now();
    if (current.status === 'paid') return this.clawBack(current, amount, now);
    const change = refundConversion(current, { ...(amount ? { amount } : {}), now });
    if (change.isErr()) return err(change.error);
    const merchant = await this.merchants.findById(current.merchantId);
    if (!merchant) return err(notFound('Merchant'));
    const applied = await applyConversionChange(this.sinks, change.value, merchant, now, current.status);
    if (applied.isErr()) return err(applied.error);
    if (change.value.changed) for (const hook of this.hooks) await hook.afterConversionChanged(change.value.conversion, now);
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
      remaining: clawback.value.amount,
      refundedSale: clawback.value.refundedSale,
      createdAt: now,
    };
    await this.adjustments.insert(adjustment);
    return ok({ conversion: current, clawback: adjustment });
  }
}
