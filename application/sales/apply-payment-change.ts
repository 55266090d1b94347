import { err, type Result } from 'neverthrow';
import {
  Decimal,
  holdConversion,
  issuedRefundShare,
  refundedSaleShare,
  releaseConversion,
  reverseRefund,
  type Conversion,
  type ConversionChange,
  type CouponProvider,
  type DomainError,
  type SaleFact,
} from '../../domain/index.js';
import { applyConversionChangeWithHooks, type ConversionChangeHook, type ConversionChangeSinks } from '../conversions/apply-conversion-change.js';
import type { RefundConversion } from '../conversions/refund-conversion.js';
import type { Clock } from '../ports/clock.js';
import type { CommissionAdjustments } from '../ports/commission-adjustments.js';
import type { MerchantRepository } from '../ports/merchant-repository.js';
import type { Notices } from '../ports/notices.js';
import type { DeliveryResult, ProviderPayments } from '../ports/provider-sales-ledger.js';
import type { Tenant } from '../shared/tenant.js';
import { ignored, result } from './delivery-results.js';

type Refund = Extract<SaleFact, { kind: 'refund' }>;
type RefundIssued = Extract<SaleFact, { kind: 'refund_issued' }>;
type RefundReversed = Extract<SaleFact, { kind: 'refund_reversed' }>;
type DisputeOpened = Extract<SaleFact, { kind: 'dispute_opened' }>;
type DisputeClosed = Extract<SaleFact, { kind: 'dispute_closed' }>;

/**
 * Refunds and disputes a provider reports about a recorded sale: refunds through `RefundConversion`
 * (the one place refund rules run, clawback after payout included), holds and releases through the
 * conversion's state machine. Providers report running refund totals, so a repeated or late
 * notification refunds only what is new.
 */
export class ApplyPaymentChange {
  constructor(
    private readonly payments: ProviderPayments,
    private readonly sinks: ConversionChangeSinks,
    private readonly merchants: MerchantRepository,
    private readonly refunds: RefundConversion,
    private readonly adjustments: CommissionAdjustments,
    private readonly clock: Clock,
    private readonly notices: Notices,
    /** Run after a conversion changed, as for the merchant's own changes (team goal progress). */
    private readonly hooks: readonly ConversionChangeHook[] = [],
  ) {}

  private async locked(tenant: Tenant, provider: CouponProvider, references: readonly string[]): Promise<Conversion | null> {
    const id = await this.payments.find(tenant, provider, references);
    return id ? this.sinks.conversions.findByIdForUpdate(tenant, id) : null;
  }

  private static unknown(references: readonly string[]): DeliveryResult {
    return ignored(`no conversion was recorded for payment ${references.join(' / ')} (unattributed, or its sale has not arrived)`);
  }

  async refund(tenant: Tenant, provider: CouponProvider, fact: Refund): Promise<DeliveryResult> {
    const conversion = await this.locked(tenant, provider, fact.paymentReferences);
    if (!conversion) return ApplyPaymentChange.unknown(fact.paymentReferences);
    if (fact.currency !== conversion.currency) return ignored(`refund in ${fact.currency} of a sale in ${conversion.currency}`, conversion.id);
    if (conversion.status === 'rejected' || conversion.status === 'refunded') return ignored(`the conversion is ${conversion.status}`, conversion.id);
    const before = (conversion.refundedAmount ?? new Decimal(0)).plus(await this.adjustments.refundedAfterPayout(conversion.id));
    const share = refundedSaleShare(conversion.amount, fact.refundedTotal, fact.paymentTotal, conversion.currency);
    const now = share.minus(before);
    if (now.lte(0)) return ignored(`${before.toFixed()} of the sale was already refunded; this notification reports ${share.toFixed()}`, conversion.id);
    const refunded = await this.refunds.refundLocked(conversion, now);
    if (refunded.isErr()) return result('rejected', { code: refunded.error.code, reason: refunded.error.message, conversionId: conversion.id });
    const { clawback } = refunded.value;
    const what = clawback
      ? `refund of ${now.toFixed()} after payout: commission ${clawback.amount.toFixed()} is taken back from the affiliate's next payment`
      : `refund of ${now.toFixed()} (${refunded.value.conversion.status === 'refunded' ? 'whole sale' : 'part of the sale'})`;
    return result('refunded', { conversionId: conversion.id, reason: what });
  }

