import { formatAmount, type PayoutOutcome, type PayoutPayment } from '../../domain/index.js';
import type { MailMessage } from '../ports/mailer.js';

/** Failures the affiliate can fix by completing or correcting its payout details. */
const DETAILS_NEEDED = new Set(['recipient_missing', 'recipient_unknown', 'account_closed', 'connect_account_missing', 'unclaimed', 'returned', 'blocked', 'recipient_returned']);

/**
 * The affiliate's email about a payment's outcome: when it was paid, and when it failed for good for a
 * reason its payout details can fix. Nothing for retries or while funds are short (the merchant's side).
 */
export const payoutMailOf = (payment: PayoutPayment, outcome: PayoutOutcome, to: string): MailMessage | null => {
  const amount = `${formatAmount(payment.amount, payment.currency)} ${payment.currency.toUpperCase()}`;
  if (outcome.kind === 'completed') {
    return {
      merchantId: payment.merchantId,
      mode: payment.mode,
      kind: 'payout_paid',
      to,
      subject: `Your affiliate payout of ${amount} was sent`,
      text: `Your commissions of ${amount} were paid out (reference ${outcome.reference}).`,
    };
  }
  if (outcome.kind === 'failed' && !outcome.retryable && DETAILS_NEEDED.has(outcome.reason)) {
    return {
      merchantId: payment.merchantId,
      mode: payment.mode,
      kind: 'payout_details_needed',
      to,
      subject: 'Your payout details are needed',
      text: `A payout of ${amount} could not be sent (${outcome.reason}). Please check or complete your payout details; the payout waits for them.`,
    };
  }
  return null;
};
