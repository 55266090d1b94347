import { formatAmount, type Affiliate, type Conversion } from '../../domain/index.js';
import { commissionMail } from '../mail/templates/index.js';
import type { AffiliateRepository } from '../ports/affiliate-repository.js';
import type { Mailer } from '../ports/mailer.js';
import type { MerchantRepository } from '../ports/merchant-repository.js';
import type { ConversionChangeHook } from './apply-conversion-change.js';

/** Whom a commission mail is from and to. */
interface KnownParties {
  readonly businessName: string;
  readonly affiliate: Pick<Affiliate, 'email' | 'name' | 'headless'>;
}

/**
 * Emails the affiliate when a sale earns them a commission and when it is approved, in the change's
 * transaction through the mail outbox (test mode: recorded as suppressed). A headless affiliate has
 * no portal and gets none; a zero commission is not news.
 */
export class CommissionMail implements ConversionChangeHook {
  constructor(
    private readonly merchants: Pick<MerchantRepository, 'findById'>,
    private readonly affiliates: Pick<AffiliateRepository, 'findById'>,
    private readonly mailer: Mailer,
    private readonly publicBaseUrl: string,
  ) {}

  /** `known`: the merchant's name and the affiliate when the caller has read them already. */
  created(conversion: Conversion, known?: KnownParties): Promise<void> {
    return this.send(conversion, conversion.status === 'approved' ? 'approved' : 'created', known);
  }

  /** Approved in this very change: its approval time is the change's time. */
  async afterConversionChanged(conversion: Conversion, now: Date): Promise<void> {
    if (conversion.status === 'approved' && conversion.approvedAt?.getTime() === now.getTime()) await this.send(conversion, 'approved');
  }

  private async send(conversion: Conversion, event: 'created' | 'approved', known?: KnownParties): Promise<void> {
    if (conversion.commission.isZero()) return;
    const parties = known ?? (await this.read(conversion));
    if (!parties || parties.affiliate.headless) return;
    const { affiliate } = parties;
    await this.mailer.send(
      commissionMail({
        merchantId: conversion.merchantId,
        mode: conversion.mode,
        businessName: parties.businessName,
        to: affiliate.email,
        affiliateName: affiliate.name,
        commission: `${formatAmount(conversion.commission, conversion.currency)} ${conversion.currency.toUpperCase()}`,
        event,
        portalLink: `${this.publicBaseUrl}/portal/m/${conversion.merchantId}/conversions`,
      }),
    );
  }

  private async read(conversion: Conversion): Promise<KnownParties | null> {
    const tenant = { merchantId: conversion.merchantId, mode: conversion.mode };
    const [merchant, affiliate] = await Promise.all([this.merchants.findById(conversion.merchantId), this.affiliates.findById(tenant, conversion.affiliateId)]);
    return merchant && affiliate ? { businessName: merchant.businessName, affiliate } : null;
  }
}
