import {
  answerAwardPayout,
  holdAwardAttempt,
  holdPayout,
  leaseAwardAttempt,
  leaseAttempt,
  netPayment,
  nextPaymentCheck,
  outcomeOfPayment,
  paymentDecision,
  recordOutcome,
  settlePayment,
  startAttempt,
  startAwardAttempt,
  type AwardPayoutStep,
  type PayoutMethod,
  type PayoutOutcome,
  type PayoutPayment,
  type PayoutPolicy,
  type PayoutSettings,
} from '../../domain/index.js';
import type { Result } from 'neverthrow';
import type { DomainError, TaxDetailsRequirement } from '../../domain/index.js';
import type { InvoiceSettings } from '../ports/invoice-store.js';
import type { IdGenerator } from '../ports/id-generator.js';
import type { Logger } from '../ports/logger.js';
import type { PayoutAdjustments } from '../ports/payout-adjustments.js';
import type { PayoutPaymentRepository } from '../ports/payout-payment-repository.js';
import type { PayoutProvider, PayoutProviders } from '../ports/payout-provider.js';
import type { ClaimedAward } from '../ports/payout-repository.js';
import type { PayoutSettingsRepository } from '../ports/payout-settings-repository.js';
import type { Tenant } from '../shared/tenant.js';
import type { PaymentGroup, PaymentLines } from './payment-groups.js';
import { amountText, type PayoutMail } from './payout-mail.js';
import type { Notices } from '../ports/notices.js';
import { applyAwardStep, applyPayoutChange, type PayoutSinks } from './payout-effects.js';
import { TAX_DETAILS_MISSING, type TaxDetailsGate } from '../tax/tax-details-gate.js';
import type { IssueInvoices } from '../invoices/issue-invoices.js';

export interface PaymentPorts {
  readonly sinks: PayoutSinks;
  readonly payments: PayoutPaymentRepository;
  readonly providers: PayoutProviders;
  readonly settings: PayoutSettingsRepository;
  readonly adjustments: PayoutAdjustments;
  /** The affiliate's emails about the payment (paid, or details needed); only these two are sent from here. */
  readonly mail: Pick<PayoutMail, 'paymentOutcome' | 'taxDetailsNeeded'>;
  /** Whether the payment must wait for the affiliate's tax details (absent: never). */
  readonly taxDetails?: Pick<TaxDetailsGate, 'mustWait' | 'requirement'>;
  /** The self-billing invoice of each completed payment, in the transaction that completes it (absent: none). */
  readonly invoices?: Pick<IssueInvoices, 'forPayment' | 'settings'>;
  /** The merchant's in-app notice when a payment fails (absent: none). */
  readonly notices?: Notices;
  readonly ids: IdGenerator;
  readonly logger: Logger;
}

/**
 * A payment on its way to its provider, claimed and committed: the request (or, once the provider
 * gave a reference, the status question) goes out with no transaction open.
 */
export interface PaymentCall {
  readonly payment: PayoutPayment;
  /** The rows the payment carries, oldest first (what the request names). */
  readonly payoutIds: readonly string[];
  /** The team bonus awards it carries with them. */
  readonly awardIds: readonly string[];
  readonly provider: PayoutProvider;
}

/** What claiming a payment for a follow-up gave: a call to make, or rows settled from an answer already saved. */
export type FollowUp = { readonly call: PaymentCall; readonly settled: 0 } | { readonly call: null; readonly settled: number };

/**
 * One payment per affiliate, method and currency (its due commissions and team bonus awards
 * together), in three steps: `start` or `resume` (in a claim
 * transaction that commits before anything leaves), `ask` (the provider, outside any transaction)
 * and `record` (the answer, in a short transaction of its own). Rows follow the payout state machine
 * and awards the award machine, one by one; the payment carries what was sent and the provider's reference.
 */
export class PaymentAttempts {
  private readonly settingsCache = new Map<string, Promise<PayoutSettings>>();
  private readonly providerCache = new Map<string, Promise<PayoutProvider | null>>();
  private readonly taxRuleCache = new Map<string, Promise<TaxDetailsRequirement>>();
  private readonly invoiceSettingsCache = new Map<string, Promise<InvoiceSettings>>();

