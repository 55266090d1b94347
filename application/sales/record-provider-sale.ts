import {
  attributeProviderSale,
  isScriptSale,
  normalizeCouponCode,
  renewalRefusal,
  type CouponProvider,
  type ProviderAttribution,
  type SaleFact,
} from '../../domain/index.js';
import type { ClickFinder } from '../clicks/click-lookup.js';
import type { CreateConversion } from '../conversions/create-conversion.js';
import type { CampaignRepository } from '../ports/campaign-repository.js';
import type { ConversionRepository } from '../ports/conversion-repository.js';
import type { CouponRepository } from '../ports/coupon-repository.js';
import type { DeliveryResult, ProviderCustomers, ProviderPayments } from '../ports/provider-sales-ledger.js';
import type { Tenant } from '../shared/tenant.js';
import { ignored, result } from './delivery-results.js';

type SaleOrRenewal = Extract<SaleFact, { kind: 'sale' | 'renewal' }>;

const describe = (a: Extract<ProviderAttribution, { attributed: true }>, fact: SaleOrRenewal): string => {
  const passedOver = a.clickPassedOver ? ` (${a.clickPassedOver})` : '';
  if (a.by === 'click') return `attributed by click ${a.clickId}`;
  if (a.by === 'customer') return `attributed by customer ${fact.customer.providerCustomerId} already linked to the affiliate${passedOver}`;
  const d = fact.discount;
  return `attributed by coupon ${[d?.providerDiscountId, d?.code].filter(Boolean).join(' / ')}${passedOver}`;
};

/**
 * A sale or renewal a provider reported: attributed (click → linked customer → coupon), then created
 * through `CreateConversion`, the API's own use case (same checks, same events). A renewal earns only
 * under the campaign's recurring terms and points at the customer's first sale. Runs inside the
 * caller's transaction, which holds the order's row lock it takes; the caller has remembered the
 * sale's payment ids (the delivery's, `IntegrationEvents.record`).
 */
export class RecordProviderSale {
  constructor(
    private readonly createConversion: CreateConversion,
    private readonly customers: ProviderCustomers,
    private readonly payments: ProviderPayments,
    private readonly coupons: CouponRepository,
    private readonly campaigns: CampaignRepository,
    private readonly conversions: ConversionRepository,
    private readonly clicks: ClickFinder,
  ) {}

  async record(tenant: Tenant, provider: CouponProvider, fact: SaleOrRenewal, now: Date): Promise<DeliveryResult> {
    const customerId = fact.customer.providerCustomerId;
    const discount = fact.discount;
    const code = discount?.code ? normalizeCouponCode(provider, discount.code) : null;
    // Three reads that do not depend on each other, asked together. The order is read once, locked,
    // for this and for the sale's own check (a script sale it replaces).
    const [customer, orderOnFile, coupons] = await Promise.all([
      customerId ? this.customers.find(tenant, provider, customerId) : null,
      this.conversions.findByOrderIdForUpdate(tenant, fact.orderId),
      discount ? this.coupons.attributionCandidates(tenant, provider, { code, providerDiscountId: discount.providerDiscountId }) : [],
    ]);
    // A checkout that carried no click (the page's script ran too late to hand it over) still has the
    // click the script reported the same order with.
    const clickId = fact.clickId ?? (orderOnFile && isScriptSale(orderOnFile) ? orderOnFile.clickId : null);
    const click = clickId ? await this.clicks.findClick(clickId) : null;
    const attribution = attributeProviderSale({ ...tenant, provider, now, clickId, click, customer, discount, coupons });
    if (!attribution.attributed) {
      // Another notification about the same payment (a session and its invoice) may have made the sale.
      const existing = await this.payments.find(tenant, provider, [fact.orderId]);
      if (existing) return result('duplicate', { reason: `order ${fact.orderId} already has a conversion`, conversionId: existing });
      return result('unattributed', { reason: attribution.reason });
    }

    const renewal = fact.kind === 'renewal';
    const parentConversionId = renewal ? (customer?.firstConversionId ?? null) : null;
    if (renewal) {
      const refusal = await this.renewalRefusal(tenant, attribution.campaignId, parentConversionId, now);
      if (refusal) return ignored(`renewal earns no commission: ${refusal}`);
    }
    const created = await this.createConversion.record({
      tenant,
      // A provider's sale acts with the merchant's authority: the merchant connected the provider.
      actor: { kind: 'provider', provider },
      campaignId: attribution.campaignId,
      affiliateId: attribution.affiliateId,
      amount: fact.figures.amount,
      taxAmount: fact.figures.taxAmount,
      currency: fact.figures.currency,
      orderId: fact.orderId,
      orderOnFile,
      clickId: attribution.clickId,
      customerEmail: fact.customer.email,
      customerName: fact.customer.name,
      source: provider,
      conversionType: renewal ? 'recurring' : 'one_time',
      parentConversionId,
    });
    if (created.isErr()) {
      if (created.error.code === 'duplicate') {
        const existing = await this.payments.find(tenant, provider, [fact.orderId]);
        return result('duplicate', { reason: `order ${fact.orderId} already has a conversion`, conversionId: existing });
      }
      return result('rejected', { code: created.error.code, reason: `${describe(attribution, fact)}, but ${created.error.message}` });
    }
    const { conversion, replacedScriptSale } = created.value;
    if (customerId) {
      const linked = await this.customers.link(
        tenant,
        provider,
        customerId,
        { affiliateId: attribution.affiliateId, campaignId: attribution.campaignId, clickId: attribution.clickId, firstConversionId: conversion.id, email: fact.customer.email },
        now,
      );
      if (!linked && !renewal) await this.customers.setFirstConversion(tenant, provider, customerId, conversion.id);
    }
    const replaced = replacedScriptSale ? `; replaces the tracking script's report of order ${fact.orderId}` : '';
    return result(renewal ? 'renewed' : 'created', { conversionId: conversion.id, reason: `${describe(attribution, fact)}${replaced}` });
  }

  private async renewalRefusal(tenant: Tenant, campaignId: string, parentConversionId: string | null, now: Date): Promise<string | null> {
    const campaign = await this.campaigns.findById(tenant, campaignId);
    if (!campaign) return 'the campaign no longer exists';
    const parent = parentConversionId ? await this.conversions.findById(tenant, parentConversionId) : null;
    return renewalRefusal(campaign, parent?.createdAt ?? now, now);
  }
}
