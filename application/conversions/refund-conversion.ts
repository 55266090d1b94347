import { err, ok, type Result } from 'neverthrow';
import { refundConversion, type Conversion, type Decimal, type DomainError } from '../../domain/index.js';
import type { Clock } from '../ports/clock.js';
import type { MerchantRepository } from '../ports/merchant-repository.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import { notFound } from '../shared/errors.js';
import type { Tenant } from '../shared/tenant.js';
import { transactionalResult } from '../shared/transactional-result.js';
import { applyConversionChange, type ConversionChangeSinks } from './apply-conversion-change.js';

/** Runs after a conversion changed, in the same transaction (the teams module recomputes goal progress there). */
export interface ConversionChangeHook {
  afterConversionChanged(conversion: Conversion, now: Date): Promise<void>;
}

export interface RefundConversionInput {
  readonly id: string;
  /** Part of the sale, in the terms of `amount` (net when tax is set); null refunds all that remains. */
  readonly amount: Decimal | null;
  /** The merchant's own conversion in its mode; null for the operator, who reaches any conversion. */
  readonly tenant: Tenant | null;
}

/**
 * The one refund, whoever reports it: the merchant (`POST /conversions/:id/refund`), the operator, a
 * payment provider's notification. Whole or partial, through the conversion machine: the commission
 * is recomputed from the figures the conversion was created with (never today's rates), a whole
 * refund cancels the queued payout, a partial one resizes it, hooks run in the same transaction.
 */
export class RefundConversion {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly merchants: MerchantRepository,
    private readonly sinks: ConversionChangeSinks,
    private readonly clock: Clock,
    private readonly hooks: readonly ConversionChangeHook[] = [],
  ) {}

  execute(input: RefundConversionInput): Promise<Result<Conversion, DomainError>> {
    return transactionalResult(this.uow, async () => {
      const current = input.tenant
        ? await this.sinks.conversions.findByIdForUpdate(input.tenant, input.id)
        : await this.sinks.conversions.findByIdForUpdateAcrossTenants(input.id);
      if (!current) return err(notFound('Conversion'));
      const now = this.clock.now();
      const change = refundConversion(current, { ...(input.amount ? { amount: input.amount } : {}), now });
      if (change.isErr()) return err(change.error);
      const merchant = await this.merchants.findById(current.merchantId);
      if (!merchant) return err(notFound('Merchant'));
      const applied = await applyConversionChange(this.sinks, change.value, merchant, now, current.status);
      if (applied.isErr()) return err(applied.error);
      if (change.value.changed) for (const hook of this.hooks) await hook.afterConversionChanged(change.value.conversion, now);
      return ok(change.value.conversion);
    });
  }
}