  constructor(
    private readonly ports: PaymentPorts,
    private readonly policy: PayoutPolicy,
    private readonly leaseMs: number,
  ) {}

  private settingsOf(tenant: Tenant): Promise<PayoutSettings> {
    return PaymentAttempts.once(this.settingsCache, tenant, () => this.ports.settings.get(tenant));
  }

  /** The provider of a merchant's method and mode, looked up once per run. */
  private providerOf(tenant: Tenant, method: PayoutMethod): Promise<PayoutProvider | null> {
    const key = `${tenant.merchantId}:${tenant.mode}:${method}`;
    let found = this.providerCache.get(key);
    if (!found) {
      found = this.ports.providers.forTenant(tenant, method);
      this.providerCache.set(key, found);
    }
    return found;
  }

  /** What a merchant's settings say, read once per run (`read` on the first ask of the run). */
  private static once<T>(cache: Map<string, Promise<T>>, tenant: Tenant, read: () => Promise<T>): Promise<T> {
    const key = `${tenant.merchantId}:${tenant.mode}`;
    let found = cache.get(key);
    if (!found) {
      found = read();
      cache.set(key, found);
    }
    return found;
  }

  /** Forget cached settings and providers (once per run, so a change applies to the next run). */
  reset(): void {
    this.settingsCache.clear();
    this.providerCache.clear();
    this.taxRuleCache.clear();
    this.invoiceSettingsCache.clear();
  }

  /**
   * Starts the payment of one group (its rows `processing` with a lease), or holds its rows back
   * (below the minimum, or no provider for a live method). Returns the call to make, if any.
   */
  async start(group: PaymentGroup, now: Date): Promise<PaymentCall | null> {
    const destination = group.rows[0]?.destination ?? group.awards[0]?.destination;
    if (!destination) return null;
    const { merchantId, affiliateId } = group.key;
    const currency = group.rows[0]?.payout.currency ?? group.awards[0]!.award.currency;
    const tenant: Tenant = { merchantId, mode: group.rows[0]?.payout.mode ?? group.awards[0]!.mode };
    const method = destination.payoutMethod;
    const settings = await this.settingsOf(tenant);
    const hold = async (reason: string) => {
      const until = nextPaymentCheck(now, settings.payoutDay);
      for (const row of group.rows) {
        const held = holdPayout(row.payout, reason, until, now);
        if (held.isOk()) await this.ports.sinks.payouts.update(held.value.payout);
      }
      for (const line of group.awards) await this.applyAward(line, holdAwardAttempt(line.award, line.schedule, { reason, until, now }), now);
      return null;
    };
    const provider = await this.providerOf(tenant, method);
    if (provider === null) return hold('payout_provider_not_configured');
    const owed = await this.ports.adjustments.owed(tenant, affiliateId, currency);
    const amounts = netPayment(
      group.rows.map((row) => row.payout.amount),
      owed,
      group.awards.map((line) => line.award.amount),
    );
    const decision = paymentDecision(amounts, settings.minimumPayout.get(currency) ?? null);
    if (!decision.send) return hold(decision.reason);
    const taxDetails = this.ports.taxDetails;
    const taxRule = taxDetails ? await PaymentAttempts.once(this.taxRuleCache, tenant, () => taxDetails.requirement(tenant)) : undefined;
    if (await taxDetails?.mustWait(tenant, affiliateId, amounts.amount, currency, now, taxRule)) {
      // Told once, when a line first starts waiting: later runs find the lines already held for it.
      const newlyHeld = group.rows.some((row) => row.payout.failureReason !== TAX_DETAILS_MISSING) || group.awards.some((line) => line.award.failureReason !== TAX_DETAILS_MISSING);
      if (newlyHeld) await this.ports.mail.taxDetailsNeeded(tenant, affiliateId, amountText(amounts.amount, currency));
      return hold(TAX_DETAILS_MISSING);
    }

    const payment: PayoutPayment = {
      id: this.ports.ids.next(),
      merchantId: tenant.merchantId,
      mode: tenant.mode,
      affiliateId,
      method,
      currency,
      ...amounts,
      destination: method === 'connect' ? destination.connectedAccountId : destination.payoutEmail,
      status: 'processing',
      providerReference: null,
      cardPaymentId: null,
      failureReason: null,
      retryable: false,
      createdAt: now,
      updatedAt: now,
    };
    await this.ports.payments.insert(payment);
    const started: string[] = [];
    for (const row of group.rows) {
      const attempt = startAttempt(row.payout, { method, now, leaseMs: this.leaseMs, paymentId: payment.id });
      if (attempt.isErr()) continue;
      await this.ports.sinks.payouts.update(attempt.value);
      started.push(attempt.value.id);
    }
    const awardIds: string[] = [];
    for (const line of group.awards) {
      const step = startAwardAttempt(line.award, line.schedule, { method, paymentId: payment.id, now, leaseMs: this.leaseMs });
      if (await this.applyAward(line, step, now)) awardIds.push(line.award.id);
    }
    return started.length === 0 && awardIds.length === 0 ? null : { payment, payoutIds: started, awardIds, provider };
  }