  /**
   * One refund reported on its own: its share of the payment is refunded once. The refund id is kept
   * among the payment's references (under the conversion's lock), so the same refund reported again,
   * under another event, finds itself there and changes nothing.
   */
  async refundIssued(tenant: Tenant, provider: CouponProvider, fact: RefundIssued): Promise<DeliveryResult> {
    const conversion = await this.locked(tenant, provider, fact.paymentReferences);
    if (!conversion) return ApplyPaymentChange.unknown(fact.paymentReferences);
    if (await this.payments.find(tenant, provider, [fact.refundId])) return ignored(`refund ${fact.refundId} was already applied`, conversion.id);
    if (fact.currency !== conversion.currency) return ignored(`refund in ${fact.currency} of a sale in ${conversion.currency}`, conversion.id);
    if (conversion.status === 'rejected' || conversion.status === 'refunded') return ignored(`the conversion is ${conversion.status}`, conversion.id);
    const before = (conversion.refundedAmount ?? new Decimal(0)).plus(await this.adjustments.refundedAfterPayout(conversion.id));
    const now = issuedRefundShare(conversion, before, fact, conversion.currency);
    if (now.lte(0)) return ignored(`refund ${fact.refundId}: nothing of the sale is left to refund`, conversion.id);
    const refunded = await this.refunds.refundLocked(conversion, now);
    if (refunded.isErr()) return result('rejected', { code: refunded.error.code, reason: refunded.error.message, conversionId: conversion.id });
    if (conversion.orderId) await this.payments.remember(tenant, provider, [fact.refundId], conversion.orderId);
    const { clawback } = refunded.value;
    const what = clawback
      ? `refund ${fact.refundId} of ${now.toFixed()} after payout: commission ${clawback.amount.toFixed()} is taken back from the affiliate's next payment`
      : `refund ${fact.refundId} of ${now.toFixed()} (${refunded.value.conversion.status === 'refunded' ? 'whole sale' : 'part of the sale'})`;
    return result('refunded', { conversionId: conversion.id, reason: what });
  }

  /**
   * The provider took back a refund it had granted: the sale and its commission stand again, through
   * the conversion's state machine (`reverseRefund`: a refunded conversion is back to `pending` for a
   * new decision, one refunded in part keeps its status). A conversion paid before the refund had its
   * commission taken back from the affiliate's next payment instead (a clawback), which a reversal does
   * not undo: the merchant gets a notice to pay it again by hand.
   */
  async refundReversed(tenant: Tenant, provider: CouponProvider, fact: RefundReversed): Promise<DeliveryResult> {
    const conversion = await this.locked(tenant, provider, fact.paymentReferences);
    if (!conversion) return ApplyPaymentChange.unknown(fact.paymentReferences);
    const payment = fact.paymentReferences.join(' / ');
    if (conversion.status === 'paid') return this.reversedAfterPayout(tenant, provider, conversion, payment);
    const was = conversion.status === 'refunded' ? 'refunded' : `${(conversion.refundedAmount ?? new Decimal(0)).toFixed()} ${conversion.currency.toUpperCase()} refunded`;
    const applied = await this.apply(conversion, (now) => reverseRefund(conversion, now));
    if (applied.isErr()) return result('rejected', { code: applied.error.code, reason: `refund of payment ${payment} reversed, but ${applied.error.message}`, conversionId: conversion.id });
    if (!applied.value.changed) return ignored(`refund of payment ${payment} reversed, but conversion ${conversion.id} was never refunded: nothing to restore`, conversion.id);
    const restored = applied.value.conversion;
    return result('restored', {
      conversionId: conversion.id,
      reason: `refund of payment ${payment} reversed by the provider: the conversion (was ${was}) is ${restored.status} again with its commission of ${restored.commission.toFixed()} ${restored.currency.toUpperCase()}`,
    });
  }

