import { attributeSale, normalizeCouponCode, type Attribution, type SaleDiscount } from '../../domain/index.js';
import type { CouponRepository } from '../ports/coupon-repository.js';
import type { Tenant } from '../shared/tenant.js';

/**
 * Attribution of a sale to a coupon, for the payment-provider ingestion: given the merchant and mode
 * the notification belongs to and the sale's discount (provider, code, provider discount id), the
 * coupon it was made with, hence its affiliate and campaign; null when no coupon that is not deleted
 * matches. The repository narrows the tenant's coupons by code (under the provider's case rule) and
 * provider id; the pure `attributeSale` decides (provider id before code, oldest first).
 *
 * It only finds the coupon: the caller creates the conversion through the usual checks (campaign
 * active, affiliate approved on it, earnings cap, ...).
 */
export class FindCouponForAttribution {
  constructor(private readonly coupons: CouponRepository) {}

  async findCouponForAttribution(tenant: Tenant, sale: SaleDiscount): Promise<Attribution | null> {
    const code = sale.code === null || sale.code.trim() === '' ? null : normalizeCouponCode(sale.provider, sale.code);
    const providerDiscountId = sale.providerDiscountId?.trim() ? sale.providerDiscountId.trim() : null;
    if (code === null && providerDiscountId === null) return null;
    const candidates = await this.coupons.attributionCandidates(tenant, sale.provider, { code, providerDiscountId });
    return attributeSale(candidates, sale);
  }
}