  /**
   * A payment with a line due for a look: an answer already saved settles its remaining lines at once;
   * otherwise its lines are leased again and the call (the request repeated with the same key, or the
   * status of the transfer in flight) is returned.
   */
  async resume(paymentId: string, lines: PaymentLines, now: Date): Promise<FollowUp> {
    const payment = await this.ports.payments.findById(paymentId);
    if (!payment || (lines.rows.length === 0 && lines.awards.length === 0)) return { call: null, settled: 0 };
    const answered = payment.status === 'processing' ? null : outcomeOfPayment(payment);
    if (answered !== null) return { call: null, settled: await this.recordOnLines(lines, answered, now, payment) };
    const provider = await this.providerOf({ merchantId: payment.merchantId, mode: payment.mode }, payment.method);
    if (provider === null) {
      this.ports.logger.warn({ paymentId }, 'payout provider credentials were removed while a payment was in flight; asked again later');
      return { call: null, settled: 0 };
    }
    for (const row of lines.rows) {
      const leased = leaseAttempt(row.payout, now, this.leaseMs);
      if (leased.isOk()) await this.ports.sinks.payouts.update(leased.value);
    }
    for (const line of lines.awards) {
      const leased = leaseAwardAttempt(line.award, line.schedule, now, this.leaseMs);
      if (leased.isOk()) await this.ports.sinks.awards.saveSchedule(line.award.id, leased.value);
    }
    return {
      call: { payment, payoutIds: lines.rows.map((row) => row.payout.id), awardIds: lines.awards.map((line) => line.award.id), provider },
      settled: 0,
    };
  }

  /**
   * Asks the provider, with no transaction open: the transfer request while no answer is saved (a
   * repeat carries the same key, so the provider answers with the transfer it already made), else the
   * status of the transfer in flight. Null when the outcome is unknown (the provider failed or did
   * not answer): the rows keep their lease and are asked again once it has passed.
   */
  async ask(call: PaymentCall): Promise<PayoutOutcome | null> {
    const { payment, provider } = call;
    try {
      return payment.providerReference === null
        ? await provider.send({
            idempotencyKey: payment.id,
            paymentId: payment.id,
            payoutIds: call.payoutIds,
            awardIds: call.awardIds,
            merchantId: payment.merchantId,
            mode: payment.mode,
            affiliateId: payment.affiliateId,
            email: payment.method === 'connect' ? null : payment.destination,
            connectedAccountId: payment.method === 'connect' ? payment.destination : null,
            amount: payment.amount,
            currency: payment.currency,
          })
        : await provider.status(payment.providerReference);
    } catch (error) {
      this.ports.logger.warn({ paymentId: payment.id, error: error instanceof Error ? error.message : 'unknown' }, 'payout provider did not answer; the payment is asked again later');
      return null;
    }
  }

