import { err, ok, type Result } from 'neverthrow';
import {
  markAwardPaid,
  markPayoutPaid,
  netPayment,
  payoutInProgress,
  validationError,
  type AwardPayoutSchedule,
  type Award,
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
import type { ManualAwardRow, ManualPaymentQueries, ManualPayoutRow } from '../ports/manual-payment-queries.js';
import type { ClaimedPayout } from '../ports/payout-repository.js';
import type { UnitOfWork } from '../ports/unit-of-work.js';
import { notFound } from '../shared/errors.js';
import type { Tenant } from '../shared/tenant.js';
import { transactionalResult } from '../shared/transactional-result.js';
import { applyAwardStep, applyPayoutChange, type PayoutSinks } from './payout-effects.js';
import type { IssueInvoices } from '../invoices/issue-invoices.js';
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
  /** The team bonus awards it pays with them (`POST /payouts/mark-paid` takes them too). */
  readonly awardIds: readonly string[];
}

interface AffiliateDue {
  readonly affiliateId: string;
  readonly name: string;
  readonly email: string;
  readonly rows: ManualPayoutRow[];
  readonly awards: ManualAwardRow[];
}

/** One entry per affiliate (the file's currency is one), rows and awards together, in the rows' order then the awards'. */
const dueByAffiliate = (rows: readonly ManualPayoutRow[], awards: readonly ManualAwardRow[]): AffiliateDue[] => {
  const byAffiliate = new Map<string, AffiliateDue>();
  const entry = (affiliateId: string, name: string, email: string) => {
    let found = byAffiliate.get(affiliateId);
    if (!found) {
      found = { affiliateId, name, email, rows: [], awards: [] };
      byAffiliate.set(affiliateId, found);
    }
    return found;
  };
  for (const row of rows) entry(row.payout.affiliateId, row.affiliateName, row.payoutEmail ?? row.affiliateEmail).rows.push(row);
  for (const row of awards) entry(row.award.affiliateId, row.affiliateName, row.payoutEmail ?? row.affiliateEmail).awards.push(row);
  return [...byAffiliate.values()];
};

/** A line of `POST /payouts/mark-paid`: a queue row (with its conversion) or a team bonus award, locked. */
type MarkedLine =
  | { readonly kind: 'payout'; readonly row: ClaimedPayout }
  | { readonly kind: 'award'; readonly award: Award; readonly schedule: AwardPayoutSchedule };

const affiliateOf = (line: MarkedLine) => (line.kind === 'payout' ? line.row.payout.affiliateId : line.award.affiliateId);
const currencyOf = (line: MarkedLine) => (line.kind === 'payout' ? line.row.payout.currency : line.award.currency);

/**
 * The manual path, for merchants who pay by hand: the due rows and team bonus awards as one line per
 * affiliate and currency (for the wallet's and the bank-transfer service's batch files), and marking
 * them paid with the same events as an automatic payout (`conversion.paid`, `payout.completed`,
 * `bonus.paid`).
 */
