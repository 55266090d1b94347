import { err, type Result } from 'neverthrow';
import { Decimal, holdConversion, issuedRefundShare, refundedSaleShare, releaseConversion, type Conversion, type CouponProvider, type DomainError, type SaleFact } from '../../domain/index.js';
import { applyConversionChange, type ConversionChangeSinks } from '../conversions/apply-conversion-change.js';
import type { RefundConversion } from '../conversions/refund-conversion.js';
import type { Clock } from '../ports/clock.js';
import type { CommissionAdjustments } from '../ports/commission-adjustments.js';
import type { MerchantRepository } from '../ports/merchant-repository.js';
import type { Notices } from '../ports/notices.js';
import type { DeliveryResult, ProviderPayments } from '../ports/provider-sales-ledger.js';
import { notFound } from '../shared/errors.js';
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
   * The provider took back a refund it had granted. A refund cannot be undone here: `refunded` is
   * final in the conversion's state machine and a partial refund's commission is already scaled, so
   * the delivery is recorded as ignored with why, and the merchant gets a notice to record the sale
   * again if the affiliate should earn it.
   */
  async refundReversed(tenant: Tenant, provider: CouponProvider, fact: RefundReversed): Promise<DeliveryResult> {
    const conversion = await this.locked(tenant, provider, fact.paymentReferences);
    if (!conversion) return ApplyPaymentChange.unknown(fact.paymentReferences);
    const refunded = conversion.refundedAmount ?? new Decimal(0);
    const payment = fact.paymentReferences.join(' / ');
    if (conversion.status !== 'refunded' && refunded.lte(0)) {
      return ignored(`refund of payment ${payment} reversed, but conversion ${conversion.id} was never refunded: nothing to restore`, conversion.id);
    }
    const state = conversion.status === 'refunded' ? 'is refunded, a final state' : `had ${refunded.toFixed()} ${conversion.currency.toUpperCase()} refunded`;
    const reason = `refund of payment ${payment} reversed by the provider, but conversion ${conversion.id} ${state}: a refund cannot be undone, so its commission stays as it is`;
    await this.notices.notify({
      merchantId: tenant.merchantId,
      mode: tenant.mode,
      kind: 'provider_refund_reversed',
      message: `${provider} reversed a refund of payment ${payment}. Conversion ${conversion.id} ${state} and cannot be restored; if the affiliate should earn this sale, record it again from Conversions → Record a sale in your dashboard.`,
    });
    return ignored(reason, conversion.id);
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

  private async apply(conversion: Conversion, step: (now: Date) => ReturnType<typeof holdConversion>): Promise<Result<void, DomainError>> {
    const now = this.clock.now();
    const change = step(now);
    if (change.isErr()) return err(change.error);
    const merchant = await this.merchants.findById(conversion.merchantId);
    if (!merchant) return err(notFound('Merchant'));
    return applyConversionChange(this.sinks, change.value, merchant, now, conversion.status);
  }
}
