import { err, ok, type Result } from 'neverthrow';
import { correctConversion, type Conversion, type ConversionPatchStatus, type DomainError } from '../../domain/index.js';
import type { Clock } from '../ports/clock.js';
import type { MerchantRepository } from '../ports/merchant-repository.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import { notFound } from '../shared/errors.js';
import type { AuditedRequest, RequestAudit } from '../shared/request-audit.js';
import type { Tenant } from '../shared/tenant.js';
import { transactionalResult } from '../shared/transactional-result.js';
import { applyConversionChangeWithHooks, type ConversionChangeSinks } from './apply-conversion-change.js';
import type { ConversionChangeHook } from './refund-conversion.js';

export interface UpdateConversionStatusInput {
  readonly tenant: Tenant;
  readonly id: string;
  readonly status: ConversionPatchStatus;
  readonly confirmAboveSale: boolean;
  /** The request whose audit row the change records with it (absent: the caller audits otherwise). */
  readonly request?: AuditedRequest;
}

/**
 * `PATCH /conversions/:id`: approve, reject, hold, release a hold, or reopen a rejection, through the
 * conversion machine. The row is locked, so two concurrent changes run one after the other.
 */
export class UpdateConversionStatus {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly merchants: MerchantRepository,
    private readonly sinks: ConversionChangeSinks,
    private readonly clock: Clock,
    private readonly audit: RequestAudit,
    private readonly hooks: readonly ConversionChangeHook[] = [],
  ) {}

  execute(input: UpdateConversionStatusInput): Promise<Result<Conversion, DomainError>> {
    return transactionalResult(this.uow, async () => {
      const current = await this.sinks.conversions.findByIdForUpdate(input.tenant, input.id);
      if (!current) return err(notFound('Conversion'));
      const now = this.clock.now();
      const change = correctConversion(current, { to: input.status, confirmAboveSale: input.confirmAboveSale, now });
      if (change.isErr()) return err(change.error);
      const applied = await applyConversionChangeWithHooks({ merchants: this.merchants, sinks: this.sinks, hooks: this.hooks }, change.value, input.tenant.merchantId, now, current.status);
      if (applied.isErr()) return err(applied.error);
      await this.audit.record(input.request, input.tenant.merchantId, now);
      return ok(change.value.conversion);
    });
  }
}