export class ManualPayouts {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly queries: ManualPaymentQueries,
    private readonly sinks: PayoutSinks,
    private readonly payments: PayoutPaymentRepository,
    private readonly adjustments: PayoutAdjustments,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
    private readonly mail: Pick<PayoutMail, 'completed'>,
    private readonly invoices?: Pick<IssueInvoices, 'forPayment'>,
  ) {}

  /**
   * Due rows (scheduled, awaiting funds or failed) and due bonus awards (approved or failed) of
   * affiliates paid by `method`, in `currency`, one line per affiliate. Lines that net to nothing are left out.
   */
  exportDue(tenant: Tenant, method: PayoutMethod, currency: CurrencyCode): Promise<ManualPayoutLine[]> {
    return this.uow.transaction(async () => {
      const rows = await this.queries.dueForManualPayment(tenant, method, currency);
      const awards = await this.queries.dueAwardsForManualPayment(tenant, method, currency);
      const lines: ManualPayoutLine[] = [];
      for (const due of dueByAffiliate(rows, awards)) {
        const owed = await this.adjustments.owed(tenant, due.affiliateId, currency);
        const amounts = netPayment(
          due.rows.map((row) => row.payout.amount),
          owed,
          due.awards.map((row) => row.award.amount),
        );
        if (!amounts.amount.gt(0)) continue;
        lines.push({
          affiliateId: due.affiliateId,
          name: due.name,
          email: due.email,
          amount: amounts.amount,
          currency,
          payoutIds: due.rows.map((row) => row.payout.id),
          awardIds: due.awards.map((row) => row.award.id),
        });
      }
      return lines;
    });
  }

  /**
   * The merchant paid these rows and bonus awards itself (`ids` names either): each row becomes
   * `completed` and its conversion `paid`, each award `paid` (`bonus.paid`), one payment per affiliate
   * and currency records what was netted. All or nothing: an unknown id (404), a line in flight (409
   * `payout_in_progress`) or already paid (409 `invalid_transition`) changes nothing. Each affiliate
   * gets one `payout_completed` email per payment.
   */
  markPaid(tenant: Tenant, ids: readonly string[], method: PayoutMethod | null): Promise<Result<number, DomainError>> {
    return transactionalResult(this.uow, async () => {
      const now = this.clock.now();
      const claimed: MarkedLine[] = [];
      for (const id of [...new Set(ids)].sort()) {
        const row = await this.sinks.payouts.findByIdForUpdateAcrossTenants(id);
        if (row && row.payout.merchantId === tenant.merchantId && row.payout.mode === tenant.mode) {
          claimed.push({ kind: 'payout', row });
          continue;
        }
        const award = row ? null : await this.sinks.awards.findWithScheduleForUpdate(tenant, id);
        if (!award) return err(notFound(`Payout ${id}`));
        claimed.push({ kind: 'award', ...award });
      }
      const byGroup = new Map<string, MarkedLine[]>();
      for (const line of claimed) {
        const key = `${affiliateOf(line)}:${currencyOf(line)}`;
        byGroup.set(key, [...(byGroup.get(key) ?? []), line]);
      }
      for (const group of byGroup.values()) {
        const first = group[0]!;
        const affiliateId = affiliateOf(first);
        const currency = currencyOf(first);
        const payoutMethod = method ?? (await this.queries.payoutMethodOf(tenant, affiliateId));
        if (payoutMethod === null) return err(validationError('payoutMethod', `is required: affiliate ${affiliateId} has no payout method saved`));
        if (payoutMethod === 'connect') return err(validationError('payoutMethod', 'connect payouts are marked paid one by one with their transfer id (operator API)'));
        const rows = group.flatMap((line) => (line.kind === 'payout' ? [line.row] : []));
        const awards = group.flatMap((line) => (line.kind === 'award' ? [line] : []));
        const owed = await this.adjustments.owed(tenant, affiliateId, currency);
        const amounts = netPayment(
          rows.map((row) => row.payout.amount),
          owed,
          awards.map((line) => line.award.amount),
        );
        const payment: PayoutPayment | null = amounts.amount.gt(0)
          ? { id: this.ids.next(), merchantId: tenant.merchantId, mode: tenant.mode, affiliateId, method: payoutMethod, currency, ...amounts, destination: null, status: 'completed', providerReference: null, cardPaymentId: null, failureReason: null, retryable: false, createdAt: now, updatedAt: now }
          : null;
        if (payment) await this.payments.insert(payment);
        for (const row of rows) {
          const change = markPayoutPaid(row.payout, { method: payoutMethod, cardTransferId: null, now });
          if (change.isErr()) return err(change.error);
          const paid = payment ? { ...change.value, payout: { ...change.value.payout, paymentId: payment.id } } : change.value;
          const applied = await applyPayoutChange(this.sinks, paid, row.conversion, now);
          if (applied.isErr()) return err(applied.error);
        }
        for (const { award, schedule } of awards) {
          // Money with the provider is not marked paid by hand, as for a row in flight.
          if (award.status === 'processing') return err(payoutInProgress());
          const change = markAwardPaid(award, { payoutMethod, now });
          if (change.isErr()) return err(change.error);
          await applyAwardStep(this.sinks, tenant, award.id, { change: change.value, schedule: { ...schedule, nextAttemptAt: null, paymentId: payment?.id ?? null } }, now);
        }
        // One email per payment, as when a provider pays; nothing when clawbacks took it all.
        if (payment) {
          await this.invoices?.forPayment(tenant, payment.id, now);
          await this.mail.completed(tenant, { affiliateId: payment.affiliateId, amount: payment.amount, currency: payment.currency, method: payoutMethod });
        }
      }
      return ok(claimed.length);
    });
  }
}
