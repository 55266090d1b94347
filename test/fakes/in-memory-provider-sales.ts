import type { ProviderCustomers, ProviderPayments } from '../../application/ports/provider-sales-ledger.js';
import type { Tenant } from '../../application/shared/tenant.js';
import type { ClickCandidate, Conversion, CouponProvider, LinkedCustomer } from '../../domain/index.js';

const keyOf = (tenant: Tenant, provider: CouponProvider, id: string) => `${tenant.merchantId}:${tenant.mode}:${provider}:${id}`;
/** A stored click's id is its row's uuid: a signed id or any other string names no row here. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Provider customers linked to an affiliate, as `provider_customers` keeps them (the first link
 * stays), and the stored clicks the attribution reads, each with its campaign's window.
 */
export class InMemoryProviderCustomers implements ProviderCustomers {
  private readonly linked = new Map<string, LinkedCustomer & { readonly email: string | null; readonly linkedAt: Date }>();
  private readonly clicks = new Map<string, ClickCandidate>();

  /** A click row the click endpoint wrote, with its campaign's attribution window. */
  recordClick(click: ClickCandidate): void {
    this.clicks.set(click.id, click);
  }

  async find(tenant: Tenant, provider: CouponProvider, providerCustomerId: string): Promise<LinkedCustomer | null> {
    const found = this.linked.get(keyOf(tenant, provider, providerCustomerId));
    return found ? { affiliateId: found.affiliateId, campaignId: found.campaignId, clickId: found.clickId, firstConversionId: found.firstConversionId } : null;
  }

  async link(tenant: Tenant, provider: CouponProvider, providerCustomerId: string, link: LinkedCustomer & { readonly email: string | null }, now: Date): Promise<boolean> {
    const key = keyOf(tenant, provider, providerCustomerId);
    if (this.linked.has(key)) return false;
    this.linked.set(key, { ...link, linkedAt: now });
    return true;
  }

  async setFirstConversion(tenant: Tenant, provider: CouponProvider, providerCustomerId: string, conversionId: string): Promise<void> {
    const key = keyOf(tenant, provider, providerCustomerId);
    const found = this.linked.get(key);
    if (found && found.firstConversionId === null) this.linked.set(key, { ...found, firstConversionId: conversionId });
  }

  async findClick(clickId: string): Promise<ClickCandidate | null> {
    if (!UUID.test(clickId)) return null;
    return this.clicks.get(clickId.toLowerCase()) ?? null;
  }
}

/**
 * The payment references a provider named each order with, as `provider_payment_refs` keeps them
 * (the first order a reference named stays), answered through the conversions store's orders.
 */
export class InMemoryProviderPayments implements ProviderPayments {
  private readonly orders = new Map<string, string>();

  constructor(private readonly conversions: { all(): readonly Conversion[] }) {}

  async remember(tenant: Tenant, provider: CouponProvider, references: readonly string[], orderId: string): Promise<void> {
    for (const reference of new Set([orderId, ...references])) {
      const key = keyOf(tenant, provider, reference);
      if (reference !== '' && !this.orders.has(key)) this.orders.set(key, orderId);
    }
  }

  async find(tenant: Tenant, provider: CouponProvider, references: readonly string[]): Promise<string | null> {
    for (const reference of references) {
      const orderId = this.orders.get(keyOf(tenant, provider, reference));
      if (orderId === undefined) continue;
      const sale = this.conversions.all().find((c) => c.merchantId === tenant.merchantId && c.mode === tenant.mode && c.orderId === orderId);
      if (sale) return sale.id;
    }
    return null;
  }
}
