import {
  formatAmount,
  holdPayout,
  netPayment,
  nextPaymentCheck,
  outcomeOfPayment,
  paymentDecision,
  recordOutcome,
  settlePayment,
  startAttempt,
  type PayoutMethod,
  type PayoutOutcome,
  type PayoutPayment,
  type PayoutPolicy,
  type PayoutSettings,
} from '../../domain/index.js';
import type { IdGenerator } from '../ports/id-generator.js';
import type { Logger } from '../ports/logger.js';
import type { PayoutAdjustments } from '../ports/payout-adjustments.js';
import type { PayoutPaymentRepository } from '../ports/payout-payment-repository.js';
import type { PayoutProvider, PayoutProviders } from '../ports/payout-provider.js';
import type { ClaimedAttempt } from '../ports/payout-repository.js';
import type { PayoutSettingsRepository } from '../ports/payout-settings-repository.js';
import type { Tenant } from '../shared/tenant.js';
import type { PaymentGroup } from './payment-groups.js';
import type { PayoutMail } from './payout-mail.js';
import type { Notices } from '../ports/notices.js';
import { applyPayoutChange, type PayoutSinks } from './payout-effects.js';

export interface PaymentPorts {
  readonly sinks: PayoutSinks;
  readonly payments: PayoutPaymentRepository;
  readonly providers: PayoutProviders;
  readonly settings: PayoutSettingsRepository;
  readonly adjustments: PayoutAdjustments;
  /** The affiliate's emails about the payment (paid, or details needed). */
  readonly mail: PayoutMail;
  /** The merchant's in-app notice when a payment fails (absent: none). */
  readonly notices?: Notices;
  readonly ids: IdGenerator;
  readonly logger: Logger;
}

/**
 * One payment per affiliate, method and currency: starts it (in the caller's first transaction) and
 * settles it with its provider's answer (in the second). Rows follow the payout state machine one by
 * one; the payment carries what was sent and the provider's reference.
 */
export class PaymentAttempts {
  private readonly settingsCache = new Map<string, Promise<PayoutSettings>>();
  private readonly providerCache = new Map<string, Promise<PayoutProvider | null>>();

  constructor(
    private readonly ports: PaymentPorts,
    private readonly policy: PayoutPolicy,
    private readonly leaseMs: number,
  ) {}

  private settingsOf(tenant: Tenant): Promise<PayoutSettings> {
    const key = `${tenant.merchantId}:${tenant.mode}`;
    let found = this.settingsCache.get(key);
    if (!found) {
      found = this.ports.settings.get(tenant);
      this.settingsCache.set(key, found);
    }
    return found;
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

  /** Forget cached settings and providers (once per run, so a change applies to the next run). */
  reset(): void {
    this.settingsCache.clear();
    this.providerCache.clear();
  }

  /**
   * Starts the payment of one group, or holds its rows back (below the minimum, or no provider for a
   * live method). Returns the ids of the rows now `processing`.
   */
  async start(group: PaymentGroup, now: Date): Promise<string[]> {
    const first = group.rows[0];
    if (!first) return [];
    const tenant: Tenant = { merchantId: group.key.merchantId, mode: first.payout.mode };
    const method = first.destination.payoutMethod;
    const settings = await this.settingsOf(tenant);
    const hold = async (reason: string) => {
      const until = nextPaymentCheck(now, settings.payoutDay);
      for (const row of group.rows) {
        const held = holdPayout(row.payout, reason, until, now);
        if (held.isOk()) await this.ports.sinks.payouts.update(held.value.payout);
      }
      return [];
    };
    if ((await this.providerOf(tenant, method)) === null) return hold('payout_provider_not_configured');
    const owed = await this.ports.adjustments.owed(tenant, first.payout.affiliateId, first.payout.currency);
    const amounts = netPayment(
      group.rows.map((row) => row.payout.amount),
      owed,
    );
    const decision = paymentDecision(amounts, settings.minimumPayout.get(first.payout.currency) ?? null);
    if (!decision.send) return hold(decision.reason);

    const payment: PayoutPayment = {
      id: this.ports.ids.next(),
      merchantId: tenant.merchantId,
      mode: tenant.mode,
      affiliateId: first.payout.affiliateId,
      method,
      currency: first.payout.currency,
      ...amounts,
      destination: method === 'connect' ? first.destination.connectedAccountId : first.destination.payoutEmail,
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
    return started;
  }

  /**
   * Asks the provider about one payment (the transfer request while no answer is saved, a repeat
   * carrying the same key; else the status of the transfer in flight) and records the answer on the
   * payment and on each of its rows. Returns the rows settled.
   */
  async settle(paymentId: string, rows: readonly ClaimedAttempt[], now: Date): Promise<number> {
    const payment = await this.ports.payments.findById(paymentId);
    const first = rows[0];
    if (!payment || !first) return 0;
    let outcome = payment.status === 'processing' ? null : outcomeOfPayment(payment);
    if (outcome === null) {
      const provider = await this.providerOf({ merchantId: payment.merchantId, mode: payment.mode }, payment.method);
      if (provider === null) {
        this.ports.logger.warn({ paymentId }, 'payout provider credentials were removed while a payment was in flight; asked again later');
        return 0;
      }
      try {
        outcome =
          payment.providerReference === null
            ? await provider.send({
                idempotencyKey: payment.id,
                paymentId: payment.id,
                payoutIds: rows.map((row) => row.payout.id),
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
        this.ports.logger.warn({ paymentId, error: error instanceof Error ? error.message : 'unknown' }, 'payout provider did not answer; the payment is asked again later');
        return 0;
      }
      await this.ports.payments.update(settlePayment(payment, outcome, now));
      await this.ports.mail.paymentOutcome(payment, outcome);
      if (outcome.kind === 'failed' || outcome.kind === 'insufficient_funds') await this.noticeOfFailure(payment, outcome);
    }
    return this.recordOnRows(rows, outcome, now);
  }

  /** The merchant hears of a failing payout in-app: what failed, why, and whether it is tried again. */
  private async noticeOfFailure(payment: PayoutPayment, outcome: Extract<PayoutOutcome, { kind: 'failed' | 'insufficient_funds' }>): Promise<void> {
    const amount = `${formatAmount(payment.amount, payment.currency)} ${payment.currency.toUpperCase()}`;
    const why =
      outcome.kind === 'insufficient_funds'
        ? 'your payout balance does not cover it; it is tried again once funds are checked'
        : `${outcome.reason}; ${outcome.retryable ? 'it is tried again later' : 'it will not be tried again until the cause is fixed and the payout retried'}`;
    await this.ports.notices?.notify({
      merchantId: payment.merchantId,
      mode: payment.mode,
      kind: 'payout_failed',
      message: `A ${payment.method} payout of ${amount} to affiliate ${payment.affiliateId} (payment ${payment.id}) failed: ${why}. See GET /api/v1/payouts?status=failed.`,
    });
  }

  private async recordOnRows(rows: readonly ClaimedAttempt[], outcome: PayoutOutcome, now: Date): Promise<number> {
    let settled = 0;
    for (const row of rows) {
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
    return settled;
  }
}