  private async reversedAfterPayout(tenant: Tenant, provider: CouponProvider, conversion: Conversion, payment: string): Promise<DeliveryResult> {
    const clawedBack = await this.adjustments.refundedAfterPayout(conversion.id);
    if (clawedBack.lte(0)) return ignored(`refund of payment ${payment} reversed, but paid conversion ${conversion.id} was never refunded: nothing to restore`, conversion.id);
    const state = `was paid, and the refund of ${clawedBack.toFixed()} ${conversion.currency.toUpperCase()} after payout was taken back from the affiliate's next payment (a clawback)`;
    await this.notices.notify({
      merchantId: tenant.merchantId,
      mode: tenant.mode,
      kind: 'provider_refund_reversed',
      message: `${provider} reversed a refund of payment ${payment}. Conversion ${conversion.id} ${state}; a clawback is not undone automatically, so pay the affiliate the commission it took back by hand if they should earn it.`,
    });
    return ignored(`refund of payment ${payment} reversed by the provider, but conversion ${conversion.id} ${state}: the clawback stays`, conversion.id);
  }

  async disputeOpened(tenant: Tenant, provider: CouponProvider, fact: DisputeOpened): Promise<DeliveryResult> {
    const conversion = await this.locked(tenant, provider, fact.paymentReferences);
    if (!conversion) return ApplyPaymentChange.unknown(fact.paymentReferences);
    if (conversion.status === 'held') return ignored(`dispute ${fact.disputeId}: the conversion is already held`, conversion.id);
    if (conversion.status !== 'pending' && conversion.status !== 'approved') {
      return ignored(`dispute ${fact.disputeId}: a ${conversion.status} conversion is not held (a lost dispute refunds it)`, conversion.id);
    }
    const applied = await this.apply(conversion, (now) => holdConversion(conversion, now));
    if (applied.isErr()) return result('rejected', { code: applied.error.code, reason: applied.error.message, conversionId: conversion.id });
    return result('held', { conversionId: conversion.id, reason: `dispute ${fact.disputeId} opened (the conversion was ${conversion.status})` });
  }

  async disputeClosed(tenant: Tenant, provider: CouponProvider, fact: DisputeClosed): Promise<DeliveryResult> {
    const conversion = await this.locked(tenant, provider, fact.paymentReferences);
    if (!conversion) return ApplyPaymentChange.unknown(fact.paymentReferences);
    if (!fact.won) {
      if (conversion.status === 'refunded' || conversion.status === 'rejected') return ignored(`dispute ${fact.disputeId} lost: the conversion is already ${conversion.status}`, conversion.id);
      const refunded = await this.refunds.refundLocked(conversion);
      if (refunded.isErr()) return result('rejected', { code: refunded.error.code, reason: refunded.error.message, conversionId: conversion.id });
      const clawback = refunded.value.clawback;
      return result('refunded', {
        conversionId: conversion.id,
        reason: `dispute ${fact.disputeId} lost${clawback ? `: commission ${clawback.amount.toFixed()} is taken back from the affiliate's next payment` : ''}`,
      });
    }
    if (conversion.status !== 'held') return ignored(`dispute ${fact.disputeId} won: the conversion is ${conversion.status}, not held`, conversion.id);
    // Back to the status before the hold; an earlier approval stands (it passed the 5x guard then).
    const to = conversion.heldFrom ?? 'pending';
    const applied = await this.apply(conversion, (now) => releaseConversion(conversion, { confirmAboveSale: true, now }));
    if (applied.isErr()) return result('rejected', { code: applied.error.code, reason: applied.error.message, conversionId: conversion.id });
    return result('released', { conversionId: conversion.id, reason: `dispute ${fact.disputeId} won: back to ${to}` });
  }

  /** One step of the conversion's machine, saved with its events, payout-queue effects and change hooks. */
  private async apply(conversion: Conversion, step: (now: Date) => Result<ConversionChange, DomainError>): Promise<Result<ConversionChange, DomainError>> {
    const now = this.clock.now();
    const change = step(now);
    if (change.isErr()) return err(change.error);
    const applied = await applyConversionChangeWithHooks({ merchants: this.merchants, sinks: this.sinks, hooks: this.hooks }, change.value, conversion.merchantId, now, conversion.status);
    return applied.map(() => change.value);
  }
}
