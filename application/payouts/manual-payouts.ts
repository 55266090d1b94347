import { err, ok, type Result } from 'neverthrow';
import {
  markPayoutPaid,
  netPayment,
  validationError,
  type CurrencyCode,
  type Decimal,
  type DomainError,
  type PayoutMethod,
  type PayoutPayment,
} from '../../domain/index.js';
import type { Clock } from '../ports/clock.js';
import type { IdGenerator } from '../ports/id-generator.js';
import type { PayoutAdjustments } from '../ports/payout-adjustments.js';
import type { PayoutPaymentRepository } from '../ports/payout-payment-repository.js';
import type { ManualPayoutRow, PayoutQueries } from '../ports/payout-queries.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import { notFound } from '../shared/errors.js';
import type { Tenant } from '../shared/tenant.js';
import { transactionalResult } from '../shared/transactional-result.js';
import { applyPayoutChange, type PayoutSinks } from './payout-effects.js';
import type { PayoutMail } from './payout-mail.js';

/** One line of a batch file: what one affiliate is owed in one currency, net of clawbacks. */
export interface ManualPayoutLine {
  readonly affiliateId: string;
  readonly name: string;
  /** The payout email (wallet and bank-transfer methods pay by email). */
  readonly email: string;
  readonly amount: Decimal;
  readonly currency: CurrencyCode;
  /** The queue rows this line pays (`POST /payouts/mark-paid` takes them). */
  readonly payoutIds: readonly string[];
}

const groupByAffiliate = (rows: readonly ManualPayoutRow[]): ManualPayoutRow[][] => {
  const groups = new Map<string, ManualPayoutRow[]>();
  for (const row of rows) {
    const key = `${row.payout.affiliateId}:${row.payout.currency}`;
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  return [...groups.values()];
};

/**
 * The manual path, for merchants who pay by hand: the due rows as one line per affiliate and
 * currency (for the wallet's and the bank-transfer service's batch files), and marking rows paid with
 * the same events as an automatic payout (`conversion.paid`, `payout.completed`).
 */
export class ManualPayouts {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly queries: PayoutQueries,
    private readonly sinks: PayoutSinks,
    private readonly payments: PayoutPaymentRepository,
    private readonly adjustments: PayoutAdjustments,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
    private readonly mail: PayoutMail,
  ) {}

  /** Due rows (scheduled, awaiting funds or failed) of affiliates paid by `method`, in `currency`. Lines that net to nothing are left out. */
  exportDue(tenant: Tenant, method: PayoutMethod, currency: CurrencyCode): Promise<ManualPayoutLine[]> {
    return this.uow.transaction(async () => {
      const lines: ManualPayoutLine[] = [];
      for (const group of groupByAffiliate(await this.queries.dueForManualPayment(tenant, method, currency))) {
        const first = group[0];
        if (!first) continue;
        const owed = await this.adjustments.owed(tenant, first.payout.affiliateId, currency);
        const amounts = netPayment(group.map((row) => row.payout.amount), owed);
        if (!amounts.amount.gt(0)) continue;
        lines.push({
          affiliateId: first.payout.affiliateId,
          name: first.affiliateName,
          email: first.payoutEmail ?? first.affiliateEmail,
          amount: amounts.amount,
          currency,
          payoutIds: group.map((row) => row.payout.id),
        });
      }
      return lines;
    });
  }

  /**
   * The merchant paid these rows itself: each becomes `completed` and its conversion `paid`, one
   * payment per affiliate and currency records what was netted. All or nothing: an unknown id (404),
   * a row in flight (409 `payout_in_progress`) or already completed (409 `invalid_transition`) changes nothing.
   * Each affiliate gets one `payout_completed` email per payment.
   */
  markPaid(tenant: Tenant, ids: readonly string[], method: PayoutMethod | null): Promise<Result<number, DomainError>> {
    return transactionalResult(this.uow, async () => {
      const now = this.clock.now();
      const claimed = [];
      for (const id of [...new Set(ids)].sort()) {
        const row = await this.sinks.payouts.findByIdForUpdateAcrossTenants(id);
        if (!row || row.payout.merchantId !== tenant.merchantId || row.payout.mode !== tenant.mode) return err(notFound(`Payout ${id}`));
        claimed.push(row);
      }
      const byGroup = new Map<string, typeof claimed>();
      for (const row of claimed) {
        const key = `${row.payout.affiliateId}:${row.payout.currency}`;
        byGroup.set(key, [...(byGroup.get(key) ?? []), row]);
      }
      for (const group of byGroup.values()) {
        const first = group[0]!;
        const payoutMethod = method ?? (await this.queries.payoutMethodOf(tenant, first.payout.affiliateId));
        if (payoutMethod === null) return err(validationError('payoutMethod', `is required: affiliate ${first.payout.affiliateId} has no payout method saved`));
        if (payoutMethod === 'connect') return err(validationError('payoutMethod', 'connect payouts are marked paid one by one with their transfer id (operator API)'));
        const owed = await this.adjustments.owed(tenant, first.payout.affiliateId, first.payout.currency);
        const amounts = netPayment(group.map((row) => row.payout.amount), owed);
        const payment: PayoutPayment | null = amounts.gross.gt(0)
          ? { id: this.ids.next(), merchantId: tenant.merchantId, mode: tenant.mode, affiliateId: first.payout.affiliateId, method: payoutMethod, currency: first.payout.currency, ...amounts, destination: null, status: 'completed', providerReference: null, cardPaymentId: null, failureReason: null, retryable: false, createdAt: now, updatedAt: now }
          : null;
        if (payment && payment.amount.gt(0)) await this.payments.insert(payment);
        for (const row of group) {
          const change = markPayoutPaid(row.payout, { method: payoutMethod, cardTransferId: null, now });
          if (change.isErr()) return err(change.error);
          const paid = payment && payment.amount.gt(0) ? { ...change.value, payout: { ...change.value.payout, paymentId: payment.id } } : change.value;
          const applied = await applyPayoutChange(this.sinks, paid, row.conversion, now);
          if (applied.isErr()) return err(applied.error);
        }
        // One email per payment, as when a provider pays; nothing when clawbacks took it all.
        if (payment && payment.amount.gt(0)) {
          await this.mail.completed(tenant, { affiliateId: payment.affiliateId, amount: payment.amount, currency: payment.currency, method: payoutMethod });
        }
      }
      return ok(claimed.length);
    });
  }
}
