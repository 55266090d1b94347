import { formatAmount, type CurrencyCode, type DecimalValue, type PayoutOutcome, type PayoutPayment } from '../../domain/index.js';
import type { TrackingLinks } from '../affiliates/tracking-links.js';
import { payoutCompletedMail, payoutDetailsNeededMail, taxDetailsNeededMail } from '../mail/templates/index.js';
import type { AffiliateRepository } from '../ports/affiliate-repository.js';
import type { Mailer } from '../ports/mailer.js';
import type { MerchantRepository } from '../ports/merchant-repository.js';
import type { Tenant } from '../shared/tenant.js';

/** Failures the affiliate can fix by completing or correcting its payout details. */
const DETAILS_NEEDED = new Set(['recipient_missing', 'recipient_unknown', 'account_closed', 'connect_account_missing', 'unclaimed', 'returned', 'blocked', 'recipient_returned']);

/** How a payment was made, as the email says it. */
const METHOD_WORDS: Record<string, string> = {
  connect: 'to your connected account',
  wallet_a: 'to your wallet',
  transfer_b: 'by bank transfer',
};

export interface PaidAmount {
  readonly affiliateId: string;
  readonly amount: DecimalValue;
  readonly currency: CurrencyCode;
  readonly method: string;
}

export const amountText = (amount: DecimalValue, currency: CurrencyCode): string => `${formatAmount(amount, currency)} ${currency.toUpperCase()}`;

/**
 * The affiliate's emails about its payouts, each linking to its page in the merchant's portal:
 * `payout_completed` for every payment that completes (the provider's confirmation or the merchant's
 * mark-paid) and `payout_details_needed` when a payment waits for details it can fix. Called in the
 * caller's transaction, so a message exists only if the change commits. Headless affiliates have no
 * portal and are paid by the merchant directly: they get none. Test-mode messages are recorded as
 * suppressed by the mailer, never sent.
 */
export class PayoutMail {
  constructor(
    private readonly merchants: MerchantRepository,
    private readonly affiliates: AffiliateRepository,
    private readonly links: TrackingLinks,
    private readonly mailer: Mailer,
  ) {}

  /** The provider's answer to a payment: mail when it completed, or failed for good for a reason the details fix. */
  async paymentOutcome(payment: PayoutPayment, outcome: PayoutOutcome): Promise<void> {
    const tenant = { merchantId: payment.merchantId, mode: payment.mode };
    if (outcome.kind === 'completed') {
      await this.completed(tenant, { affiliateId: payment.affiliateId, amount: payment.amount, currency: payment.currency, method: payment.method });
    } else if (outcome.kind === 'failed' && !outcome.retryable && DETAILS_NEEDED.has(outcome.reason)) {
      await this.detailsNeeded(tenant, payment.affiliateId, amountText(payment.amount, payment.currency), { refused: outcome.reason });
    }
  }

  /** One `payout_completed` message for one completed payment. */
  async completed(tenant: Tenant, paid: PaidAmount): Promise<void> {
    const found = await this.recipient(tenant, paid.affiliateId);
    if (!found) return;
    await this.mailer.send(
      payoutCompletedMail({
        merchantId: tenant.merchantId,
        mode: tenant.mode,
        businessName: found.businessName,
        to: found.email,
        affiliateName: found.name,
        amount: formatAmount(paid.amount, paid.currency),
        currency: paid.currency,
        method: METHOD_WORDS[paid.method] ?? `(${paid.method})`,
        portalLink: `${found.portalBase}/payouts`,
      }),
    );
  }

  /** One `payout_details_needed` message: `amountDue` waits for details that are missing or were refused. */
  async detailsNeeded(tenant: Tenant, affiliateId: string, amountDue: string, reason: 'missing' | { refused: string }): Promise<boolean> {
    const found = await this.recipient(tenant, affiliateId);
    if (!found) return false;
    await this.mailer.send(
      payoutDetailsNeededMail({
        merchantId: tenant.merchantId,
        mode: tenant.mode,
        businessName: found.businessName,
        to: found.email,
        affiliateName: found.name,
        amountDue,
        reason,
        portalLink: `${found.portalBase}/payout-details`,
      }),
    );
    return true;
  }

  /** One `tax_details_needed` message: `amountDue` waits for the affiliate's tax details. */
  async taxDetailsNeeded(tenant: Tenant, affiliateId: string, amountDue: string): Promise<void> {
    const found = await this.recipient(tenant, affiliateId);
    if (!found) return;
    await this.mailer.send(
      taxDetailsNeededMail({
        merchantId: tenant.merchantId,
        mode: tenant.mode,
        businessName: found.businessName,
        to: found.email,
        affiliateName: found.name,
        amountDue,
        portalLink: `${found.portalBase}/tax-details`,
      }),
    );
  }

  private async recipient(tenant: Tenant, affiliateId: string) {
    const affiliate = await this.affiliates.findById(tenant, affiliateId);
    if (!affiliate || affiliate.headless) return null;
    const merchant = await this.merchants.findById(tenant.merchantId);
    if (!merchant) return null;
    return { email: affiliate.email, name: affiliate.name, businessName: merchant.businessName, portalBase: this.links.portalBase(merchant) };
  }
}