  /**
   * Records the provider's answer (in the caller's short transaction): on the payment, unless another
   * process recorded one meanwhile (its lease ran out while this call was out; then the saved answer
   * stands, being the same transfer), and on each of the call's rows and awards still in flight with
   * it. `locked`: the call's lines the caller locked (`lockProcessing`, one query for all its calls),
   * as they are now. Returns the lines settled.
   */
  async record(call: PaymentCall, outcome: PayoutOutcome, locked: PaymentLines, now: Date): Promise<number> {
    const payment = await this.ports.payments.findById(call.payment.id);
    if (!payment) return 0;
    const lines: PaymentLines = {
      rows: locked.rows.filter((row) => row.payout.paymentId === payment.id),
      awards: locked.awards.filter((line) => line.schedule.paymentId === payment.id),
    };
    const saved = payment.status === 'processing' ? null : outcomeOfPayment(payment);
    if (saved !== null) return this.recordOnLines(lines, saved, now, payment);
    await this.ports.payments.update(settlePayment(payment, outcome, now));
    await this.ports.mail.paymentOutcome(payment, outcome);
    if (outcome.kind === 'failed' || outcome.kind === 'insufficient_funds') await this.noticeOfFailure(payment, outcome);
    return this.recordOnLines(lines, outcome, now, payment);
  }

  /** The merchant hears of a failing payout in-app: what failed, why, and whether it is tried again. */
  private async noticeOfFailure(payment: PayoutPayment, outcome: Extract<PayoutOutcome, { kind: 'failed' | 'insufficient_funds' }>): Promise<void> {
    const amount = amountText(payment.amount, payment.currency);
    const why =
      outcome.kind === 'insufficient_funds'
        ? 'your payout balance does not cover it; it is tried again once funds are checked'
        : `${outcome.reason}; ${outcome.retryable ? 'it is tried again later' : 'it will not be tried again until the cause is fixed and the payout retried'}`;
    await this.ports.notices?.notify({
      merchantId: payment.merchantId,
      mode: payment.mode,
      kind: 'payout_failed',
      message: `A ${payment.method} payout of ${amount} to affiliate ${payment.affiliateId} (payment ${payment.id}) failed: ${why}. See the failed payouts on the Payouts page of your dashboard.`,
    });
  }

  private async recordOnLines(lines: PaymentLines, outcome: PayoutOutcome, now: Date, payment: PayoutPayment): Promise<number> {
    const settled = await this.settleLines(lines, outcome, now);
    // Once its lines are completed, a completed payment is invoiced (once, whichever process records it).
    const invoices = this.ports.invoices;
    if (invoices && outcome.kind === 'completed' && settled > 0) {
      const tenant: Tenant = { merchantId: payment.merchantId, mode: payment.mode };
      await invoices.forPayment(tenant, payment.id, now, await PaymentAttempts.once(this.invoiceSettingsCache, tenant, () => invoices.settings(tenant)));
    }
    return settled;
  }

  private async settleLines(lines: PaymentLines, outcome: PayoutOutcome, now: Date): Promise<number> {
    let settled = 0;
    for (const row of lines.rows) {
      const change = recordOutcome(row.payout, outcome, { now, policy: this.policy });
      if (change.isErr()) {
        this.ports.logger.error({ payoutId: row.payout.id, code: change.error.code, message: change.error.message }, 'payout outcome refused');
        continue;
      }
      const applied = await applyPayoutChange(this.ports.sinks, change.value, row.conversion, now);
      if (applied.isErr()) {
        this.ports.logger.error({ payoutId: row.payout.id, code: applied.error.code, message: applied.error.message }, 'payout completion not recorded');
        continue;
      }
      settled += 1;
    }
    for (const line of lines.awards) {
      if (await this.applyAward(line, answerAwardPayout(line.award, line.schedule, outcome, { now, policy: this.policy }), now)) settled += 1;
    }
    return settled;
  }

  /** Saves an award's payout step (the award, its bookkeeping, `bonus.paid` when paid); false when the machine refused it. */
  private async applyAward(line: ClaimedAward, step: Result<AwardPayoutStep, DomainError>, now: Date): Promise<boolean> {
    if (step.isErr()) {
      this.ports.logger.error({ awardId: line.award.id, code: step.error.code, message: step.error.message }, 'award payout step refused');
      return false;
    }
    await applyAwardStep(this.ports.sinks, { merchantId: line.award.merchantId, mode: line.mode }, line.award.id, step.value, now);
    return true;
  }

}
