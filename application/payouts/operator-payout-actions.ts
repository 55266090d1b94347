import { err, ok, type Result } from 'neverthrow';
import {
  markPayoutPaid,
  retryPayout,
  validationError,
  type DomainError,
  type Payout,
  type PayoutChange,
  type PayoutMethod,
} from '../../domain/index.js';
import type { AffiliateRepository } from '../ports/affiliate-repository.js';
import type { Clock } from '../ports/clock.js';
import type { ClaimedPayout } from '../ports/payout-repository.js';
import type { Tenant } from '../shared/tenant.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import { notFound } from '../shared/errors.js';
import { transactionalResult } from '../shared/transactional-result.js';
import { applyPayoutChange, type PayoutSinks } from './payout-effects.js';
import type { PayoutMail } from './payout-mail.js';
import type { IssueInvoices } from '../invoices/issue-invoices.js';

export interface MarkPaidInput {
  /** Default: the affiliate's saved payout method; required when it has none. */
  readonly payoutMethod: PayoutMethod | null;
  readonly cardTransferId: string | null;
  readonly cardPaymentId: string | null;
}

/**
 * What the merchant does by hand (through the operator API, standing in for the dashboard):
 * - `markPaid`: the merchant paid the affiliate itself. This is how rows of headless affiliates (no
 *   login account, no automated payout) complete, and how any open row can be settled outside the
 *   service; the conversion becomes paid (`conversion.paid`, `payout.completed`) and the affiliate
 *   gets its `payout_completed` email.
 * - `retry`: a `failed` row is scheduled again, due now, with a fresh failure budget.
 */
export class OperatorPayoutActions {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly sinks: PayoutSinks,
    /** Only read: the affiliate's saved payout method when none is given. */
    private readonly affiliates: Pick<AffiliateRepository, 'findById'>,
    private readonly clock: Clock,
    private readonly mail: Pick<PayoutMail, 'completed'>,
    private readonly invoices?: Pick<IssueInvoices, 'forPayment' | 'forPayout'>,
  ) {}

  /** `tenant`: only a payout of that merchant and mode (the dashboard); another's is not found. */
  markPaid(id: string, input: MarkPaidInput, tenant?: Tenant): Promise<Result<Payout, DomainError>> {
    return this.act(id, tenant, async ({ payout }, now) => {
      let method = input.payoutMethod;
      if (method === null) {
        const affiliate = await this.affiliates.findById({ merchantId: payout.merchantId, mode: payout.mode }, payout.affiliateId);
        method = affiliate?.payoutMethod ?? null;
      }
      if (method === null) {
        return err(validationError('payoutMethod', 'is required: the affiliate has no payout method saved'));
      }
      return markPayoutPaid(payout, { method, cardTransferId: input.cardTransferId, cardPaymentId: input.cardPaymentId, now });
    }, async (payout, now) => {
      const tenantOf = { merchantId: payout.merchantId, mode: payout.mode };
      if (payout.paymentId === null) await this.invoices?.forPayout(tenantOf, payout.id, now);
      else await this.invoices?.forPayment(tenantOf, payout.paymentId, now);
      await this.mail.completed({ merchantId: payout.merchantId, mode: payout.mode }, { affiliateId: payout.affiliateId, amount: payout.amount, currency: payout.currency, method: payout.payoutMethod ?? 'manual' });
    });
  }

  retry(id: string, tenant?: Tenant): Promise<Result<Payout, DomainError>> {
    return this.act(id, tenant, async ({ payout }, now) => retryPayout(payout, now));
  }

  private act(
    id: string,
    tenant: Tenant | undefined,
    step: (row: ClaimedPayout, now: Date) => Promise<Result<PayoutChange, DomainError>>,
    after?: (payout: Payout, now: Date) => Promise<void>,
  ): Promise<Result<Payout, DomainError>> {
    return transactionalResult(this.uow, async () => {
      const row = await this.sinks.payouts.findByIdForUpdateAcrossTenants(id);
      if (!row || (tenant && (row.payout.merchantId !== tenant.merchantId || row.payout.mode !== tenant.mode))) return err(notFound('Payout'));
      const now = this.clock.now();
      const change = await step(row, now);
      if (change.isErr()) return err(change.error);
      const applied = await applyPayoutChange(this.sinks, change.value, row.conversion, now);
      if (applied.isErr()) return err(applied.error);
      await after?.(change.value.payout, now);
      return ok(change.value.payout);
    });
  }
}
