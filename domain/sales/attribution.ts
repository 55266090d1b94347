import { attributeSale, type SaleDiscount } from '../coupon/attribution.js';
import type { AppleOfferType, Coupon, CouponProvider } from '../coupon/coupon.js';
import type { Mode } from '../shared/mode.js';

const DAY_MS = 86_400_000;

/** A click the sale's click id names, with the attribution window of its campaign. */
export interface ClickCandidate {
  readonly id: string;
  readonly merchantId: string;
  readonly mode: Mode;
  readonly campaignId: string;
  readonly affiliateId: string;
  readonly createdAt: Date;
  readonly attributionWindowDays: number;
}

/** A provider customer already attributed to an affiliate (by an earlier sale or a link). */
export interface LinkedCustomer {
  readonly affiliateId: string;
  readonly campaignId: string;
  readonly clickId: string | null;
  /** The customer's first attributed sale, parent of its renewals; null while only linked. */
  readonly firstConversionId: string | null;
}

export interface ProviderSaleToAttribute {
  readonly merchantId: string;
  readonly mode: Mode;
  readonly provider: CouponProvider;
  readonly now: Date;
  /** The click id the checkout carried, and the click it names if one exists (any merchant's). */
  readonly clickId: string | null;
  readonly click: ClickCandidate | null;
  readonly customer: LinkedCustomer | null;
  readonly discount: { readonly code: string | null; readonly providerDiscountId: string | null; readonly appleOfferType?: AppleOfferType | null } | null;
  /** The tenant's coupons that could match the discount (the caller narrows; this function decides). */
  readonly coupons: readonly Coupon[];
}

export type AttributedBy = 'click' | 'customer' | 'coupon';

export type ProviderAttribution =
  | {
      readonly attributed: true;
      readonly by: AttributedBy;
      readonly affiliateId: string;
      readonly campaignId: string;
      /** The click the sale is recorded with: the checkout's, or the linked customer's. */
      readonly clickId: string | null;
      /** Why a click the checkout carried was passed over, if one was. */
      readonly clickPassedOver: string | null;
    }
  | { readonly attributed: false; readonly reason: string };

/** Why a click id does not attribute, or null when it does. */
export const clickRefusal = (sale: Pick<ProviderSaleToAttribute, 'merchantId' | 'mode' | 'now' | 'clickId' | 'click'>): string | null => {
  if (sale.clickId === null) return null;
  const { click } = sale;
  if (click === null || click.id !== sale.clickId || click.merchantId !== sale.merchantId) return `click ${sale.clickId} is not one of this merchant's clicks`;
  if (click.mode !== sale.mode) return `click ${sale.clickId} belongs to ${click.mode} mode`;
  const ageMs = sale.now.getTime() - click.createdAt.getTime();
  if (ageMs > click.attributionWindowDays * DAY_MS) {
    return `click ${sale.clickId} is ${Math.floor(ageMs / DAY_MS)} days old, outside the campaign's ${click.attributionWindowDays}-day attribution window`;
  }
  return null;
};

/**
 * Which affiliate and campaign a provider's sale belongs to. Precedence: the click id the checkout
 * carried (the merchant's and the mode's, inside its campaign's attribution window) → a customer
 * already attributed → a registered coupon (by the provider's discount id, then by code). Pure: the
 * caller reads the click, the customer and the candidate coupons; the reason for no attribution names
 * everything that was tried.
 */
export const attributeProviderSale = (sale: ProviderSaleToAttribute): ProviderAttribution => {
  const refusal = clickRefusal(sale);
  if (sale.clickId !== null && refusal === null && sale.click !== null) {
    return { attributed: true, by: 'click', affiliateId: sale.click.affiliateId, campaignId: sale.click.campaignId, clickId: sale.click.id, clickPassedOver: null };
  }
  if (sale.customer !== null) {
    const c = sale.customer;
    return { attributed: true, by: 'customer', affiliateId: c.affiliateId, campaignId: c.campaignId, clickId: c.clickId, clickPassedOver: refusal };
  }
  if (sale.discount !== null) {
    const discount: SaleDiscount = {
      provider: sale.provider,
      code: sale.discount.code,
      providerDiscountId: sale.discount.providerDiscountId,
      appleOfferType: sale.discount.appleOfferType ?? null,
    };
    const found = attributeSale(
      sale.coupons.filter((c) => c.merchantId === sale.merchantId && c.mode === sale.mode),
      discount,
    );
    if (found) return { attributed: true, by: 'coupon', affiliateId: found.affiliateId, campaignId: found.campaignId, clickId: null, clickPassedOver: refusal };
  }
  const tried = [
    refusal ?? 'no click id on the checkout',
    'no customer linked to an affiliate',
    sale.discount === null
      ? 'no discount'
      : `no registered coupon for ${[sale.discount.providerDiscountId, sale.discount.code].filter((v) => v !== null).join(' / ')}${
          sale.discount.appleOfferType ? ` (Apple offer type ${sale.discount.appleOfferType})` : ''
        }`,
  ];
  return { attributed: false, reason: tried.join('; ') };
};
