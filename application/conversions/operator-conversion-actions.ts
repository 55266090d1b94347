import { err, ok, type Result } from 'neverthrow';
import { holdConversion, type Conversion, type Decimal, type DomainError } from '../../domain/index.js';
import type { Clock } from '../ports/clock.js';
import type { MerchantRepository } from '../ports/merchant-repository.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import { notFound } from '../shared/errors.js';
import { transactionalResult } from '../shared/transactional-result.js';
import { applyConversionChangeWithHooks, type ConversionChangeSinks } from './apply-conversion-change.js';
import type { ConversionChangeHook, RefundConversion } from './refund-conversion.js';

export type { ConversionChangeHook } from './refund-conversion.js';

/** What the payment side reports to the operator: a refund (whole, or part of the sale) and a hold. */
export class OperatorConversionActions {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly merchants: MerchantRepository,
    private readonly sinks: ConversionChangeSinks,
    private readonly clock: Clock,
    private readonly refunds: RefundConversion,
    private readonly hooks: readonly ConversionChangeHook[] = [],
  ) {}

  refund(id: string, amount: Decimal | null): Promise<Result<Conversion, DomainError>> {
    return this.refunds.execute({ id, amount, tenant: null });
  }

  hold(id: string): Promise<Result<Conversion, DomainError>> {
    return transactionalResult(this.uow, async () => {
      const current = await this.sinks.conversions.findByIdForUpdateAcrossTenants(id);
      if (!current) return err(notFound('Conversion'));
      const now = this.clock.now();
      const change = holdConversion(current, now);
      if (change.isErr()) return err(change.error);
      const applied = await applyConversionChangeWithHooks({ merchants: this.merchants, sinks: this.sinks, hooks: this.hooks }, change.value, current.merchantId, now, current.status);
      if (applied.isErr()) return err(applied.error);
      return ok(change.value.conversion);
    });
  }
}
